// The placement matrix: every secret, in every place it can sit, through every surface that shows or stores an
// exchange. A secret's value (or its URL-encoded form, or its part after a known prefix) must appear in none.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ExchangeRecord, MarketplaceClient } from '../../../src/api/client';
import { ApiError, errorFromAnswer } from '../../../src/api/errors';
import { historyEntry } from '../../../src/features/requests/history';
import { toResponseModel } from '../../../src/features/responses/responseModel';
import { OutputLines } from '../../../src/platform/outputLines';
import { toCurl } from '../../../src/text/curl';
import { type Exposure, forbiddenForms, hasKnownPrefix, PLACEMENTS, SECRETS } from './secretPlacements';

const BASE_URL = 'https://api.example.com';
const WHEN = new Date('2026-03-02T15:00:00Z');

/** A surface: what of an exposure it carries, and everything it produced from it as text. */
interface Surface {
  name: string;
  /** The parts of an exposure the surface is given. */
  reads: (keyof Exposure)[];
  /** Whether the surface is told the current token (the client, its errors and the output channel are). */
  knowsToken: boolean;
  show(exposure: Exposure, secret: string): string | Promise<string>;
}

const record = (exposure: Exposure, status = 200): ExchangeRecord => ({
  method: 'POST',
  path: exposure.path ?? '/items/MLA1',
  baseUrl: exposure.baseUrl ?? BASE_URL,
  requestBody: exposure.requestBody,
  status,
  durationMs: 5,
  responseHeaders: { 'content-type': 'application/json', ...exposure.responseHeaders },
  responseBody: exposure.responseBody,
  sizeBytes: 10,
});

/** An error answer's body that carries the exposure's answer and its text in the message and a cause. */
function errorBody(exposure: Exposure): Record<string, unknown> {
  const answer = exposure.responseBody;
  return {
    ...(answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : { detail: answer }),
    message: exposure.text ?? 'refused',
    error: 'bad_request',
    status: 400,
    cause: [{ code: 'item.invalid', message: exposure.text ?? 'refused', references: [exposure.text ?? ''] }],
  };
}

function errorText(error: ApiError): string {
  const { message, apiMessage, path, causes, errors, body, apiCode } = error;
  return JSON.stringify([String(error), message, apiMessage, path, causes, errors, body, apiCode, error.error]);
}

