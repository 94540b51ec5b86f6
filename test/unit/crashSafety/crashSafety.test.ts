// Crash safety of the three stores the project writes: the sandbox's state (with a data folder), the request history
// and the notification feed. A child process writes in a loop and prints a line per acknowledged write; it is killed
// with SIGKILL at a random moment (a fixed seed, so a failure can be replayed), and the store is loaded again here:
// it must load, and hold every write that was acknowledged before the kill.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotificationFeed } from '../../../src/features/notifications/feed';
import { HistoryStore } from '../../../src/features/requests/history';
import { ITEM } from '../../../src/sandbox/items/ids';
import { startSandbox } from '../../../src/sandbox/runtime';
import { loadState } from '../../../src/sandbox/store';
import { spawnLines } from '../support/childLines';
import { bundleForNode } from '../support/nodeBundles';
import { seededRandom } from '../support/seededRandom';

/** Kill points per store. */
const KILLS = 100;
/** Kills happen this long at most after the child's `ready` (its first write starts then). */
const KILL_WINDOW_MS = 150;
/** The item whose price and stock the sandbox writer changes. */
const WRITTEN_ITEM = ITEM.PHONE_NO_SALES;
/** Values each sandbox writer round may use: round r counts from r × this, so every field only grows. */
const VALUES_PER_ROUND = 100_000;
/**
 * The journal size at which odd sandbox rounds compact (a new snapshot, the next generation): a few groups, so kills
 * land during compactions as well as during appends.
 */
const COMPACT_BYTES = 64 * 1024;
/** Compacting rounds added, at most, when none of the seeded kills landed during a compaction (a slow machine). */
const EXTRA_COMPACTING = 60;

interface Killed {
  /** Every line the child printed before it died (each one a write it saw acknowledged), `ready` excluded. */
  lines: string[];
  /** Whether it got as far as writing. */
  ready: boolean;
}

/**
 * Runs a bundled child and kills it with SIGKILL `delayMs` after it prints `ready` (or after it starts, when
 * `fromStart`). Lines it wrote before dying stay readable in the pipe, so every acknowledgement is seen.
 */
async function runAndKill(bundle: string, args: string[], delayMs: number, fromStart: boolean): Promise<Killed> {
  const lines: string[] = [];
  let ready = false;
  let timer: NodeJS.Timeout | undefined;
  const killLater = () => {
    timer = setTimeout(() => child.process.kill('SIGKILL'), delayMs);
  };
  const child = spawnLines(bundle, args, (line) => {
    if (line !== 'ready') lines.push(line);
    else if (!ready) {
      ready = true;
      if (!fromStart) killLater();
    }
  });
  // A child that never gets ready is killed too, and the round fails below.
  const guard = setTimeout(() => child.process.kill('SIGKILL'), 10_000);
  if (fromStart) killLater();
  // Ended: every line the child wrote has been read.
  const { code, signal, stderr } = await child.ended.finally(() => {
    clearTimeout(timer);
    clearTimeout(guard);
  });
  if (signal !== 'SIGKILL') throw new Error(`the writer ended on its own (code ${code}): ${stderr.trim()}`);
  if (!ready && !fromStart) throw new Error(`the writer never got ready: ${stderr.trim()}`);
  return { lines, ready };
}

/** The kill delays of one store: most after `ready` (during writes), every tenth during start-up and its first save. */
function killPoints(seed: number): { delayMs: number; fromStart: boolean }[] {
  const next = seededRandom(seed);
  return Array.from({ length: KILLS }, (_, index) => {
    const fromStart = index % 10 === 9;
    return { delayMs: Math.floor(next() * (fromStart ? 250 : KILL_WINDOW_MS)), fromStart };
  });
}

/** The entries of an EntriesFile as stored: it must be whole JSON whenever it exists (a torn file would read as empty). */
function storedEntries(file: string, where: string): unknown[] | undefined {
  if (!existsSync(file)) return undefined;
  let data: { version?: unknown; entries?: unknown };
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (failure) {
    assert.fail(`${where}: the file is not whole JSON (${(failure as Error).message})`);
  }
  assert.equal(data.version, 1, `${where}: the file is a version 1 entries file`);
  assert.ok(Array.isArray(data.entries), `${where}: the file holds an entries array`);
  return data.entries;
}

