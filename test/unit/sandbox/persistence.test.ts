import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MarketplaceClient } from '../../../src/api/client';
import { getMe } from '../../../src/api/users';
import { startSandbox } from '../../../src/sandbox/runtime';
import { loadState, saveState } from '../../../src/sandbox/store';
import { CLIENT_ID, CLIENT_SECRET } from '../../../src/sandbox/users/ids';

const CLI = join(__dirname, '../../../src/sandbox/cli.ts');

/** Starts the sandbox command line in a child process and reads its two announcement lines. */
async function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const lines = createInterface({ input: child.stdout! });
  const values: Record<string, string> = {};
  for await (const line of lines) {
    const [key, value] = line.split('=', 2);
    if (key && value) values[key] = value;
    if (values.MARKETPLACE_SANDBOX_URL && values.MARKETPLACE_SANDBOX_TOKEN) break;
  }
  if (!values.MARKETPLACE_SANDBOX_URL) throw new Error('the sandbox did not announce itself');
  return { child, url: values.MARKETPLACE_SANDBOX_URL, token: values.MARKETPLACE_SANDBOX_TOKEN! };
}

/** Stops a child sandbox and waits until it has exited (it persists on the way out). */
async function stopCli(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function issueToken(url: string): Promise<string> {
  const redirect = 'http://127.0.0.1:1/callback';
  const authorize = await fetch(
    `${url}/authorization?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(redirect)}`,
    { redirect: 'manual' },
  );
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  const answer = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code,
      redirect_uri: redirect,
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe('sandbox persistence and command line', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mi-sandbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('state written through the API survives a restart with --data', async () => {
    // The secret the start tokens derive from is kept apart from the data (the extension keeps it in SecretStorage).
    const tokenSecret = 'kept-outside-the-data-folder';
    const first = await startSandbox({ dataDir: dir, port: 0, tokenSecret });
    const issued = await issueToken(first.url);
    await first.close();
    // The snapshot and any journal: the store keeps token hashes, never tokens.
    for (const name of readdirSync(dir)) {
      const stored = readFileSync(join(dir, name), 'utf8');
      assert.ok(!stored.includes(issued) && !stored.includes(first.token), `${name} holds no token`);
    }
    const second = await startSandbox({ dataDir: dir, port: 0, tokenSecret });
    try {
      const me = await getMe(new MarketplaceClient({ baseUrl: second.url, token: () => issued }));
      assert.ok(me.id > 0, 'a token issued before the restart still works');
      assert.equal(second.token, first.token);
    } finally {
      await second.close();
    }
  });

  it('without --data nothing is written and a restart starts fresh', async () => {
    const first = await startSandbox({ port: 0 });
    const issued = await issueToken(first.url);
    await first.close();
    const second = await startSandbox({ port: 0 });
    try {
      const answer = await fetch(`${second.url}/users/me`, { headers: { authorization: `Bearer ${issued}` } });
      assert.equal(answer.status, 401);
    } finally {
      await second.close();
    }
  });

  it('saves by writing a temporary file and renaming it, leaving no temporary behind', async () => {
    const state = { meta: { format: 1, seed: 's', clockOffsetMs: 0, counters: { n: 1 } } };
    await saveState(dir, state as never);
    await saveState(dir, { ...state, meta: { ...state.meta, counters: { n: 2 } } } as never);
    assert.deepEqual(readdirSync(dir), ['sandbox-state.json']);
    assert.equal(loadState(dir, () => {})?.meta.counters.n, 2);
  });

  it('an unreadable store is set aside with a message, never a crash', () => {
    writeFileSync(join(dir, 'sandbox-state.json'), '{"meta": {"format": 1, "seed": "x"');
    const lines: string[] = [];
    assert.equal(
      loadState(dir, (line) => lines.push(line)),
      undefined,
    );
    assert.match(lines[0] ?? '', /could not be read/);
    assert.ok(readdirSync(dir).some((name) => name.startsWith('sandbox-state.json.unreadable-')));
    assert.ok(!existsSync(join(dir, 'sandbox-state.json')));
  });

  it('a process killed in the middle of writes leaves a readable store', async function () {
    this.timeout(30_000);
    const { child, url } = await startCli(['--port', '0', '--data', dir]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Writes keep arriving while the process is killed without warning.
    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < 40; index++) writes.push(issueToken(url).catch(() => undefined));
    setTimeout(() => child.kill('SIGKILL'), 30);
    await Promise.all(writes);
    await exited;
    const text = readFileSync(join(dir, 'sandbox-state.json'), 'utf8');
    assert.doesNotThrow(() => JSON.parse(text), 'the store is whole JSON');
    const restarted = await startCli(['--port', '0', '--data', dir]);
    try {
      const answer = await fetch(`${restarted.url}/users/me`, {
        headers: { authorization: `Bearer ${restarted.token}` },
      });
      assert.equal(answer.status, 200);
    } finally {
      await stopCli(restarted.child);
    }
  });

  it('the command line announces URL and token, binds loopback, and answers /users/me with that token', async function () {
    this.timeout(30_000);
    const { child, url, token } = await startCli(['--port', '0', '--token', 'SBX-0123456789abcdef', '--seed', 'docs']);
    try {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(token, 'SBX-0123456789abcdef');
      const answer = await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(answer.status, 200);
      assert.equal(((await answer.json()) as { nickname: string }).nickname, 'TEST_SELLER_AUTOS');
    } finally {
      await stopCli(child);
    }
  });

  it('the command line keeps its start token across restarts of --data with MARKETPLACE_SANDBOX_TOKEN_SECRET', async function () {
    this.timeout(60_000);
    const env = { ...process.env, MARKETPLACE_SANDBOX_TOKEN_SECRET: 'a secret kept in the environment' };
    const tokens: string[] = [];
    for (const environment of [env, env, { ...env, MARKETPLACE_SANDBOX_TOKEN_SECRET: '' }]) {
      const { child, url, token } = await startCli(['--port', '0', '--data', dir], environment);
      try {
        assert.equal((await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
        tokens.push(token);
      } finally {
        await stopCli(child);
      }
    }
    assert.equal(tokens[1], tokens[0], 'the same secret, the same token');
    assert.notEqual(tokens[2], tokens[0], 'without it, a token of this start only');
  });

  it('the command line explains a bad option instead of starting', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /--port must be a whole number from 0 to 65535/);
  });

  it('a store written before a family existed is seeded anew, with a message', async () => {
    const first = await startSandbox({ dataDir: dir, port: 0 });
    await first.close();
    const path = join(dir, 'sandbox-state.json');
    const stored = JSON.parse(readFileSync(path, 'utf8'));
    delete stored.orders;
    writeFileSync(path, JSON.stringify(stored));
    const lines: string[] = [];
    const second = await startSandbox({ dataDir: dir, port: 0, log: (line) => lines.push(line) });
    try {
      assert.match(lines.join('\n'), /no orders data/);
      const answer = await fetch(`${second.url}/orders/search?seller=5503910054`, {
        headers: { authorization: `Bearer ${second.token}` },
      });
      assert.equal(answer.status, 200);
    } finally {
      await second.close();
    }
  });

  it('the same seed gives the same data', async () => {
    const a = await startSandbox({ port: 0, seed: 'same', clockStart: '2026-01-01T00:00:00Z' });
    const b = await startSandbox({ port: 0, seed: 'same', clockStart: '2026-01-01T00:00:00Z' });
    try {
      const [meA, meB] = await Promise.all(
        [a, b].map((sandbox) => getMe(new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token }))),
      );
      assert.deepEqual(meA, meB);
      assert.equal(a.token, b.token);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
