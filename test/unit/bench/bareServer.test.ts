// The limit the bench sets the sandbox's GET and PUT /items/{id} beside (scripts/bench/bareServer.ts): a bare server
// that answers the bytes the sandbox answered, and answers a PUT only once one fdatasync per group of concurrent
// writes has made its body durable. Proven by structure: a file whose fdatasync the test holds and releases, and the
// order in which syncs complete and answers arrive.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BareServer, bareServer, type SameBytes, takeAnswers } from '../../../scripts/bench/bareServer';
import type { AppendFile } from '../../../scripts/bench/groupCommit';
import { activeItemIds, priceChange } from '../../../scripts/bench/throughput';
import { useSandbox } from '../support/sandbox';

/** A journal whose every fdatasync waits until the test releases it; what each sync covered, and the order of events. */
class HeldFile implements AppendFile {
  /** The bytes each sync covered (written since the previous sync), in order. */
  readonly groups: string[] = [];
  readonly events: string[] = [];
  private unsynced: Buffer[] = [];
  private readonly held: (() => void)[] = [];

  constructor(private readonly bytesPerWrite = Number.POSITIVE_INFINITY) {}

  async write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }> {
    const taken = Math.min(length, this.bytesPerWrite);
    this.unsynced.push(Buffer.from(bytes.subarray(offset, offset + taken)));
    return { bytesWritten: taken };
  }

  datasync(): Promise<void> {
    const index = this.groups.length;
    this.groups.push(Buffer.concat(this.unsynced).toString());
    this.unsynced = [];
    this.events.push(`sync ${index} started`);
    return new Promise((resolve) =>
      this.held.push(() => {
        this.events.push(`sync ${index} done`);
        resolve();
      }),
    );
  }

  /** Completes the oldest sync still held. */
  release(): void {
    const next = this.held.shift();
    assert.ok(next, 'no sync is waiting to be released');
    next();
  }

  async close(): Promise<void> {}
}

