// Two (and three) VS Code windows writing one request history and one notification feed: each window is a process
// of its own (a child here, windowWriter.ts), appending at a steady pace while the others do, and printing every
// write it saw acknowledged. When all are done, every acknowledged entry must be in the file. A window killed, or
// frozen, while it holds the file's lock must not block the others for longer than the lock's stale time, and a
// frozen one that wakes up must not write over what was written meanwhile.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotificationFeed } from '../../../src/features/notifications/feed';
import { HistoryStore } from '../../../src/features/requests/history';
import { LOCK_STALE_MS } from '../../../src/platform/storage/fileLock';
import { type ChildEnd, spawnLines } from '../support/childLines';
import { useFreshFiles } from '../support/freshFiles';
import { bundleForNode } from '../support/nodeBundles';

/** Windows writing at once, appends each, and the pause between two appends of one window. */
const WINDOWS = 3;
const APPENDS = 90;
const INTERVAL_MS = 25;

interface Child {
  process: ChildProcess;
  lines: string[];
  /** Resolves when the child printed a line starting with `prefix`. */
  printed(prefix: string): Promise<string>;
  /** Resolves when it ended (its output read to the end). */
  ended: Promise<ChildEnd>;
}

function start(bundle: string, args: string[]): Child {
  const lines: string[] = [];
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const { process: child, ended } = spawnLines(bundle, args, (line) => {
    lines.push(line);
    for (const wait of waiting.filter((candidate) => line.startsWith(candidate.prefix))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  });
  const printed = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const found = lines.find((line) => line.startsWith(prefix));
      if (found !== undefined) return resolve(found);
      waiting.push({ prefix, resolve });
      void ended.then(({ stderr: text }) => reject(new Error(`ended before printing ${prefix}: ${text}`)));
    });
  return { process: child, lines, printed, ended };
}

/** Runs children to their end; each must end on its own, having printed `done`. */
async function finish(children: Child[]): Promise<void> {
  for (const child of children) {
    const { code, stderr } = await child.ended;
    assert.equal(code, 0, `a writer failed: ${stderr}`);
    assert.equal(child.lines.at(-1), 'done');
  }
}

const acknowledged = (child: Child, kind = 'ack ') =>
  child.lines.filter((line) => line.startsWith(kind)).map((line) => line.slice(kind.length));

