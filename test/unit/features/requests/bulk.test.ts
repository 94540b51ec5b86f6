import assert from 'node:assert/strict';
import { searchSellerItems } from '../../../../src/api/items';
import {
  type BulkJob,
  type BulkReport,
  type BulkSend,
  bulkOutcomeLine,
  clientSender,
  jobsToRetry,
  runBulk,
} from '../../../../src/features/requests/bulk';
import { creationTitle, type ItemCreate } from '../../../../src/model/item';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { newPhone } from '../../../fixtures/newPhone';
import { useSandbox } from '../../support/sandbox';

const creation = (n: number): BulkJob => {
  const title = `Celular Motorola Moto G85 Lote Bulk ${n}`;
  return { id: `new/phone-${n}.item.json`, method: 'POST', path: '/items', body: newPhone(title), creation: true };
};
const titleOf = (job: BulkJob) => creationTitle(job.body as ItemCreate);

interface AdminItem {
  id: string;
  title: string;
  price?: number;
  available_quantity: number;
  status: string;
}

interface Fault {
  method?: string;
  path: string;
  hits: number;
  status?: number;
}

describe('runBulk against the sandbox', function () {
  this.timeout(30_000);
  const h = useSandbox();
  const send = (): BulkSend => clientSender(h.clientWith({ retryLimit: 0 }));
  const sellerTotal = async () => (await searchSellerItems(h.client, SELLER_ID, { limit: 1 })).paging.total;
  const sellerItems = () => h.admin<AdminItem[]>('GET', `/_sandbox/items?seller_id=${SELLER_ID}`);
  const countByTitle = (items: AdminItem[], title: string) => items.filter((item) => item.title === title).length;
  const total = (report: BulkReport) =>
    report.succeeded.length + report.failed.length + report.unconfirmed.length + report.notSent.length;

  it('sends 200 jobs through 429s and a 500: an exact report and no duplicate creation', async () => {
    const seeded = await h.admin<{ first: string }>('POST', '/_sandbox/items/bulk', { count: 80 });
    const firstNumber = Number(seeded.first.slice(3));
    const jobs: BulkJob[] = [];
    let updated = 0;
    for (let n = 0; n < 200; n++) {
      if (n % 5 < 3) {
        jobs.push(creation(n));
      } else {
        const id = `MLA${firstNumber + updated++}`;
        const body = n % 5 === 3 ? { available_quantity: 100 + n } : { price: 10_000 + n };
        jobs.push({ id: `updates.csv:${n + 2}`, method: 'PUT', path: `/items/${id}`, body, creation: false });
      }
    }
    const updates = jobs.filter((job) => !job.creation);
    assert.equal(new Set(updates.map((job) => job.path)).size, 80, 'each seeded item is updated once');
    const before = await sellerTotal();
    await h.admin('POST', '/_sandbox/faults', {
      method: 'POST',
      path: '/items',
      status: 429,
      retry_after: 1,
      times: 3,
    });
    await h.admin('POST', '/_sandbox/faults', {
      method: 'PUT',
      path: '/items/*',
      status: 429,
      retry_after: 1,
      times: 3,
    });
    await h.admin('POST', '/_sandbox/faults', { method: 'POST', path: '/items', status: 500, times: 1 });

    const progress: number[] = [];
    const retries: number[] = [];
    const started = Date.now();
    const report = await runBulk(jobs, {
      send: send(),
      concurrency: 4,
      onProgress: (event) => progress.push(event.done),
      onRetry: (notice) => retries.push(notice.waitMs),
    });
    const elapsed = Date.now() - started;

    assert.equal(report.total, 200);
    assert.equal(total(report), 200);
    assert.equal(report.succeeded.length, 199);
    assert.equal(report.failed.length, 1);
    assert.equal(report.unconfirmed.length, 0);
    assert.equal(report.notSent.length, 0);
    assert.equal(report.cancelled, false);
    const [failed] = report.failed;
    assert.ok(failed?.job.creation, 'the 500 hit a creation');
    assert.equal(failed.status, 500);
    assert.equal(failed.error, 'internal_error');
    assert.match(failed.message, /Internal server error/);
    // Its earlier attempts (if any) were refused with 429; the 500 ended it (the request count below shows no resend).
    assert.ok(failed.attempts >= 1 && failed.attempts <= 4);
    // 6 refused attempts were sent again, each after Retry-After (1 s).
    assert.equal(report.requests, 206);
    assert.equal(
      [...report.succeeded, ...report.failed].reduce((sum, entry) => sum + entry.attempts, 0),
      206,
    );
    assert.deepEqual(retries, new Array(6).fill(1000));
    assert.deepEqual(
      progress,
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const faults = await h.admin<Fault[]>('GET', '/_sandbox/faults');
    assert.deepEqual(
      faults.map((fault) => fault.hits),
      [3, 3, 1],
    );

    const after = await sellerTotal();
    assert.equal(after, before + 119, 'one listing per successful creation, none for the failed one');
    const items = await sellerItems();
    for (const entry of report.succeeded.filter((e) => e.job.creation)) {
      assert.equal(countByTitle(items, titleOf(entry.job)), 1, titleOf(entry.job));
      const created = entry.result as { id: string; title: string };
      assert.equal(created.title, titleOf(entry.job));
    }
    assert.equal(countByTitle(items, titleOf(failed.job)), 0);
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const entry of report.succeeded.filter((e) => !e.job.creation)) {
      const item = byId.get(entry.job.path.slice('/items/'.length))!;
      const body = entry.job.body as { available_quantity?: number; price?: number };
      if (body.available_quantity !== undefined) assert.equal(item.available_quantity, body.available_quantity);
      if (body.price !== undefined) {
        const full = await h.admin<{ price: number }>('GET', `/_sandbox/items/${item.id}`);
        assert.equal(full.price, body.price);
      }
    }
    assert.deepEqual(jobsToRetry(report), [failed.job]);
    const markdown = report.toMarkdown();
    assert.match(markdown, /200 requests: 199 succeeded, 1 failed, 0 not confirmed, 0 not sent/);
    assert.match(markdown, /## Failed \(1\)/);
    assert.ok(markdown.includes(failed.job.id));
    assert.match(report.toText(), /^FAILED new\/phone-\d+\.item\.json \(POST \/items\): 500 internal_error/m);
    assert.ok(elapsed < 15_000, `took ${elapsed} ms`);
  });

  it('marks a creation whose answer was cut off as unconfirmed and never resends it', async () => {
    await h.admin('POST', '/_sandbox/faults', { method: 'POST', path: '/items', truncate: true, times: 1 });
    const jobs = [creation(1), creation(2), creation(3)];
    let sent = 0;
    const real = send();
    const report = await runBulk(jobs, {
      concurrency: 1,
      send: (job, signal) => {
        sent++;
        return real(job, signal);
      },
    });
    assert.equal(sent, 3);
    assert.deepEqual(
      report.unconfirmed.map((entry) => [entry.job.id, entry.attempts]),
      [[jobs[0]!.id, 1]],
    );
    assert.match(report.unconfirmed[0]!.message, /not confirmed: check the seller.s listings before retrying/);
    assert.deepEqual(
      report.succeeded.map((entry) => entry.job.id),
      [jobs[1]!.id, jobs[2]!.id],
    );
    const items = await sellerItems();
    for (const job of jobs) assert.equal(countByTitle(items, titleOf(job)), 1, 'the sandbox acted once on each');
    assert.deepEqual(jobsToRetry(report), []);
    assert.deepEqual(jobsToRetry(report, true), [jobs[0]]);
    assert.match(report.toMarkdown(), /## Not confirmed \(1\)/);
  });

  it('on cancellation lets in-flight requests finish and reports the rest as not sent', async () => {
    await h.admin('POST', '/_sandbox/faults', { method: 'POST', path: '/items', latency_ms: 20 });
    const jobs = Array.from({ length: 40 }, (_, n) => creation(n));
    const controller = new AbortController();
    const real = send();
    const report = await runBulk(jobs, {
      concurrency: 2,
      signal: controller.signal,
      // In-flight requests are not aborted by this sender: they finish.
      send: (job) => real(job, undefined),
      onProgress: (event) => {
        if (event.done === 10) controller.abort();
      },
    });
    assert.equal(report.cancelled, true);
    assert.equal(total(report), 40);
    assert.equal(report.failed.length, 0);
    assert.equal(report.unconfirmed.length, 0);
    assert.ok(report.succeeded.length >= 10 && report.succeeded.length <= 11, `${report.succeeded.length}`);
    assert.equal(report.notSent.length, 40 - report.succeeded.length);
    assert.ok(
      report.notSent.every((entry) => entry.attempts === 0 && /cancelled before it was sent/.test(entry.reason)),
    );
    const items = await sellerItems();
    for (const entry of report.succeeded) assert.equal(countByTitle(items, titleOf(entry.job)), 1);
    for (const entry of report.notSent) assert.equal(countByTitle(items, titleOf(entry.job)), 0);
    assert.match(report.toText(), /^40 requests \(cancelled\)/);
  });

  it('a creation aborted in flight is unconfirmed (the sandbox may still create it), the rest not sent', async () => {
    await h.admin('POST', '/_sandbox/faults', { method: 'POST', path: '/items', latency_ms: 300, times: 1 });
    const jobs = [creation(1), creation(2), creation(3)];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const report = await runBulk(jobs, { concurrency: 1, signal: controller.signal, send: send() });
    assert.deepEqual(
      report.unconfirmed.map((entry) => entry.job.id),
      [jobs[0]!.id],
    );
    assert.match(report.unconfirmed[0]!.message, /cancelled while in flight/);
    assert.deepEqual(
      report.notSent.map((entry) => entry.job.id),
      [jobs[1]!.id, jobs[2]!.id],
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const items = await sellerItems();
    assert.equal(countByTitle(items, titleOf(jobs[0]!)), 1, 'the server acted although the client gave up');
    assert.equal(countByTitle(items, titleOf(jobs[1]!)), 0);
  });

  it('retries a PUT on 500, fails a refused creation with the API causes, and waits out refusals', async () => {
    const seeded = await h.admin<{ first: string }>('POST', '/_sandbox/items/bulk', { count: 1 });
    await h.admin('POST', '/_sandbox/faults', { method: 'PUT', path: '/items/*', status: 500, times: 2 });
    await h.admin('POST', '/_sandbox/faults', { method: 'POST', path: '/items', status: 503, times: 1 });
    const bad: BulkJob = { ...creation(9), body: { ...newPhone('Celular Barato'), price: 0 } };
    const put: BulkJob = {
      id: 'u.csv:2',
      method: 'PUT',
      path: `/items/${seeded.first}`,
      body: { price: 777 },
      creation: false,
    };
    const refusedOnce = creation(10);
    const report = await runBulk([put, bad, refusedOnce], {
      concurrency: 1,
      send: send(),
      backoffMs: 10,
    });
    assert.deepEqual(
      report.succeeded.map((entry) => [entry.job.id, entry.attempts]),
      [
        [put.id, 3],
        [refusedOnce.id, 1],
      ],
    );
    assert.equal(report.failed.length, 1);
    const [failure] = report.failed;
    assert.equal(failure!.status, 400);
    assert.equal(failure!.error, 'validation_error');
    assert.ok(failure!.causes.some((cause) => cause.code === 'item.price.invalid'));
    assert.match(report.toText(), /item\.price\.invalid/);
    // The 503 (no Retry-After) was met by `bad`, which the API refused without acting: it was sent again.
    assert.equal(failure!.attempts, 2);
  });
});

describe('the bulk send’s closing notification', () => {
  it('a bulk send’s outcome line groups its counts', () => {
    const many = <T>(count: number, entry: T): T[] => Array.from({ length: count }, () => entry);
    const job: BulkJob = { id: 'x', method: 'PUT', path: '/items/MLA1', body: {}, creation: false };
    const line = bulkOutcomeLine({
      total: 2_500,
      succeeded: many(2_100, { job, status: 200, attempts: 1, result: undefined }),
      failed: [],
      unconfirmed: [],
      notSent: many(400, { job, reason: 'r', attempts: 0 }),
      cancelled: false,
    });
    assert.equal(line, '2,100 of 2,500 succeeded, 0 failed, 0 not confirmed, 400 not sent.');
  });
});
