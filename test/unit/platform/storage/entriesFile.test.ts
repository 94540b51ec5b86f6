import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../../../../src/node/durableFile';
import { EntriesFile } from '../../../../src/platform/storage/entriesFile';
import { useTempDir } from '../../support/sandbox';

interface Entry {
  id: string;
  n: number;
}

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && typeof (value as Entry).id === 'string';

describe('EntriesFile', () => {
  const temp = useTempDir('mi-entries-');
  let counter = 0;
  const path = () => {
    const folder = join(temp.path, `file-${++counter}`);
    mkdirSync(folder);
    return join(folder, 'entries.json');
  };

  it('changes under the lock: two stores of one file (two windows) updating at once lose nothing', async () => {
    const file = path();
    const windows = [new EntriesFile<Entry>(file, { isEntry }), new EntriesFile<Entry>(file, { isEntry })];
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        (windows[n % 2] as EntriesFile<Entry>).update((entries) => ({
          entries: [...entries, { id: `e${n}`, n }],
          result: n,
        })),
      ),
    );
    const stored = await new EntriesFile<Entry>(file, { isEntry }).read();
    assert.deepEqual(
      stored.map((entry) => entry.n).sort((a, b) => a - b),
      Array.from({ length: 30 }, (_, n) => n),
    );
  });

  it('resolves with the change’s result, and writes nothing when the change gives no entries', async () => {
    const file = path();
    const store = new EntriesFile<Entry>(file, { isEntry });
    assert.equal(await store.update(() => ({ result: 'unchanged' })), 'unchanged');
    assert.deepEqual(readdirSync(join(file, '..')), [], 'no file, no lock, no temporary');
    assert.equal(await store.update(() => ({ entries: [{ id: 'a', n: 1 }], result: 'written' })), 'written');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { version: 1, entries: [{ id: 'a', n: 1 }] });
  });

  it('sees another window’s write of the same size at once (the cache knows the file, not only its time)', async () => {
    const file = path();
    const mine = new EntriesFile<Entry>(file, { isEntry });
    const other = new EntriesFile<Entry>(file, { isEntry });
    await mine.update(() => ({ entries: [{ id: 'a', n: 1 }], result: undefined }));
    for (let n = 2; n < 10; n++) {
      await other.update(() => ({ entries: [{ id: 'a', n }], result: undefined }));
      assert.deepEqual(await mine.read(), [{ id: 'a', n }]);
    }
  });

  it('drops stored values that are not entries, and reads a file of another shape as empty', async () => {
    const file = path();
    writeFileSync(file, JSON.stringify({ version: 1, entries: [{ id: 'a', n: 1 }, null, 3, { n: 2 }] }));
    assert.deepEqual(await new EntriesFile<Entry>(file, { isEntry }).read(), [{ id: 'a', n: 1 }]);
    writeFileSync(file, 'null');
    assert.deepEqual(await new EntriesFile<Entry>(file, { isEntry }).read(), []);
  });

  it('removes the file under the lock', async () => {
    const file = path();
    const store = new EntriesFile<Entry>(file, { isEntry });
    await store.update(() => ({ entries: [{ id: 'a', n: 1 }], result: undefined }));
    await store.remove();
    assert.deepEqual(readdirSync(join(file, '..')), []);
    assert.deepEqual(await store.read(), []);
  });

  it('leaves the old file and no temporary when the write fails', async () => {
    const file = path();
    const store = new EntriesFile<Entry>(file, { isEntry });
    await store.update(() => ({ entries: [{ id: 'a', n: 1 }], result: undefined }));
    // A value JSON cannot write (a BigInt) stands for a write that fails, as a full disk does.
    await assert.rejects(store.update(() => ({ entries: [{ id: 'b', n: 2n as unknown as number }], result: 0 })));
    assert.deepEqual(readdirSync(join(file, '..')), ['entries.json']);
    assert.deepEqual(await store.read(), [{ id: 'a', n: 1 }]);
  });
});

describe('writeFileDurably', () => {
  const temp = useTempDir('mi-durable-');

  it('flushes the file and then its folder before it resolves, leaving no temporary', async () => {
    const handle = await open(join(temp.path, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
    await handle.close();
    const original = prototype.sync;
    const synced: string[] = [];
    prototype.sync = async function (this: { fd: number }) {
      synced.push(readdirSync(temp.path).filter((name) => name.endsWith('.tmp')).length ? 'file' : 'folder');
      return original.call(this);
    };
    try {
      await writeFileDurably(join(temp.path, 'entries.json'), '{"version":1,"entries":[]}');
    } finally {
      prototype.sync = original;
    }
    assert.deepEqual(synced, ['file', 'folder'], 'the temporary file is flushed before the rename, the folder after');
    assert.equal(readFileSync(join(temp.path, 'entries.json'), 'utf8'), '{"version":1,"entries":[]}');
    assert.deepEqual(readdirSync(temp.path).sort(), ['entries.json', 'probe']);
  });
});