describe('two windows writing one file (separate processes)', function () {
  this.timeout(60_000);
  let work: string;
  let bundle: string;
  const freshFile = useFreshFiles('mi-windows-files-');
  const file = (name: string) => freshFile(`${name}.json`);

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mi-windows-'));
    // One build: each window then costs a plain `node` start.
    ({ writer: bundle } = await bundleForNode({ writer: join(__dirname, 'windowWriter.ts') }, join(work, 'bundle')));
  });

  after(() => rmSync(work, { recursive: true, force: true }));

  it(`the request history keeps every append of ${WINDOWS} windows × ${APPENDS}, one per ${INTERVAL_MS} ms each`, async () => {
    const path = file('history');
    const windows = Array.from({ length: WINDOWS }, (_, index) =>
      start(bundle, ['history', path, `w${index}`, String(APPENDS), String(INTERVAL_MS)]),
    );
    await finish(windows);
    const ids = windows.flatMap((window) => acknowledged(window));
    assert.deepEqual(
      windows.flatMap((window) => acknowledged(window, 'dropped ')),
      [],
      'every append is acknowledged',
    );
    assert.equal(ids.length, WINDOWS * APPENDS);
    const stored = await new HistoryStore(path, { limit: 100_000 }).list();
    const storedIds = new Set(stored.map((entry) => entry.id));
    const lost = ids.filter((id) => !storedIds.has(id));
    assert.deepEqual(lost, [], `${lost.length} of ${ids.length} acknowledged entries are lost`);
    assert.equal(stored.length, ids.length, 'each entry is stored once');
    // Each window's own entries keep the order it appended them in.
    for (const [index] of windows.entries()) {
      const writes = stored
        .filter((entry) => entry.path.includes(`window=w${index}&`))
        .map((entry) => Number(/write=(\d+)/.exec(entry.path)?.[1]))
        .reverse();
      assert.deepEqual(
        writes,
        [...writes].sort((a, b) => a - b),
        `window w${index}'s entries are in its order`,
      );
    }
  });

  it(`the notification feed keeps every notification and delivery of ${WINDOWS} windows × ${APPENDS}`, async () => {
    const path = file('feed');
    const windows = Array.from({ length: WINDOWS }, (_, index) =>
      start(bundle, ['feed', path, `w${index}`, String(APPENDS), String(INTERVAL_MS)]),
    );
    await finish(windows);
    const acks = windows.flatMap((window) => acknowledged(window));
    assert.deepEqual(
      windows.flatMap((window) => acknowledged(window, 'dropped ')),
      [],
      'every notification is acknowledged, the hostile ones too (stored as malformed)',
    );
    assert.equal(acks.length, WINDOWS * APPENDS);
    const deliveries = new Map<string, number>();
    for (const key of acks) deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
    const stored = new Map((await new NotificationFeed(path, { limit: 100_000 }).list()).map((e) => [e.key, e]));
    const lost = [...deliveries.keys()].filter((key) => !stored.has(key));
    assert.deepEqual(lost, [], `${lost.length} of ${deliveries.size} acknowledged notifications are lost`);
    assert.equal(stored.size, deliveries.size, 'one entry per notification');
    for (const [key, count] of deliveries) {
      assert.equal(stored.get(key)?.deliveries, count, `${key}: every delivery counted once`);
    }
    const malformed = [...stored.values()].filter((entry) => entry.problems);
    assert.ok(malformed.length > 0 && malformed.every((entry) => entry.topic === 'unknown'));
  });

  it('a window killed while holding the lock blocks the others no longer than the stale time', async () => {
    const path = file('feed');
    const holder = start(bundle, ['hold', path, '60000']);
    await holder.printed('locked');
    holder.process.kill('SIGKILL');
    assert.equal((await holder.ended).signal, 'SIGKILL');
    const started = Date.now();
    const other = start(bundle, ['feed', path, 'after', '20', '5']);
    await finish([other]);
    const elapsed = Date.now() - started;
    assert.match(other.lines.find((line) => line.startsWith('takeover')) ?? '', /holder \(process \d+\) has ended/);
    assert.ok(elapsed < LOCK_STALE_MS, `the other window finished in ${elapsed} ms, within ${LOCK_STALE_MS} ms`);
    const stored = new Set((await new NotificationFeed(path).list()).map((entry) => entry.key));
    for (const key of acknowledged(other)) assert.ok(stored.has(key), `${key} is stored`);
  });

  it('a frozen holder is taken over once stale, and writes nothing when it wakes up', async () => {
    const path = file('feed');
    const staleMs = '1000';
    const holder = start(bundle, ['hold', path, '400', staleMs]);
    await holder.printed('locked');
    holder.process.kill('SIGSTOP');
    try {
      const other = start(bundle, ['feed', path, 'meanwhile', '20', '5', staleMs]);
      await finish([other]);
      assert.match(other.lines.find((line) => line.startsWith('takeover')) ?? '', /not refreshed for \d+ ms/);
      holder.process.kill('SIGCONT');
      assert.match(await holder.printed('refused'), /lock was taken over; nothing was written/);
      await finish([holder]);
      const text = readFileSync(path, 'utf8');
      assert.ok(!text.includes('held-write'), 'the woken holder wrote nothing');
      const stored = new Set((await new NotificationFeed(path).list()).map((entry) => entry.key));
      assert.equal(stored.size, 20 - 2, 'every notification of the other window is there (two were repeats)');
      for (const key of acknowledged(other)) assert.ok(stored.has(key), `${key} is stored`);
    } finally {
      holder.process.kill('SIGCONT');
      holder.process.kill('SIGKILL');
    }
  });
});