/** A loopback server answering what the current case asks (headers and body), to run the client for real. */
class EchoServer {
  answer: { status: number; headers: Record<string, string>; body: unknown } = { status: 200, headers: {}, body: {} };
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const { status, headers, body } = this.answer;
        response.writeHead(status, { ...headers, 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const echo = new EchoServer();

/** The exchange records and errors of the client calls an exposure makes (an answer of 200, then of 400). */
async function clientShows(exposure: Exposure, secret: string): Promise<string> {
  const seen: unknown[] = [];
  const client = new MarketplaceClient({
    baseUrl: echo.url,
    token: () => (exposure.known ? secret : 'SBX-0000000000000000000000000000000000000000'),
    retryLimit: 0,
    onExchange: (exchange) => seen.push(exchange),
  });
  const path = (exposure.path ?? '/items/MLA1').split('#')[0]!;
  const body = exposure.form
    ? { form: exposure.form }
    : typeof exposure.requestBody === 'string'
      ? { form: Object.fromEntries(new URLSearchParams(exposure.requestBody)) }
      : { json: exposure.requestBody };
  for (const status of [200, 400]) {
    echo.answer = {
      status,
      headers: exposure.responseHeaders ?? {},
      body: status === 200 ? exposure.responseBody : errorBody(exposure),
    };
    try {
      await client.post(path, body);
    } catch (failure) {
      assert.ok(failure instanceof ApiError, String(failure));
      seen.push(errorText(failure));
    }
  }
  assert.equal(seen.length, 3, 'two exchanges and one error');
  return JSON.stringify(seen);
}

const SURFACES: Surface[] = [
  {
    name: 'history entry',
    reads: ['baseUrl', 'path', 'requestBody', 'responseHeaders', 'responseBody'],
    knowsToken: false,
    show: (exposure) => JSON.stringify(historyEntry(record(exposure), { now: () => WHEN })),
  },
  {
    name: 'Copy as curl',
    reads: ['baseUrl', 'path', 'requestHeaders', 'requestBody'],
    knowsToken: false,
    show: (exposure) =>
      toCurl({
        method: 'POST',
        baseUrl: exposure.baseUrl ?? BASE_URL,
        path: exposure.path ?? '/items/MLA1',
        headers: exposure.requestHeaders,
        body: exposure.requestBody,
      }),
  },
  {
    name: 'ApiError',
    reads: ['path', 'responseBody', 'text'],
    knowsToken: true,
    show: (exposure, secret) => {
      const token = exposure.known ? secret : undefined;
      const path = exposure.path ?? '/items/MLA1';
      const answered = errorFromAnswer('POST', path, 400, errorBody(exposure), null, token);
      const failed = new ApiError({ kind: 'network', method: 'GET', path, message: exposure.text ?? '', token });
      return errorText(answered) + errorText(failed);
    },
  },
  {
    name: 'output channel line',
    reads: ['text'],
    knowsToken: true,
    show: (exposure, secret) => {
      const lines = new OutputLines();
      if (exposure.known) lines.forget(secret);
      return lines.clean(exposure.text ?? '');
    },
  },
  {
    name: 'response model',
    reads: ['baseUrl', 'path', 'requestBody', 'responseHeaders', 'responseBody'],
    knowsToken: false,
    show: (exposure) => {
      const answered = errorFromAnswer(
        'POST',
        exposure.path ?? '/items/MLA1',
        400,
        errorBody(exposure),
        null,
        undefined,
      );
      return JSON.stringify([
        toResponseModel(record(exposure), { when: WHEN }),
        toResponseModel(record(exposure, 400), { when: WHEN }),
        toResponseModel(answered, { when: WHEN, record: record(exposure, 400) }),
      ]);
    },
  },
  {
    name: 'client exchange record',
    reads: ['path', 'requestBody', 'form', 'responseHeaders', 'responseBody'],
    knowsToken: true,
    show: clientShows,
  },
];

interface Cell {
  placement: string;
  surface: string;
  leaks: string[];
}

describe('fuzz: secret placements through every scrubber', () => {
  before(() => echo.start());
  after(() => echo.close());

  it('no secret, in any place it can sit, reaches history, curl, errors, output, responses or exchange records', async function () {
    this.timeout(120_000);
    const cells: Cell[] = [];
    let checked = 0;
    for (const placement of PLACEMENTS) {
      for (const surface of SURFACES) {
        const cell: Cell = { placement: placement.name, surface: surface.name, leaks: [] };
        for (const secret of SECRETS) {
          if (placement.onlyPrefixed && !hasKnownPrefix(secret)) continue;
          const exposure = placement.exposure(secret.value);
          if (exposure.known && !surface.knowsToken) continue;
          if (!surface.reads.some((part) => exposure[part] !== undefined)) continue;
          checked++;
          const shown = await surface.show(exposure, secret.value);
          if (forbiddenForms(secret.value, placement).some((form) => shown.includes(form)))
            cell.leaks.push(secret.kind);
        }
        if (cell.leaks.length || surface.reads.some((part) => placement.exposure('x')[part] !== undefined))
          cells.push(cell);
      }
    }
    const leaking = cells.filter((cell) => cell.leaks.length);
    const report = leaking.map((cell) => `${cell.placement} → ${cell.surface}: ${cell.leaks.join(', ')}`);
    console.log(
      `      ${cells.length} placements × surfaces (${checked} secret cases): ${leaking.length} leak, ` +
        `${leaking.reduce((sum, cell) => sum + cell.leaks.length, 0)} secret cases`,
    );
    assert.ok(cells.length > 100 && checked > 600, `the matrix is whole: ${cells.length} cells, ${checked} cases`);
    assert.deepEqual(report, []);
  });
});