/** Waits (turn by turn, at most 10 s) until `condition` holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

async function listening(bare: BareServer): Promise<string> {
  await new Promise<void>((resolve) => bare.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
}

function closed(bare: BareServer): Promise<void> {
  bare.server.closeAllConnections();
  return new Promise((resolve) => bare.server.close(() => resolve()));
}

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

function send(url: string, method: string, path: string, body: string | undefined, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${path}`, { method, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          contentType: incoming.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const ANSWERS: SameBytes = {
  get: { MLA1: { status: 200, contentType: 'application/json; charset=utf-8', body: '{"id":"MLA1","price":1}' } },
  put: { MLA1: { status: 200, contentType: 'application/json; charset=utf-8', body: '{"id":"MLA1","price":2}' } },
};

describe('bench bare server: the same bytes as the sandbox', () => {
  const h = useSandbox({}, false);
  const folder = mkdtempSync(join(tmpdir(), 'mi-bare-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("answers each listing's GET and PUT with the status, content type and body the sandbox gave", async () => {
    const ids = (await activeItemIds(h.url, h.token)).slice(0, 5);
    const answers = await takeAnswers(h.url, h.token, ids, priceChange);
    const journal = await open(join(folder, 'journal.ndjson'), 'a');
    const bare = bareServer(answers, journal);
    const url = await listening(bare);
    try {
      for (const [index, id] of ids.entries()) {
        // The sandbox's GET now (its state as takeAnswers left it) and the bare server's, byte for byte.
        const sandbox = await fetch(`${h.url}/items/${id}`, { headers: { authorization: `Bearer ${h.token}` } });
        const got = await send(url, 'GET', `/items/${id}`, undefined);
        assert.deepEqual(got, {
          status: sandbox.status,
          contentType: sandbox.headers.get('content-type') ?? undefined,
          body: await sandbox.text(),
        });
        assert.equal(got.status, 200);
        const put = await send(url, 'PUT', `/items/${id}`, priceChange(index));
        assert.deepEqual(put, answers.put[id]);
        // What the sandbox answered a PUT: the listing with the new price.
        assert.equal((JSON.parse(put.body) as { price: number }).price, 10_000 + index);
      }
    } finally {
      await closed(bare);
      await journal.close();
    }
    // Every PUT's body was appended, one line each.
    const lines = readFileSync(join(folder, 'journal.ndjson'), 'utf8').split('\n').filter(Boolean);
    assert.deepEqual(
      lines,
      ids.map((_id, index) => priceChange(index)),
    );
  });

  it('answers 404 for an id it was not given, inherited keys included, and stores nothing for it', async () => {
    const file = new HeldFile();
    const bare = bareServer(ANSWERS, file);
    const url = await listening(bare);
    try {
      for (const path of ['/items/MLA2', '/items/constructor', '/items/__proto__', '/orders/1']) {
        assert.equal((await send(url, 'GET', path, undefined)).status, 404, path);
        assert.equal((await send(url, 'PUT', path, '{"price":1}')).status, 404, path);
      }
      assert.equal((await send(url, 'DELETE', '/items/MLA1', undefined)).status, 405);
      assert.deepEqual(file.groups, []);
    } finally {
      await closed(bare);
    }
  });
});

describe('bench bare server: one fdatasync per group of concurrent PUTs', () => {
  it('answers a burst of 50 concurrent PUTs in fewer than 50 syncs, each answer after the sync that covers it', async () => {
    const file = new HeldFile();
    const bare = bareServer(ANSWERS, file);
    const url = await listening(bare);
    const agent = new Agent({ maxSockets: 50 });
    try {
      const bodies = Array.from({ length: 50 }, (_, index) => `{"price":${10_000 + index}}`);
      const answers = bodies.map((body, index) =>
        send(url, 'PUT', '/items/MLA1', body, agent).then((answer) => {
          file.events.push(`answer ${index}`);
          return answer;
        }),
      );
      // The first PUT started a group alone; the other 49 arrive while its sync is held, and wait for the next one.
      await until(() => file.groups.length === 1 && bare.commit.counts().waiting === 49, 'the 49 others wait');
      assert.ok(!file.events.some((event) => event.startsWith('answer')), 'nothing is answered before a sync');
      file.release();
      await until(() => file.groups.length === 2, 'the second group is synced');
      // The 49 that waited are one group: one write, one sync.
      assert.equal(file.groups[1]!.split('\n').filter(Boolean).length, 49);
      file.release();
      for (const answer of await Promise.all(answers)) assert.deepEqual(answer.body, ANSWERS.put.MLA1!.body);

      assert.equal(file.groups.length, 2);
      assert.deepEqual(bare.commit.counts(), { syncs: 2, durable: 50, waiting: 0 });
      // Each body is covered by exactly one sync, and its answer comes after that sync completed.
      for (const [index, body] of bodies.entries()) {
        const group = file.groups.findIndex((bytes) => bytes.split('\n').includes(body));
        assert.notEqual(group, -1, `${body} was never synced`);
        assert.equal(file.groups.filter((bytes) => bytes.split('\n').includes(body)).length, 1);
        const synced = file.events.indexOf(`sync ${group} done`);
        assert.ok(synced !== -1 && synced < file.events.indexOf(`answer ${index}`), `answer ${index} before its sync`);
      }
    } finally {
      agent.destroy();
      await closed(bare);
    }
  });

  it('writes a group whole when the file takes a few bytes per write', async () => {
    const file = new HeldFile(7);
    const bare = bareServer(ANSWERS, file);
    const body = '{"price":12345,"title":"a body longer than one write"}';
    const appended = bare.commit.append(Buffer.from(`${body}\n`));
    await until(() => file.groups.length === 1, 'the group is synced');
    file.release();
    await appended;
    assert.deepEqual(file.groups, [`${body}\n`]);
  });

  it("answers 500 to every PUT of a group whose sync failed, and the next group's PUTs as usual", async () => {
    let failNext = true;
    const written: string[] = [];
    const file: AppendFile = {
      write: async (bytes, offset, length) => {
        written.push(Buffer.from(bytes.subarray(offset, offset + length)).toString());
        return { bytesWritten: length };
      },
      datasync: async () => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('input/output error, fdatasync'), { code: 'EIO' });
        }
      },
      close: async () => undefined,
    };
    const bare = bareServer(ANSWERS, file);
    const url = await listening(bare);
    try {
      const refused = await send(url, 'PUT', '/items/MLA1', '{"price":1}');
      assert.equal(refused.status, 500);
      assert.match(refused.body, /input\/output error/);
      assert.deepEqual(await send(url, 'PUT', '/items/MLA1', '{"price":2}'), {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: ANSWERS.put.MLA1!.body,
      });
      assert.deepEqual(bare.commit.counts(), { syncs: 1, durable: 1, waiting: 0 });
    } finally {
      await closed(bare);
    }
  });
});