describe('crash safety: stores killed with SIGKILL while writing', function () {
  // Generous: the rounds run one after another, and a busy machine slows each child down.
  this.timeout(300_000);
  let work: string;
  let bundles: Record<'sandbox' | 'history' | 'feed', string>;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mi-crash-'));
    // One build for the three writers: each kill then costs a plain `node` start.
    bundles = await bundleForNode(
      {
        sandbox: join(__dirname, 'sandboxWriter.ts'),
        history: join(__dirname, 'historyWriter.ts'),
        feed: join(__dirname, 'feedWriter.ts'),
      },
      join(work, 'bundles'),
    );
  });

  after(() => rmSync(work, { recursive: true, force: true }));

  it(`the sandbox state keeps every acknowledged change across ${KILLS} kills of the same data folder`, async () => {
    const dataDir = join(work, 'sandbox');
    mkdirSync(dataDir);
    let price: number | undefined;
    let stock: number | undefined;
    const notes = new Map<string, string>();
    let acknowledged = 0;
    let killedCompacting = 0;
    const points = killPoints(0x5eed_0001);
    /** One round: a writer killed at `point`, then the store checked for every write acknowledged so far. */
    const killRound = async (round: number, point: { delayMs: number; fromStart: boolean }, compacting: boolean) => {
      const first = (round + 1) * VALUES_PER_ROUND;
      const { lines } = await runAndKill(
        bundles.sandbox,
        [dataDir, WRITTEN_ITEM, String(first), ...(compacting ? [String(COMPACT_BYTES)] : [])],
        point.delayMs,
        point.fromStart,
      );
      for (const line of lines) {
        const [kind, a = '', b = ''] = line.split(' ');
        if (kind === 'price') price = Number(a);
        else if (kind === 'stock') stock = Number(a);
        else if (kind === 'note') notes.set(b, a);
        else assert.fail(`unexpected line ${line}`);
        acknowledged++;
      }
      const where = `round ${round} (kill ${point.fromStart ? 'from start' : 'after ready'} +${point.delayMs} ms)`;
      // A compaction under way leaves its new snapshot's temporary file, or two journals (the new one is made first).
      const names = readdirSync(dataDir);
      if (names.some((name) => name.endsWith('.tmp')) || names.filter((name) => name.endsWith('.ndjson')).length > 1) {
        killedCompacting++;
      }
      const problems: string[] = [];
      const state = loadState(dataDir, (line) => problems.push(line));
      assert.deepEqual(problems, [], `${where}: the store loads without a complaint`);
      if (!state) {
        // Only a kill before the very first save leaves no state, and then nothing was acknowledged either.
        assert.equal(acknowledged, 0, `${where}: a state was acknowledged, yet none is stored`);
        return;
      }
      assert.equal(state.meta.seed, 'crash-safety', `${where}: the stored state is the writer's`);
      const item = state.items.items[WRITTEN_ITEM];
      assert.ok(item, `${where}: the written item is stored`);
      // Each field only grows, so the stored value is the last acknowledged one or a later write still in flight.
      if (price !== undefined) {
        assert.ok(item.price >= price, `${where}: price ${item.price} lost the acknowledged ${price}`);
        assert.ok(item.price < 10_000 + first + VALUES_PER_ROUND, `${where}: price ${item.price} was never sent`);
      }
      if (stock !== undefined) {
        assert.ok(item.available_quantity >= stock, `${where}: stock ${item.available_quantity} lost ${stock}`);
      }
      const stored = new Set(Object.values(state.orders.notes).flatMap((list) => list.map((note) => note.id)));
      for (const [id, order] of notes) assert.ok(stored.has(id), `${where}: note ${id} of order ${order} is lost`);
    };
    for (const [round, point] of points.entries()) await killRound(round, point, round % 2 === 1);
    // Where a kill lands depends on the machine's speed: on a slow or busy one, compacting rounds go on (with their
    // own seeded points, at most EXTRA_COMPACTING) until a kill has landed during a compaction and been checked.
    const extra = killPoints(0x5eed_0002).filter((point) => !point.fromStart);
    for (let index = 0; killedCompacting === 0 && index < Math.min(EXTRA_COMPACTING, extra.length); index++) {
      await killRound(KILLS + index, extra[index] as (typeof extra)[number], true);
    }
    assert.ok(acknowledged > KILLS, `the writers got ${acknowledged} writes acknowledged: kills landed during writes`);
    assert.ok(killedCompacting > 0, `${killedCompacting} kills landed during a compaction`);

    // The sandbox itself starts on what the kills left, without seeding anew, and answers the acknowledged values.
    const lines: string[] = [];
    const sandbox = await startSandbox({ dataDir, port: 0, log: (line) => lines.push(line) });
    try {
      assert.deepEqual(lines, [], 'the sandbox starts on the stored state without a complaint');
      const headers = { authorization: `Bearer ${sandbox.token}` };
      const item = (await (await fetch(`${sandbox.url}/items/${WRITTEN_ITEM}`, { headers })).json()) as {
        price: number;
        available_quantity: number;
      };
      assert.ok(price !== undefined && item.price >= price);
      assert.ok(stock !== undefined && item.available_quantity >= stock);
      const orders = new Set(notes.values());
      const served = new Set<string>();
      for (const order of orders) {
        const answer = (await (await fetch(`${sandbox.url}/orders/${order}/notes`, { headers })).json()) as {
          results: { id: string }[];
        }[];
        for (const note of answer.flatMap((entry) => entry.results)) served.add(note.id);
      }
      for (const id of notes.keys()) assert.ok(served.has(id), `note ${id} is served after the restart`);
    } finally {
      await sandbox.close();
    }
  });

  it(`the request history keeps every acknowledged append across ${KILLS} kills`, async () => {
    const points = killPoints(0x5eed_0002);
    let acknowledged = 0;
    for (const [round, point] of points.entries()) {
      const file = join(work, 'history', `round-${round}.json`);
      const { lines } = await runAndKill(bundles.history, [file], point.delayMs, point.fromStart);
      const ids = lines.map((line) => {
        const [kind, id = ''] = line.split(' ');
        assert.equal(kind, 'ack', `unexpected line ${line}`);
        return id;
      });
      acknowledged += ids.length;
      const where = `round ${round} (kill ${point.fromStart ? 'from start' : 'after ready'} +${point.delayMs} ms)`;
      const raw = storedEntries(file, where);
      if (ids.length > 0) assert.ok(raw && raw.length >= ids.length, `${where}: the file holds the appends`);
      const listed = await new HistoryStore(file, { limit: 100_000 }).list();
      assert.equal(listed.length, raw?.length ?? 0, `${where}: the store reads every stored entry`);
      const stored = new Set(listed.map((entry) => entry.id));
      assert.equal(stored.size, listed.length, `${where}: no entry is stored twice`);
      for (const id of ids) assert.ok(stored.has(id), `${where}: acknowledged entry ${id} is lost`);
    }
    assert.ok(acknowledged > KILLS, `${acknowledged} appends acknowledged: kills landed during writes`);
  });

  it(`the notification feed keeps every acknowledged notification and delivery across ${KILLS} kills`, async () => {
    const points = killPoints(0x5eed_0003);
    let acknowledged = 0;
    for (const [round, point] of points.entries()) {
      const file = join(work, 'feed', `round-${round}.json`);
      const { lines } = await runAndKill(bundles.feed, [file], point.delayMs, point.fromStart);
      const deliveries = new Map<string, number>();
      for (const line of lines) {
        const [kind, key = ''] = line.split(' ');
        assert.equal(kind, 'ack', `unexpected line ${line}`);
        deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
        acknowledged++;
      }
      const where = `round ${round} (kill ${point.fromStart ? 'from start' : 'after ready'} +${point.delayMs} ms)`;
      const raw = storedEntries(file, where);
      if (deliveries.size > 0) assert.ok(raw && raw.length >= deliveries.size, `${where}: the file holds the feed`);
      const listed = await new NotificationFeed(file, { limit: 100_000 }).list();
      assert.equal(listed.length, raw?.length ?? 0, `${where}: the feed reads every stored entry`);
      const byKey = new Map(listed.map((entry) => [entry.key, entry]));
      assert.equal(byKey.size, listed.length, `${where}: one entry per notification`);
      for (const [key, count] of deliveries) {
        const entry = byKey.get(key);
        assert.ok(entry, `${where}: acknowledged notification ${key} is lost`);
        assert.ok(entry.deliveries >= count, `${where}: ${key} counts ${entry.deliveries} of ${count} deliveries`);
      }
    }
    assert.ok(acknowledged > KILLS, `${acknowledged} notifications acknowledged: kills landed during writes`);
  });
});
