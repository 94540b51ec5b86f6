// The sandbox's data folder yields no usable token: after a session of sign-ins, code exchanges and refreshes, every
// string found in its files (and every start token its stored seed would derive) is tried against the server as an
// access token, a refresh token and an authorization code, and none works, while the real ones still do.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/runtime';
import { CLIENT_ID, CLIENT_SECRET } from '../../../src/sandbox/users/ids';
import { pkceChallenge, seededToken } from '../../../src/sandbox/users/tokens';

const REDIRECT = 'http://127.0.0.1:33418/callback';
const TOKEN_SECRET = 'kept-in-secret-storage-never-in-the-data-folder';

interface Grant {
  access_token: string;
  refresh_token: string;
}

async function authorize(url: string, userId: number, verifier?: string): Promise<string> {
  const query = new URLSearchParams({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT });
  query.set('user_id', String(userId));
  if (verifier) query.set('code_challenge', pkceChallenge(verifier));
  if (verifier) query.set('code_challenge_method', 'S256');
  const answer = await fetch(`${url}/authorization?${query}`, { redirect: 'manual' });
  assert.equal(answer.status, 302);
  return new URL(answer.headers.get('location')!).searchParams.get('code')!;
}

function tokenRequest(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...fields }),
  });
}

async function grant(url: string, fields: Record<string, string>): Promise<Grant> {
  const answer = await tokenRequest(url, fields);
  assert.equal(answer.status, 200, await answer.clone().text());
  return (await answer.json()) as Grant;
}

const me = (url: string, token: string) => fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${token}` } });

/** What a string found in the folder gets: as an access token, a refresh token and a code, the answers that worked. */
async function uses(url: string, candidate: string): Promise<string[]> {
  const worked: string[] = [];
  if ((await me(url, candidate)).status === 200) worked.push('access token');
  const refreshed = await tokenRequest(url, { grant_type: 'refresh_token', refresh_token: candidate });
  if (refreshed.status === 200) worked.push('refresh token');
  const exchanged = await tokenRequest(url, {
    grant_type: 'authorization_code',
    code: candidate,
    redirect_uri: REDIRECT,
  });
  if (exchanged.status === 200) worked.push('code');
  return worked;
}

/** Every string of the folder's files that could be a token (its characters, 8 or more), and every key and value. */
function harvest(dir: string): { candidates: Set<string>; text: string } {
  const candidates = new Set<string>();
  let text = '';
  for (const name of readdirSync(dir)) {
    const content = readFileSync(join(dir, name), 'utf8');
    text += content;
    for (const match of content.matchAll(/[A-Za-z0-9._~+/=-]{8,}/g)) candidates.add(match[0]);
  }
  // What the old store let anyone derive: each user's start token from the stored seed alone.
  const state = JSON.parse(readFileSync(join(dir, 'sandbox-state.json'), 'utf8')) as {
    meta: { seed: string };
    users: { users: { id: number }[] };
  };
  for (const user of state.users.users) candidates.add(seededToken(state.meta.seed, user.id));
  return { candidates, text };
}

/** Tries every candidate (a few at a time) and lists those that worked. */
async function usable(url: string, candidates: Iterable<string>): Promise<string[]> {
  const queue = [...candidates];
  const found: string[] = [];
  const worker = async () => {
    for (let candidate = queue.pop(); candidate !== undefined; candidate = queue.pop()) {
      const worked = await uses(url, candidate);
      if (worked.length) found.push(`${candidate.slice(0, 8)}… works as ${worked.join(', ')}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return found;
}

