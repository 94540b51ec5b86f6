import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { MarketplaceClient } from '../../src/api/client';
import { COMMANDS, EXTENSION_ID, SECRETS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { TokenRefresher } from '../../src/features/auth/tokenRefresher';
import { CLIENT_ID, CLIENT_SECRET, SELLER_ID } from '../../src/sandbox/users/ids';
import { extensionApi } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';

describe('activation, commands and sign-in', () => {
  let api: TestApi;

  before(async () => {
    api = await extensionApi();
  });

  it('activates', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension?.isActive);
  });

  it('registers every command it contributes', async () => {
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as { command: string }[]
    ).map((entry) => entry.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((command) => !registered.has(command));
    assert.deepEqual(missing, []);
    assert.ok(contributed.length >= 20);
  });

  it('uses the local sandbox: starts it, signs in as its seller, keeps the token in SecretStorage', async () => {
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    const session = await until('a sandbox session', () => api.sessions.current);
    assert.equal(session.environment, 'sandbox');
    assert.equal(session.account.userId, SELLER_ID);
    assert.equal(session.account.nickname, 'TEST_SELLER_AUTOS');
    assert.match(session.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    const stored = await api.secrets.get(SECRETS.token('sandbox', SELLER_ID));
    assert.ok(stored, 'the token is in SecretStorage');
    const token = (JSON.parse(stored) as { accessToken: string }).accessToken;
    assert.equal(token, (await api.sandbox.ensureStarted()).token);
  });

  it('keeps the token out of settings, global storage files and the output log', async () => {
    const token = (await api.sandbox.ensureStarted()).token;
    // Sign in through OAuth as well, so a refresh token exists too.
    await vscode.commands.executeCommand(COMMANDS.signInWithOAuth, { environment: 'sandbox', openBrowser: false });
    const oauth = JSON.parse((await api.secrets.get(SECRETS.token('sandbox', SELLER_ID)))!) as {
      accessToken: string;
      refreshToken: string;
    };
    const secrets = [token, oauth.accessToken, oauth.refreshToken];
    const configuration = JSON.stringify(vscode.workspace.getConfiguration('marketplace'));
    const userDir = join(api.globalStorage.fsPath, '..', '..');
    const files = [join(userDir, 'settings.json'), ...walk(api.globalStorage.fsPath)];
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) files.push(...walk(join(folder.uri.fsPath, '.vscode')));
    const logs = walk(join(userDir, '..', 'logs')).filter((file) => /Marketplace|exthost/i.test(file));
    for (const secret of secrets) {
      assert.ok(!configuration.includes(secret), 'not in settings');
      for (const file of [...files, ...logs]) assert.ok(!readIfFile(file).includes(secret), `not in ${file}`);
    }
    assert.ok(files.length > 0);
    // Restore the seller's start token for the next tests.
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
  });

  it('OAuth sign-in stores an expiring token with a refresh token; sign-out removes every secret', async () => {
    await vscode.commands.executeCommand(COMMANDS.signInWithOAuth, {
      environment: 'sandbox',
      openBrowser: false,
      userId: 7000000001,
    });
    const buyer = await until('the buyer session', () =>
      api.sessions.current?.account.userId === 7000000001 ? api.sessions.current : undefined,
    );
    const stored = JSON.parse((await api.secrets.get(SECRETS.token('sandbox', buyer.account.userId)))!) as {
      refreshToken?: string;
      expiresAt?: number;
    };
    assert.ok(stored.refreshToken?.startsWith('SBXR-'));
    assert.ok(stored.expiresAt! > Date.now() + 5 * 3600_000);
    await vscode.commands.executeCommand(COMMANDS.signOut);
    assert.equal(await api.secrets.get(SECRETS.token('sandbox', 7000000001)), undefined);
    assert.ok(!api.accounts.list('sandbox').some((account) => account.userId === 7000000001));
    // The seller's account remains and becomes active again.
    const seller = await until('the seller session', () =>
      api.sessions.current?.account.userId === SELLER_ID ? api.sessions.current : undefined,
    );
    assert.equal(seller.account.nickname, 'TEST_SELLER_AUTOS');
  });

  it('refreshes an access token about to expire, spending the refresh token once', async () => {
    await vscode.commands.executeCommand(COMMANDS.signInWithOAuth, { environment: 'sandbox', openBrowser: false });
    const key = SECRETS.token('sandbox', SELLER_ID);
    const before = JSON.parse((await api.secrets.get(key))!) as {
      accessToken: string;
      refreshToken: string;
      expiresAt: number;
    };
    await api.secrets.store(key, JSON.stringify({ ...before, expiresAt: Date.now() + 60_000 }));
    const session = await api.sessions.ready();
    const me = await session!.client.get<{ id: number }>('/users/me', { schema: undefined });
    void me;
    const after = JSON.parse((await api.secrets.get(key))!) as {
      accessToken: string;
      refreshToken: string;
      expiresAt: number;
    };
    assert.notEqual(after.accessToken, before.accessToken);
    assert.notEqual(after.refreshToken, before.refreshToken);
    assert.ok(after.expiresAt > Date.now() + 5 * 3600_000);
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
  });

  it('two windows racing to refresh spend the single-use refresh token once and share the new token', async () => {
    await vscode.commands.executeCommand(COMMANDS.signInWithOAuth, { environment: 'sandbox', openBrowser: false });
    const account = api.accounts.active('sandbox')!;
    const key = SECRETS.token('sandbox', account.userId);
    const before = JSON.parse((await api.secrets.get(key))!) as {
      accessToken: string;
      refreshToken: string;
      expiresAt: number;
    };
    await api.secrets.store(key, JSON.stringify({ ...before, expiresAt: Date.now() + 30_000 }));
    const sandbox = await api.sandbox.ensureStarted();
    let refreshCalls = 0;
    const oauth = async () => {
      refreshCalls += 1;
      return {
        client: new MarketplaceClient({ baseUrl: sandbox.url }),
        credentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      };
    };
    // Two refreshers over the same SecretStorage behave like two VS Code windows of one user.
    const output = api.output;
    const windowA = new TokenRefresher(api.accounts, api.secrets, output);
    const windowB = new TokenRefresher(api.accounts, api.secrets, output);
    try {
      const [tokenA, tokenB] = await Promise.all([
        windowA.accessToken(account, oauth),
        windowB.accessToken(account, oauth),
      ]);
      assert.equal(tokenA, tokenB, 'both windows end with the same new token');
      assert.notEqual(tokenA, before.accessToken);
      assert.equal(refreshCalls, 1, 'only one window refreshed');
      const after = JSON.parse((await api.secrets.get(key))!) as { refreshToken: string };
      assert.notEqual(after.refreshToken, before.refreshToken);
      assert.equal(
        await api.secrets.get(SECRETS.refreshLock('sandbox', account.userId)),
        undefined,
        'the claim is released',
      );
    } finally {
      windowA.dispose();
      windowB.dispose();
    }
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
  });

  it('the sandbox admin surface answers on the same loopback port', async () => {
    const info = (await admin(api, 'GET', '/_sandbox')) as { seller_id: number };
    assert.equal(info.seller_id, SELLER_ID);
  });
});

function walk(folder: string): string[] {
  try {
    return readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  } catch {
    return [];
  }
}

function readIfFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
