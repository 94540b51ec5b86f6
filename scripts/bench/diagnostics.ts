// Diagnostics of a generated item payload of about 10 KB and 1 MB (src/features/authoring/analysis.ts): parse, every
// item rule, ranges and quick fixes, with the category's sale terms cached from a sandbox (as the editor has them once
// signed in). Median of several runs after two warm-up runs.
import { performance } from 'node:perf_hooks';
import { MarketplaceClient } from '../../src/api/client';
import { getMe } from '../../src/api/users';
import { startSandbox } from '../../src/sandbox/runtime';
import type { Report } from './report';

/** An item creation payload of about `bytes` characters (pretty-printed), with one error to place and fix. */
function benchItemPayload(bytes: number): string {
  const attributes: unknown[] = [];
  const variations: unknown[] = [];
  const payload = {
    title: 'Microondas Atma 20 Litros Digital',
    category_id: 'MLA1577',
    price: 120000,
    currency_id: 'ARS',
    available_quantity: 3,
    condition: 'new',
    buying_mode: 'buy_it_now',
    listing_type_id: 'gold_special',
    pictures: Array.from({ length: 6 }, (_, index) => ({
      source: `https://example.com/pictures/microondas-${index}.jpg`,
    })),
    sale_terms: [
      { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor' },
      { id: 'WARRANTY_TIME', value_name: '6 meses' },
      { id: 'MANUFACTURING_TIME', value_name: '46 días' },
    ],
    shipping: { mode: 'me2', local_pick_up: false, free_shipping: true, dimensions: '30x45x35,12000' },
    attributes,
    variations,
  };
  // Stringifying after every attribute would take minutes for 1 MB: large payloads check their size less often.
  const every = bytes > 100_000 ? 200 : 1;
  for (let index = 0; index % every !== 0 || JSON.stringify(payload, null, 2).length < bytes; index += 1) {
    attributes.push({ id: `ATTRIBUTE_${index}`, name: `Atributo ${index}`, value_name: `Valor del atributo ${index}` });
    if (index % 4 === 0) {
      variations.push({
        price: 120000 + index,
        available_quantity: 1 + (index % 7),
        attribute_combinations: [
          { id: 'COLOR', value_name: `Color ${index}` },
          { id: 'SIZE', value_name: String(index % 50) },
        ],
        seller_custom_field: `SKU-${index}`,
      });
    }
  }
  return JSON.stringify(payload, null, 2);
}

export async function payloadDiagnostics(report: Report): Promise<void> {
  const { analyzePayload } = await import('../../src/features/authoring/analysis');
  const { LiveContext } = await import('../../src/features/authoring/liveContext');
  const sandbox = await startSandbox({ port: 0, clockStart: '2026-03-02T15:00:00Z' });
  try {
    const client = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    const me = await getMe(client);
    const session = {
      environment: 'sandbox' as const,
      baseUrl: sandbox.url,
      account: { environment: 'sandbox' as const, userId: me.id, nickname: me.nickname, siteId: me.site_id },
      client,
    };
    const live = new LiveContext({ current: session, onDidChange: () => ({ dispose() {} }) });
    for (const [label, bytes, runs] of [
      ['10 KB', 10_000, 31],
      ['1 MB', 1_000_000, 9],
    ] as const) {
      const text = benchItemPayload(bytes);
      let analysis = analyzePayload('bench.item.json', text, live.snapshot());
      await live.fetch(analysis.requests);
      const times: number[] = [];
      for (let run = 0; run < runs + 2; run += 1) {
        const started = performance.now();
        analysis = analyzePayload('bench.item.json', text, live.snapshot());
        if (run >= 2) times.push(performance.now() - started);
      }
      if (!analysis.diagnostics.some((entry) => entry.code === 'item.manufacturing_time.too_long')) {
        throw new Error(`the ${label} bench payload lost its finding`);
      }
      report.add(`diagnostics of a ${label} payload file`, times, 'ms', { note: `median of ${runs} runs` });
    }
    live.dispose();
  } finally {
    await sandbox.close();
  }
}
