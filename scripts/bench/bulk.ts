// A bulk send of 200 payload files (120 creations, 80 price updates) through the client against an in-process sandbox,
// as the extension's embedded one runs: planning (live reads), then sending, with the request history recording every
// exchange that changes something; then the history's own figures. Each figure the median of `runs` bulk sends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ExchangeRecord, MarketplaceClient } from '../../src/api/client';
import { getMe } from '../../src/api/users';
import { clientSender, runBulk } from '../../src/features/requests/bulk';
import { planFiles } from '../../src/features/requests/bulkPlan';
import { HistoryStore } from '../../src/features/requests/history';
import { startSandbox } from '../../src/sandbox/runtime';
import { newPhone } from '../../test/fixtures/newPhone';
import type { Report } from './report';

interface BulkRun {
  plan: number;
  total: number;
  succeeded: number;
  refused: number;
  historyTail: number;
  appends: number;
  firstList: number;
  againList: number;
}

async function bulkOnce(url: string, token: string, userId: number): Promise<BulkRun> {
  const seeded = (await (
    await fetch(`${url}/_sandbox/items/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 80 }),
    })
  ).json()) as { first: string };
  const first = Number(seeded.first.slice(3));
  let updated = 0;
  const files = Array.from({ length: 200 }, (_, n) => {
    if (n % 5 < 3) {
      const body = newPhone(`Celular Motorola Moto G85 Bench ${n}`);
      return { id: `${n}.item.json`, name: `phone-${n}.item.json`, text: JSON.stringify(body) };
    }
    const id = `MLA${first + updated++}`;
    return { id: `${id}.item.json`, name: `${id}.item.json`, text: JSON.stringify({ price: 10_000 + n }) };
  });
  // The request history records every exchange that changes something, as the extension does (a full history first).
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-history-'));
  try {
    const history = new HistoryStore(join(folder, 'sandbox.json'));
    const writes: Promise<unknown>[] = [];
    let recording = false;
    let sample: ExchangeRecord | undefined;
    const client = new MarketplaceClient({
      baseUrl: url,
      token: () => token,
      retryLimit: 0,
      onExchange: (exchange) => {
        if (!recording || exchange.method === 'GET') return;
        sample = exchange;
        writes.push(history.append(exchange));
      },
    });
    const sender = { client, userId, siteId: 'MLA' };
    const t0 = performance.now();
    const plan = await planFiles(sender, files);
    const planned = performance.now() - t0;
    recording = true;
    const report = await runBulk(plan.jobs, { send: clientSender(client) });
    const total = performance.now() - t0;
    const t1 = performance.now();
    await Promise.all(writes);
    const historyTail = performance.now() - t1;
    const t2 = performance.now();
    if (sample) {
      const exchange = sample;
      await Promise.all(Array.from({ length: 200 }, () => history.append(exchange)));
    }
    const appends = performance.now() - t2;
    // Another store on the same file (a new window): the first list parses the file, the next ones only stat it.
    const reader = new HistoryStore(history.filePath);
    const t3 = performance.now();
    await reader.list();
    const firstList = performance.now() - t3;
    const t4 = performance.now();
    await reader.list();
    const againList = performance.now() - t4;
    return {
      plan: planned,
      total,
      succeeded: report.succeeded.length,
      refused: plan.refused.length,
      historyTail,
      appends,
      firstList,
      againList,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function bulkAndHistory(report: Report, runs: number): Promise<void> {
  const sandbox = await startSandbox({ port: 0, clockStart: '2026-03-02T15:00:00Z' });
  try {
    const client = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    const me = await getMe(client);
    const results: BulkRun[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await bulkOnce(sandbox.url, sandbox.token, me.id));
    const pick = (key: keyof BulkRun) => results.map((run) => run[key]);
    const outcome = results.map((run) => `${run.succeeded} ok, ${run.refused} refused`);
    report.add('bulk send of 200 payload files: plan', pick('plan'), 'ms');
    report.add('bulk send of 200 payload files: plan + send', pick('total'), 'ms', {
      detail: [...new Set(outcome)].join('; '),
    });
    report.add('history still writing after the bulk send', pick('historyTail'), 'ms');
    report.add('history: 200 appends at once to a full history', pick('appends'), 'ms');
    report.add('history: list a full history, first time (parse)', pick('firstList'), 'ms');
    report.add('history: list it again (unchanged file)', pick('againList'), 'ms');
  } finally {
    await sandbox.close();
  }
}
