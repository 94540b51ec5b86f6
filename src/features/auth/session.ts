import type * as vscode from 'vscode';
import type { ExchangeRecord, MarketplaceClient } from '../../api/client';

/** The two kinds of environment: the embedded sandbox, and the marketplace API at the configured base URL. */
export type EnvironmentId = 'sandbox' | 'api';

/** What we keep of an account outside SecretStorage: never a token. */
export interface AccountInfo {
  environment: EnvironmentId;
  userId: number;
  nickname: string;
  siteId: string;
}

/** The signed-in account of the active environment with a client that asks SecretStorage for its token. */
export interface Session {
  environment: EnvironmentId;
  /** Base URL the client talks to (sandbox loopback URL or the configured API). */
  baseUrl: string;
  account: AccountInfo;
  client: MarketplaceClient;
  /**
   * Another client of the same account with its own retry limit (bulk runs count their attempts themselves and
   * build one with `retryLimit: 0`). Absent on test doubles: callers fall back to `client`.
   */
  clientWith?: (options: { retryLimit?: number }) => MarketplaceClient;
  /** The permalink host for web pages of resources, when known. */
  webBaseUrl?: string;
}

/** Who is signed in now, and when that changes; the explorer and every command read it. */
export interface SessionSource {
  readonly current: Session | undefined;
  readonly onDidChange: vscode.Event<Session | undefined>;
}

/** One exchange of a session's client (never the token): what the request history records. */
export interface SessionExchange {
  environment: EnvironmentId;
  record: ExchangeRecord;
}
