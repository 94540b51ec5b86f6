import assert from 'node:assert/strict';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ITEM } from '../../../src/sandbox/items/ids';
import { seedState, startSandbox } from '../../../src/sandbox/runtime';
import type { SandboxState } from '../../../src/sandbox/state';
import { loadState, loadStore, saveState } from '../../../src/sandbox/store';
import { groupLine } from '../../../src/sandbox/store/journal';

const ITEM_ID = ITEM.PHONE_NO_SALES;
const CLOCK = '2026-03-02T15:00:00.000Z';
const SNAPSHOT = 'sandbox-state.json';
const journal = (generation: number) => `sandbox-journal.${generation}.ndjson`;

type Running = Awaited<ReturnType<typeof startSandbox>>;

function call(sandbox: Running, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(sandbox.url + path, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function setPrice(sandbox: Running, price: number): Promise<void> {
  const answer = await call(sandbox, 'PUT', `/items/${ITEM_ID}`, { price });
  assert.equal(answer.status, 200, await answer.text());
}

/** The journal's lines as parsed groups. */
function groups(dir: string, generation: number): { changes: { path: string[]; value?: unknown }[] }[] {
  const text = readFileSync(join(dir, journal(generation)), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const generationOf = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, SNAPSHOT), 'utf8')) as SandboxState).meta.generation;
const journals = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('sandbox-journal.'));

