import * as vscode from 'vscode';
import { SECRETS, STATE } from '../../constants';
import { Disposable } from '../../platform/disposable';
import type { AccountInfo, EnvironmentId } from './session';

/** What SecretStorage holds for one account. Nothing of it is ever written anywhere else. */
export interface StoredToken {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms when the access token expires; absent for tokens that do not expire (sandbox start tokens). */
  expiresAt?: number;
}

/**
 * Accounts per environment: their public facts (id, nickname, site) in globalState, their tokens in SecretStorage
 * only. Several accounts (test users) per environment; one active per environment.
 */
export class AccountStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    super();
  }

  list(environment?: EnvironmentId): AccountInfo[] {
    const all = this.state.get<AccountInfo[]>(STATE.accounts, []);
    return environment ? all.filter((account) => account.environment === environment) : all;
  }

  active(environment: EnvironmentId): AccountInfo | undefined {
    const chosen = this.state.get<Record<string, number>>(STATE.activeAccount, {})[environment];
    const accounts = this.list(environment);
    return accounts.find((account) => account.userId === chosen) ?? accounts[0];
  }

  async readToken(account: Pick<AccountInfo, 'environment' | 'userId'>): Promise<StoredToken | undefined> {
    const raw = await this.secrets.get(SECRETS.token(account.environment, account.userId));
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as StoredToken;
      return typeof parsed.accessToken === 'string' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  async writeToken(account: Pick<AccountInfo, 'environment' | 'userId'>, token: StoredToken): Promise<void> {
    await this.secrets.store(SECRETS.token(account.environment, account.userId), JSON.stringify(token));
  }

  /** Adds (or updates) an account with its token and makes it the active one of its environment. */
  async save(account: AccountInfo, token: StoredToken): Promise<void> {
    const others = this.list().filter(
      (known) => !(known.environment === account.environment && known.userId === account.userId),
    );
    // The secret and the two state entries are written at once (each is a round trip to VS Code's storage); the
    // account is announced once all three are kept.
    await Promise.all([
      this.writeToken(account, token),
      this.state.update(STATE.accounts, [...others, account]),
      this.writeActive(account),
    ]);
    this.changed.fire();
  }

  async setActive(account: Pick<AccountInfo, 'environment' | 'userId'>): Promise<void> {
    await this.writeActive(account);
    this.changed.fire();
  }

  private writeActive(account: Pick<AccountInfo, 'environment' | 'userId'>): Thenable<void> {
    const chosen = this.state.get<Record<string, number>>(STATE.activeAccount, {});
    return this.state.update(STATE.activeAccount, { ...chosen, [account.environment]: account.userId });
  }

  /** Sign out: removes every secret of the account and its entry. */
  async remove(account: Pick<AccountInfo, 'environment' | 'userId'>): Promise<void> {
    await this.secrets.delete(SECRETS.token(account.environment, account.userId));
    await this.secrets.delete(SECRETS.refreshLock(account.environment, account.userId));
    const rest = this.list().filter(
      (known) => !(known.environment === account.environment && known.userId === account.userId),
    );
    await this.state.update(STATE.accounts, rest);
    const chosen = { ...this.state.get<Record<string, number>>(STATE.activeAccount, {}) };
    if (chosen[account.environment] === account.userId) delete chosen[account.environment];
    await this.state.update(STATE.activeAccount, chosen);
    this.changed.fire();
  }
}
