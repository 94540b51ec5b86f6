import type { ExchangeRecord } from '../../../src/api/client';

/** An exchange as the client records it: `GET /items/MLA1` of api.example.com answered 200, unless `over` says else. */
export const exchangeRecord = (over: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
  method: 'GET',
  path: '/items/MLA1',
  baseUrl: 'https://api.example.com',
  requestBody: undefined,
  status: 200,
  durationMs: 12.4,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: { id: 'MLA1' },
  sizeBytes: 13,
  ...over,
});

/** A price update sent to a local sandbox and answered 200 (`path` tells the writes apart): what writers append. */
export const priceUpdateRecord = (path: string, price: number): ExchangeRecord =>
  exchangeRecord({
    method: 'PUT',
    path,
    baseUrl: 'http://127.0.0.1:8787',
    requestBody: { price },
    durationMs: 3,
    responseBody: { id: 'MLA1400000705', price },
    sizeBytes: 40,
  });
