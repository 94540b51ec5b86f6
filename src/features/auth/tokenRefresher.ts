import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../api/client';
import { SECRETS } from '../../constants';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { AccountStore, StoredToken } from './accounts';
import type { AccountInfo } from './session';

/** Refresh this long before expiry, so a request never leaves with a token about to die. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long a window's claim on a refresh lasts before another window may take over. */
const LOCK_MS = 30_000;
/** Time for a racing window's claim to land before we read back who won. */
const CLAIM_SETTLE_MS = 150;

interface LockClaim {
  owner: string;
  until: number;
}

export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * Hands out access tokens and refreshes them before they expire. Refresh tokens are single-use, so two VS Code
 * windows must never both spend one: a window claims the refresh through a SecretStorage entry (shared by all
 * windows), and a window that loses the claim waits for the winner's new token through SecretStorage's change event.
 */
export class TokenRefresher extends Disposable {
  private readonly windowId = randomUUID();
  private readonly inFlight = new Map<string, Promise<string | undefined>>();
  private readonly changes = this.register(new vscode.EventEmitter<string>());

  constructor(
    private readonly accounts: AccountStore,
    private readonly secrets: vscode.SecretStorage,
    private readonly output: Output,
  ) {
    super();
    this.register(secrets.onDidChange((event) => this.changes.fire(event.key)));
  }

  /** The account's access token, refreshed first when it is about to expire. */
  async accessToken(
    account: AccountInfo,
    oauth: () => Promise<{ client: MarketplaceClient; credentials: OAuthCredentials } | undefined>,
  ): Promise<string | undefined> {
    const stored = await this.accounts.readToken(account);
    if (!stored) return undefined;
    this.output.forget(stored.accessToken);
    if (!stored.refreshToken || stored.expiresAt === undefined || stored.expiresAt - Date.now() > REFRESH_MARGIN_MS) {
      return stored.accessToken;
    }
    const key = SECRETS.token(account.environment, account.userId);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.refresh(account, stored, oauth).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async refresh(
    account: AccountInfo,
    stored: StoredToken,
    oauth: () => Promise<{ client: MarketplaceClient; credentials: OAuthCredentials } | undefined>,
  ): Promise<string | undefined> {
    const lockKey = SECRETS.refreshLock(account.environment, account.userId);
    const tokenKey = SECRETS.token(account.environment, account.userId);
    const current = parseClaim(await this.secrets.get(lockKey));
    if (current && current.owner !== this.windowId && current.until > Date.now()) {
      return this.awaitOtherWindow(account, tokenKey, current.until);
    }
    await this.secrets.store(
      lockKey,
      JSON.stringify({ owner: this.windowId, until: Date.now() + LOCK_MS } satisfies LockClaim),
    );
    await new Promise((resolve) => setTimeout(resolve, CLAIM_SETTLE_MS));
    const winner = parseClaim(await this.secrets.get(lockKey));
    if (winner && winner.owner !== this.windowId) return this.awaitOtherWindow(account, tokenKey, winner.until);
    try {
      // Another window may have refreshed between our first read and our claim.
      const latest = await this.accounts.readToken(account);
      if (latest && latest.refreshToken !== stored.refreshToken) return latest.accessToken;
      const setup = await oauth();
      if (!setup) return stored.accessToken;
      const { refreshAccessToken } = await import('../../api/oauth');
      const answer = await refreshAccessToken(setup.client, {
        ...setup.credentials,
        refreshToken: stored.refreshToken!,
      });
      this.output.forget(answer.access_token);
      this.output.forget(answer.refresh_token);
      const next: StoredToken = {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? stored.refreshToken,
        expiresAt: Date.now() + answer.expires_in * 1000,
      };
      await this.accounts.writeToken(account, next);
      this.output.info(`Refreshed the access token of ${account.nickname} (${account.environment}).`);
      return next.accessToken;
    } finally {
      await this.secrets.delete(lockKey);
    }
  }

  /** Waits for the window holding the claim to store the new token, then reads it. */
  private async awaitOtherWindow(account: AccountInfo, tokenKey: string, until: number): Promise<string | undefined> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, until - Date.now()));
      const listener = this.changes.event((key) => {
        if (key === tokenKey) done();
      });
      function done() {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
    return (await this.accounts.readToken(account))?.accessToken;
  }
}

function parseClaim(raw: string | undefined): LockClaim | undefined {
  if (!raw) return undefined;
  try {
    const claim = JSON.parse(raw) as LockClaim;
    return typeof claim.owner === 'string' && typeof claim.until === 'number' ? claim : undefined;
  } catch {
    return undefined;
  }
}