describe('sandbox journal: snapshot, journal and group commit', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mi-journal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an acknowledged change is in the journal as the unit it changed, and a load replays it', async () => {
    const sandbox = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK });
    try {
      const generation = generationOf(dir);
      assert.equal(generation, 1, 'a fresh seed is the snapshot of generation 1');
      await setPrice(sandbox, 123_456);
      const changes = groups(dir, 1).flatMap((group) => group.changes);
      const item = changes.find((change) => change.path.join('/') === `items/items/${ITEM_ID}`);
      assert.ok(item, 'the item is journaled whole, as its unit');
      assert.equal((item.value as { price: number }).price, 123_456);
      assert.ok(
        changes.every((change) => change.path.length <= 3),
        'units are cut at slice, collection and record',
      );
      // Without a close (as after a kill): the snapshot plus the journal hold the acknowledged change.
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 123_456);
    } finally {
      await sandbox.close();
    }
  });

  it('requests that finish while a flush is under way share the next one: fewer lines than writes', async () => {
    const sandbox = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK });
    try {
      const prices = Array.from({ length: 60 }, (_, index) => 200_000 + index);
      await Promise.all(prices.map((price) => setPrice(sandbox, price)));
      const lines = groups(dir, 1).length;
      assert.ok(lines < prices.length, `${prices.length} acknowledged writes took ${lines} journal lines`);
      const served = (await (await call(sandbox, 'GET', `/items/${ITEM_ID}`)).json()) as { price: number };
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, served.price);
    } finally {
      await sandbox.close();
    }
  });

  it('close() folds the journal into a snapshot of the next generation, and the next start reads it', async () => {
    const first = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK });
    await setPrice(first, 321_000);
    await first.close();
    assert.equal(generationOf(dir), 2);
    assert.deepEqual(journals(dir), [journal(2)]);
    assert.equal(statSync(join(dir, journal(2))).size, 0, 'the new journal starts empty');
    const stored = JSON.parse(readFileSync(join(dir, SNAPSHOT), 'utf8')) as SandboxState;
    assert.equal(stored.items.items[ITEM_ID]?.price, 321_000);

    const lines: string[] = [];
    const second = await startSandbox({ dataDir: dir, log: (line) => lines.push(line) });
    try {
      assert.deepEqual(lines, []);
      const item = (await (await call(second, 'GET', `/items/${ITEM_ID}`)).json()) as { price: number };
      assert.equal(item.price, 321_000);
    } finally {
      await second.close();
    }
  });

  it('past the compaction size a new snapshot replaces the journal, with nothing lost', async () => {
    const sandbox = await startSandbox({
      dataDir: dir,
      seed: 'journal',
      clockStart: CLOCK,
      compactJournalAtBytes: 20_000,
    });
    try {
      for (let index = 0; index < 40; index++) await setPrice(sandbox, 400_000 + index);
      const generation = generationOf(dir) ?? 0;
      assert.ok(generation > 2, `compactions ran: generation ${generation}`);
      assert.deepEqual(journals(dir), [journal(generation)], 'only the journal of the snapshot is left');
      assert.ok(statSync(join(dir, journal(generation))).size < 20_000 + 10_000);
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 400_039);
    } finally {
      await sandbox.close();
    }
  });

  it('a reset is written as a snapshot of the next generation, and the old journal goes', async () => {
    const sandbox = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK });
    try {
      const seeded = loadState(dir, () => {})?.items.items[ITEM_ID]?.price;
      await setPrice(sandbox, 555_555);
      assert.ok(groups(dir, 1).length > 0);
      const reset = await call(sandbox, 'POST', '/_sandbox/reset');
      assert.equal(reset.status, 200);
      assert.equal(generationOf(dir), 2);
      assert.deepEqual(journals(dir), [journal(2)]);
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, seeded);
      // Changes after the reset go to the new generation's journal.
      await setPrice(sandbox, 666_666);
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 666_666);
      assert.ok(groups(dir, 2).length > 0);
    } finally {
      await sandbox.close();
    }
  });

  it('a last line cut short is dropped and cut off the file; the next change appends a whole line', async () => {
    // Started again with the secret it was seeded with, the sandbox's start tokens are the stored ones: no group.
    const tokenSecret = 'the secret of the start tokens';
    const state = seedState('torn', new Date(CLOCK), undefined, 0, tokenSecret);
    await saveState(dir, state);
    assert.equal(generationOf(dir), 1);
    const item = { ...state.items.items[ITEM_ID]!, price: 777_000 };
    const whole = groupLine({ items: { items: { [ITEM_ID]: item } } }, [['items', 'items', ITEM_ID]]);
    writeFileSync(join(dir, journal(1)), whole);
    appendFileSync(join(dir, journal(1)), whole.slice(0, 40));

    const problems: string[] = [];
    const loaded = loadStore(dir, (line) => problems.push(line));
    assert.deepEqual(problems, [], 'a torn tail is no complaint: it was never acknowledged');
    assert.equal(loaded.state?.items.items[ITEM_ID]?.price, 777_000);
    assert.equal(readFileSync(join(dir, journal(1)), 'utf8'), whole, 'the file is cut after its last whole line');

    const sandbox = await startSandbox({ dataDir: dir, tokenSecret });
    try {
      await setPrice(sandbox, 778_000);
      assert.equal(groups(dir, 1).length, 2, 'the new group is a line of its own');
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 778_000);
    } finally {
      await sandbox.close();
    }
  });

  it('an unreadable line before the last sets snapshot and journal aside, with a message', async () => {
    await saveState(dir, seedState('broken', new Date(CLOCK)));
    writeFileSync(join(dir, journal(1)), '{"changes":[]}\nnot json\n{"changes":[]}\n');
    const lines: string[] = [];
    assert.equal(
      loadState(dir, (line) => lines.push(line)),
      undefined,
    );
    assert.match(lines[0] ?? '', /could not be read \(line 2 of the journal/);
    const names = readdirSync(dir);
    assert.ok(names.some((name) => name.startsWith(`${SNAPSHOT}.unreadable-`)));
    assert.ok(names.some((name) => name.startsWith(`${journal(1)}.unreadable-`)));
    assert.ok(!names.includes(SNAPSHOT) && !names.includes(journal(1)));
  });

  it('a change to a place the snapshot lacks is unreadable too, not applied half', async () => {
    await saveState(dir, seedState('broken', new Date(CLOCK)));
    writeFileSync(
      join(dir, journal(1)),
      `${JSON.stringify({ changes: [{ path: ['nowhere', 'at', 'all'], value: 1 }] })}\n{"changes":[]}\n`,
    );
    const lines: string[] = [];
    assert.equal(
      loadState(dir, (line) => lines.push(line)),
      undefined,
    );
    assert.match(lines[0] ?? '', /could not be read/);
  });

  it('journals of other generations are deleted on load and never replayed', async () => {
    const state = seedState('generations', new Date(CLOCK));
    await saveState(dir, state);
    await saveState(dir, state);
    assert.equal(generationOf(dir), 2);
    const priced = (price: number) =>
      groupLine({ items: { items: { [ITEM_ID]: { ...state.items.items[ITEM_ID]!, price } } } }, [
        ['items', 'items', ITEM_ID],
      ]);
    writeFileSync(join(dir, journal(1)), priced(1_111));
    writeFileSync(join(dir, journal(2)), priced(2_222));
    writeFileSync(join(dir, journal(3)), priced(3_333));
    assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 2_222);
    assert.deepEqual(journals(dir), [journal(2)]);
  });

  it('a snapshot written before the journal existed loads as generation 0 and journals from there', async () => {
    const state = seedState('legacy', new Date(CLOCK));
    writeFileSync(join(dir, SNAPSHOT), JSON.stringify(state));
    const lines: string[] = [];
    const sandbox = await startSandbox({ dataDir: dir, log: (line) => lines.push(line) });
    try {
      assert.deepEqual(lines, []);
      await setPrice(sandbox, 888_000);
      assert.deepEqual(journals(dir), [journal(0)]);
      assert.equal(loadState(dir, () => {})?.items.items[ITEM_ID]?.price, 888_000);
    } finally {
      await sandbox.close();
    }
  });

  it('a first snapshot the folder refuses stops the start with a message; once the way is clear it starts', async () => {
    // A non-empty folder where the snapshot goes: its rename fails until the folder is gone.
    mkdirSync(join(dir, SNAPSHOT, 'in-the-way'), { recursive: true });
    await assert.rejects(startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK }), (failure: Error) =>
      failure.message.includes(`could not write its state to its data folder ${dir}`),
    );
    assert.deepEqual(readdirSync(dir), [SNAPSHOT], 'no temporary file, no journal left behind');
    rmSync(join(dir, SNAPSHOT), { recursive: true });
    const sandbox = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK });
    try {
      await setPrice(sandbox, 112_000);
      const stored = loadState(dir, () => {});
      assert.equal(stored?.items.items[ITEM_ID]?.price, 112_000);
      assert.equal(stored?.meta.seed, 'journal', 'the snapshot holds the whole state');
    } finally {
      await sandbox.close();
    }
  });

  it('a notification delivery, which updates its record outside a request, is journaled', async () => {
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notifications`;
    const sandbox = await startSandbox({ dataDir: dir, seed: 'journal', clockStart: CLOCK, callbackUrl });
    try {
      await setPrice(sandbox, 999_000);
      await sandbox.settle();
      let records: SandboxState['notifications']['records'] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        records = loadState(dir, () => {})?.notifications.records ?? [];
        if (records.length > 0 && records.every((record) => record.acknowledged)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(records.length > 0, 'the price change notified');
      assert.ok(
        records.every((record) => record.acknowledged && record.attempts === 1 && record.response?.http_code === 200),
        'the deliveries are stored with their answers',
      );
    } finally {
      await sandbox.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
