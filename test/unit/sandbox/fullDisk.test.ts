// The sandbox store on a disk that refuses a write (full, read-only, failing), one step at a time: the requests of the
// refused group are answered 507 and change nothing, in memory or on disk; the next write works once the disk does.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ITEM } from '../../../src/sandbox/items/ids';
import { syntheticItemId } from '../../../src/sandbox/items/synthetic';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/runtime';
import type { SandboxState } from '../../../src/sandbox/state';
import { loadState } from '../../../src/sandbox/store';
import { BUYER_BASE_ID } from '../../../src/sandbox/users/ids';
import { failingDisk, type Refuse } from '../support/failingDisk';
import { callSandbox, type SandboxAnswer } from '../support/sandboxAnswer';
import { usedOven } from '../support/usedOven';

const ITEM_ID: string = ITEM.PHONE_NO_SALES;
const CLOCK = '2026-03-02T15:00:00.000Z';
const SNAPSHOT = 'sandbox-state.json';
const journal = (generation: number) => `sandbox-journal.${generation}.ndjson`;
const healthy: Refuse = () => undefined;

describe('sandbox store on a disk that refuses a write', () => {
  let dir: string;
  let plan: Refuse;
  let disk: ReturnType<typeof failingDisk>;
  let lines: string[];
  let running: RunningSandbox[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mi-full-disk-'));
    plan = healthy;
    disk = failingDisk((step, file, bytes) => plan(step, file, bytes));
    lines = [];
    running = [];
  });
  afterEach(async () => {
    for (const sandbox of running) await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
    const sandbox = await startSandbox({
      dataDir: dir,
      seed: 'full-disk',
      clockStart: CLOCK,
      storeFileSystem: disk,
      log: (line) => lines.push(line),
      ...options,
    });
    running.push(sandbox);
    return sandbox;
  }

  const priceOf = async (sandbox: RunningSandbox, id = ITEM_ID) =>
    (await callSandbox(sandbox, 'GET', `/items/${id}`)).body.price as number;

  async function setPrice(sandbox: RunningSandbox, price: number, id = ITEM_ID): Promise<SandboxAnswer> {
    return callSandbox(sandbox, 'PUT', `/items/${id}`, { price });
  }

  /** The data folder as a process killed now would find it: read from a copy, so the running store is untouched. */
  function storedNow(): SandboxState {
    const copy = mkdtempSync(join(tmpdir(), 'mi-full-disk-copy-'));
    try {
      cpSync(dir, copy, { recursive: true });
      const state = loadState(copy, () => {});
      assert.ok(state, 'the data folder holds a readable state');
      return state;
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }

  /** A 507 in the API's error shape that names the folder, the cause and what to do. */
  function assertRefused(answer: SandboxAnswer, cause: RegExp, remedy: RegExp): void {
    assert.equal(answer.status, 507, JSON.stringify(answer.body));
    assert.equal(answer.body.error, 'insufficient_storage');
    assert.equal(answer.body.status, 507);
    assert.deepEqual(answer.body.cause, []);
    const message = String(answer.body.message);
    assert.ok(message.includes(`could not save this change to its data folder ${dir}`), message);
    assert.match(message, cause);
    assert.match(message, /Nothing was changed\./);
    assert.match(message, remedy);
  }

  it('a journal write cut short by a full disk is answered 507, cut off the file, and the next write works', async () => {
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 111_000)).status, 200);
    const before = statSync(join(dir, journal(1))).size;
    plan = (step, file) => (step === 'write' && file === 'journal' ? { code: 'ENOSPC', written: 0.5 } : undefined);
    assertRefused(await setPrice(sandbox, 222_000), /the disk is full \(ENOSPC\)/, /Free some disk space/);
    assert.equal(disk.refused.get('write journal'), 1, 'half a line landed, then the disk was full');
    assert.equal(await priceOf(sandbox), 111_000, 'a read after the refusal sees what is stored');
    assert.equal(statSync(join(dir, journal(1))).size, before, 'the half line is cut off the journal');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 111_000);

    plan = healthy;
    assert.equal((await setPrice(sandbox, 333_000)).status, 200, 'space is back: the next write works');
    const text = readFileSync(join(dir, journal(1)), 'utf8');
    assert.ok(
      text.split('\n').every((line) => line === '' || JSON.parse(line)),
      'every journal line is whole',
    );
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 333_000);
    assert.match(
      lines.join('\n'),
      /Could not save to .* \(ENOSPC.*\): the changes since the last stored write are undone/,
    );
  });

  it('a line written whole but not flushed (fdatasync refused) is taken back: a restart never sees it', async () => {
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 111_000)).status, 200);
    const before = statSync(join(dir, journal(1))).size;
    plan = (step, file) => (step === 'datasync' && file === 'journal' ? { code: 'EIO' } : undefined);
    assertRefused(await setPrice(sandbox, 222_000), /input\/output error \(EIO\)/, /Check the disk/);
    assert.equal(statSync(join(dir, journal(1))).size, before, 'the unflushed line is cut off');
    assert.equal(await priceOf(sandbox), 111_000);
    plan = healthy;
    await sandbox.close();
    running = [];
    const restarted = await start();
    assert.equal(await priceOf(restarted), 111_000, 'after a restart the refused change is absent');
    assert.equal((await setPrice(restarted, 333_000)).status, 200);
  });

  it('requests that changed the state while a refused group was written are refused with it, the counter too', async () => {
    const sandbox = await start();
    const create = (title: string) => callSandbox(sandbox, 'POST', '/items', usedOven(title));
    const first = await create('Horno Electrico Usado Primero');
    assert.equal(first.status, 201, JSON.stringify(first.body));
    // One refusal only, from a slow disk: it comes once the other creations have been made (their ids are taken, a
    // read sees them), so they wait for the next group, which is built on this one.
    const number = (id: unknown) => Number(String(id).replace(/^MLA/, ''));
    const titles = Array.from({ length: 12 }, (_, index) => `Horno Electrico Usado Rechazado ${index}`);
    const last = `MLA${number(first.body.id) + titles.length}`;
    const allMade = async () => {
      for (let tries = 0; tries < 500; tries++) {
        if ((await callSandbox(sandbox, 'GET', `/items/${last}`)).status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.fail('the creations were never made');
    };
    let refusals = 0;
    plan = (step, file) =>
      step === 'write' && file === 'journal' && refusals++ === 0 ? { code: 'ENOSPC', until: allMade() } : undefined;
    const answers = await Promise.all(titles.map((title) => create(title)));
    assert.equal(refusals, 1, 'the disk refused one write');
    assert.deepEqual(
      answers.map((answer) => answer.status),
      titles.map(() => 507),
      'every creation made on the undone state is refused',
    );
    const stored = Object.values(storedNow().items.items).map((item) => item.title);
    assert.ok(titles.every((title) => !stored.includes(title)));
    const next = await create('Horno Electrico Usado Segundo');
    assert.equal(next.status, 201);
    assert.equal(number(next.body.id), number(first.body.id) + 1, 'the item counter was put back: no id was used up');
  });

  it('a reset whose snapshot the disk refuses changes nothing and leaves no file behind', async () => {
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 444_000)).status, 200);
    plan = (step, file) => (step === 'write' && file === 'snapshot' ? { code: 'EDQUOT', written: 0.3 } : undefined);
    assertRefused(
      await callSandbox(sandbox, 'POST', '/_sandbox/reset'),
      /quota is used up \(EDQUOT\)/,
      /within the quota/,
    );
    assert.equal(await priceOf(sandbox), 444_000, 'the state is the one before the reset');
    assert.deepEqual(readdirSync(dir).sort(), [journal(1), SNAPSHOT], 'no temporary, no journal of a next generation');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 444_000);
    plan = healthy;
    assert.equal((await callSandbox(sandbox, 'POST', '/_sandbox/reset')).status, 200);
    assert.notEqual(await priceOf(sandbox), 444_000);
    assert.deepEqual(readdirSync(dir).sort(), [journal(2), SNAPSHOT]);
  });

  it('a compaction the disk refuses keeps the old snapshot and journal; the group is appended instead', async () => {
    const sandbox = await start({ compactJournalAtBytes: 1 });
    plan = (step, file) => (step === 'rename' && file === 'snapshot' ? { code: 'ENOSPC' } : undefined);
    assert.equal((await setPrice(sandbox, 555_000)).status, 200, 'the first write only journals');
    assert.equal((await setPrice(sandbox, 556_000)).status, 200, 'a refused fold is no refused write');
    assert.ok((disk.refused.get('rename snapshot') ?? 0) >= 1);
    assert.deepEqual(readdirSync(dir).sort(), [journal(1), SNAPSHOT], 'the old generation stands, nothing left over');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 556_000);
    assert.match(lines.join('\n'), /Could not fold the journal into a new snapshot/);
    plan = healthy;
    assert.equal((await setPrice(sandbox, 557_000)).status, 200);
    assert.deepEqual(readdirSync(dir).sort(), [journal(2), SNAPSHOT], 'the fold is done once the disk has room');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 557_000);
  });

  it('a journal that cannot be cut back is never appended to again: the next write starts a new generation', async () => {
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 111_000)).status, 200);
    plan = (step, file) =>
      (step === 'datasync' || step === 'truncate') && file === 'journal' ? { code: 'EIO' } : undefined;
    assertRefused(await setPrice(sandbox, 222_000), /EIO/, /Check the disk/);
    assert.equal(await priceOf(sandbox), 111_000, 'the state is read back up to the last flushed line');
    assert.match(lines.join('\n'), /Could not cut the journal back/);
    plan = healthy;
    assert.equal((await setPrice(sandbox, 333_000)).status, 200);
    assert.deepEqual(readdirSync(dir).sort(), [journal(2), SNAPSHOT], 'the suspect journal is gone');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 333_000);
  });

  it('when what is stored cannot be read back either, the state in memory stays and is written whole next time', async () => {
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 111_000)).status, 200);
    plan = (step, file) =>
      (step === 'write' && file === 'journal') || (step === 'read' && file === 'snapshot')
        ? { code: 'EIO' }
        : undefined;
    const answer = await setPrice(sandbox, 222_000);
    assert.equal(answer.status, 507);
    assert.match(String(answer.body.message), /could not read back what is stored either/);
    const refused = [...disk.refused.values()].reduce((sum, count) => sum + count, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      [...disk.refused.values()].reduce((sum, count) => sum + count, 0),
      refused,
      'a snapshot is due, yet nothing retries while nothing changes: no loop on a failing disk',
    );
    plan = healthy;
    assert.equal((await setPrice(sandbox, 333_000)).status, 200);
    assert.deepEqual(readdirSync(dir).sort(), [journal(2), SNAPSHOT], 'written whole, as a new snapshot');
    assert.equal(storedNow().items.items[ITEM_ID]?.price, 333_000);
  });

  it('a refused clock advance moves nothing; time-based transitions run as usual once the disk has room', async () => {
    const sandbox = await start();
    const reserved = await callSandbox(sandbox, 'POST', '/_sandbox/orders', {
      item_id: ITEM.CAR_NEW_PREMIUM,
      buyer_id: BUYER_BASE_ID + 1,
    });
    assert.equal(reserved.status, 201, JSON.stringify(reserved.body));
    const id = (reserved.body.order as { id: number }).id;
    assert.equal((await callSandbox(sandbox, 'POST', `/_sandbox/orders/${id}/pay`, {})).status, 200);
    const clock = (await callSandbox(sandbox, 'GET', '/_sandbox')).body.clock_offset_ms;
    const status = async () => (await callSandbox(sandbox, 'GET', `/orders/${id}`)).body.status;
    const paid = await status();
    plan = (step) => (step === 'write' ? { code: 'ENOSPC' } : undefined);
    assertRefused(await callSandbox(sandbox, 'POST', '/_sandbox/clock/advance', { days: 31 }), /ENOSPC/, /Free/);
    assert.equal(
      (await callSandbox(sandbox, 'GET', '/_sandbox')).body.clock_offset_ms,
      clock,
      'the clock did not move',
    );
    assert.equal(await status(), paid, 'nothing expired');
    plan = healthy;
    assert.equal((await callSandbox(sandbox, 'POST', '/_sandbox/clock/advance', { days: 31 })).status, 200);
    assert.equal(await status(), 'cancelled', 'the paid order expired as the clock says');
    assert.equal(storedNow().meta.clockOffsetMs, (await callSandbox(sandbox, 'GET', '/_sandbox')).body.clock_offset_ms);
  });

  it('at scale, a refused change to a generated listing stores no overlay and serves the generated one', async () => {
    const sandbox = await start({ scale: 50 });
    const id = syntheticItemId(7);
    const generated = await priceOf(sandbox, id);
    plan = (step, file) => (step === 'write' && file === 'journal' ? { code: 'ENOSPC' } : undefined);
    assertRefused(await setPrice(sandbox, generated + 1, id), /ENOSPC/, /Free/);
    assert.equal(await priceOf(sandbox, id), generated);
    assert.equal(storedNow().items.items[id], undefined, 'no overlay is stored');
    plan = healthy;
    assert.equal((await setPrice(sandbox, generated + 2, id)).status, 200);
    assert.equal(storedNow().items.items[id]?.price, generated + 2);
  });

  it('a refused change notifies nobody; the next stored one is delivered', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(String((JSON.parse(body) as { topic: string }).topic));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notifications`;
      const sandbox = await start({ callbackUrl });
      plan = (step, file) => (step === 'write' && file === 'journal' ? { code: 'ENOSPC' } : undefined);
      assertRefused(await setPrice(sandbox, 222_000), /ENOSPC/, /Free/);
      await sandbox.settle();
      assert.deepEqual(received, [], 'nothing was sent for the refused change');
      const records = (await callSandbox(sandbox, 'GET', '/_sandbox/notifications')).body.records as unknown[];
      assert.deepEqual(records, [], 'and nothing is kept as a missed feed');
      plan = healthy;
      assert.equal((await setPrice(sandbox, 333_000)).status, 200);
      await sandbox.settle();
      assert.ok(received.length > 0, 'the stored change was delivered');
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('a first snapshot the disk refuses stops the start with what to do, and leaves nothing behind', async () => {
    plan = (step, file) => (step === 'write' && file === 'snapshot' ? { code: 'ENOSPC', written: 0.5 } : undefined);
    await assert.rejects(
      start(),
      (failure: Error) =>
        failure.message.includes(`could not write its state to its data folder ${dir}`) &&
        /disk is full \(ENOSPC\)\. Free some disk space, then start it again\./.test(failure.message),
    );
    assert.deepEqual(readdirSync(dir), [], 'no temporary file keeps the space');
    plan = healthy;
    const sandbox = await start();
    assert.equal((await setPrice(sandbox, 111_000)).status, 200);
  });
});