describe('sandbox data folder: no usable token can be read from it', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mi-tokens-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('after sign-ins, code exchanges and refreshes, no string of the snapshot or journal works as a token', async function () {
    this.timeout(180_000);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    let sandbox: RunningSandbox | undefined = await startSandbox({
      dataDir: dir,
      port: 0,
      tokenSecret: TOKEN_SECRET,
      log,
    });
    try {
      const url = sandbox.url;
      const users = (await (await fetch(`${url}/_sandbox/users`)).json()) as { id: number; token: string }[];
      const live = { access: [sandbox.token], refresh: [] as string[], codes: [] as string[] };
      for (const user of users.slice(0, 4)) {
        assert.equal((await me(url, user.token)).status, 200, 'a start token works');
        live.access.push(user.token);
        // A sign-in with PKCE, then one without; each refreshed once, the spent refresh token kept out of `live`.
        const verifier = `verifier-${user.id}-0123456789-0123456789-0123456789`;
        const first = await grant(url, {
          grant_type: 'authorization_code',
          code: await authorize(url, user.id, verifier),
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        });
        const second = await grant(url, {
          grant_type: 'authorization_code',
          code: await authorize(url, user.id),
          redirect_uri: REDIRECT,
        });
        const refreshed = await grant(url, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
        assert.equal((await fetch(`${url}/users/me?access_token=${second.access_token}`)).status, 200);
        live.access.push(first.access_token, second.access_token, refreshed.access_token);
        live.refresh.push(second.refresh_token, refreshed.refresh_token);
        // A code issued and not yet exchanged.
        live.codes.push(await authorize(url, user.id));
      }
      const secrets = [...live.access, ...live.refresh, ...live.codes];

      const tried = new Set<string>();
      for (const round of ['while it runs (journal)', 'after it closed (snapshot)']) {
        const { candidates, text } = harvest(dir);
        assert.ok(candidates.size > 1000, `${round}: the folder was read (${candidates.size} strings)`);
        assert.deepEqual(
          secrets.filter((secret) => text.includes(secret)).map((secret) => secret.slice(0, 5)),
          [],
          `${round}: no token, refresh token or code is stored`,
        );
        // Each string once: the snapshot written at close holds what the journal held.
        const fresh = [...candidates].filter((candidate) => !tried.has(candidate));
        for (const candidate of fresh) tried.add(candidate);
        assert.deepEqual(await usable(sandbox.url, fresh), [], round);
        if (round.startsWith('while')) {
          await sandbox.close();
          // Started again with its secret, as the extension does: the real tokens still work, the folder's strings not.
          sandbox = await startSandbox({ dataDir: dir, port: 0, tokenSecret: TOKEN_SECRET, log });
        }
      }

      // The probes would have seen a working token: the real ones all work on the restarted sandbox.
      const restarted = sandbox.url;
      for (const token of live.access) assert.equal((await me(restarted, token)).status, 200);
      for (const token of live.refresh) await grant(restarted, { grant_type: 'refresh_token', refresh_token: token });
      for (const code of live.codes)
        await grant(restarted, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
      // Nor does a log line carry one.
      assert.deepEqual(
        lines.filter((line) => secrets.some((secret) => line.includes(secret))),
        [],
      );
    } finally {
      await sandbox?.close();
    }
  });

  it('start tokens come from the secret: the same secret keeps them across restarts, none or another replaces them', async () => {
    const start = (tokenSecret?: string) => startSandbox({ dataDir: dir, port: 0, tokenSecret });
    const first = await start(TOKEN_SECRET);
    const token = first.token;
    const users = (await (await fetch(`${first.url}/_sandbox/users`)).json()) as { token: string }[];
    await first.close();

    const same = await start(TOKEN_SECRET);
    assert.equal(same.token, token);
    assert.equal((await me(same.url, token)).status, 200);
    await same.close();

    for (const other of [undefined, 'another secret']) {
      const next = await start(other);
      try {
        assert.notEqual(next.token, token);
        assert.equal((await me(next.url, next.token)).status, 200, 'its own start token works');
        for (const user of users) assert.equal((await me(next.url, user.token)).status, 401, 'the old ones do not');
        const listed = (await (await fetch(`${next.url}/_sandbox/users`)).json()) as { token: string }[];
        assert.ok(listed.every((user, index) => user.token && user.token !== users[index]?.token));
      } finally {
        await next.close();
      }
    }
  });

  it('without a data folder the start tokens are the seed’s, the same at every start', async () => {
    const [a, b] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0 })]);
    try {
      assert.equal(a.token, b.token);
      assert.equal(a.token, seededToken('marketplace', 5503910054));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
