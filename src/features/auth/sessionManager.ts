import * as vscode from 'vscode';
import { type ClientOptions, type ExchangeRecord, isSafeBaseUrl, MarketplaceClient } from '../../api/client';
import { SECRETS, SETTINGS, settingId } from '../../constants';
import { Disposable } from '../../platform/disposable';
import { SettingError } from '../../platform/errorText';
import type { Output } from '../../platform/output';
import { CLIENT_ID, CLIENT_SECRET } from '../../sandbox';
import type { AccountStore } from './accounts';
import type { SandboxHost } from './sandboxHost';
import type { AccountInfo, EnvironmentId, Session, SessionExchange, SessionSource } from './session';
import { activeEnvironment, applicationSetting } from './settings';
import type { OAuthCredentials, TokenRefresher } from './tokenRefresher';

/** Where an environment lives: base URL, authorization host and OAuth credentials. */
export interface EnvironmentEndpoint {
  environment: EnvironmentId;
  baseUrl: string;
  authUrl: string;
  credentials: () => Promise<OAuthCredentials | undefined>;
}

/**
 * Builds the session of the active environment and account, and rebuilds it when either changes. The client it
 * hands out asks SecretStorage (through the refresher) for the token at each request.
 */
export class SessionManager extends Disposable implements SessionSource {
  private session: Session | undefined;
  private readonly exchanged = this.register(new vscode.EventEmitter<SessionExchange>());
  /** Every exchange of the sessions' clients (sign-in and token refresh use other clients and are not told). */
  readonly onDidExchange = this.exchanged.event;
  private readonly changed = this.register(new vscode.EventEmitter<Session | undefined>());
  readonly onDidChange = this.changed.event;
  private rebuilding: Promise<void> = Promise.resolve();

  constructor(
    private readonly accounts: AccountStore,
    private readonly refresher: TokenRefresher,
    private readonly sandbox: SandboxHost,
    private readonly secrets: vscode.SecretStorage,
    private readonly output: Output,
  ) {
    super();
    this.register(accounts.onDidChange(() => this.rebuild()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (
          event.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.environment}`) ||
          event.affectsConfiguration(`${SETTINGS.section}.api`)
        ) {
          this.rebuild();
        }
      }),
    );
  }

  get current(): Session | undefined {
    return this.session;
  }

  /** Resolves once the session reflects the latest environment and account. */
  async ready(): Promise<Session | undefined> {
    await this.rebuilding;
    return this.session;
  }

  rebuild(): Promise<void> {
    this.rebuilding = this.rebuilding
      .then(() => this.build())
      .catch((error: unknown) => {
        this.output.error(`Could not open the session: ${error instanceof Error ? error.message : error}`);
      });
    return this.rebuilding;
  }

  private async build(): Promise<void> {
    const environment = activeEnvironment();
    const account = this.accounts.active(environment);
    const next = account ? await this.sessionFor(account) : undefined;
    const same =
      next?.account.userId === this.session?.account.userId &&
      next?.baseUrl === this.session?.baseUrl &&
      next?.environment === this.session?.environment;
    this.session = next;
    if (!same) this.changed.fire(next);
  }

  /** Where an environment lives (starting the sandbox when it is the one asked). */
  async endpoint(environment: EnvironmentId): Promise<EnvironmentEndpoint> {
    if (environment === 'sandbox') {
      const sandbox = await this.sandbox.ensureStarted();
      return {
        environment,
        baseUrl: sandbox.url,
        authUrl: sandbox.url,
        credentials: async () => ({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      };
    }
    const baseUrl = applicationSetting<string>(SETTINGS.apiBaseUrl, '').trim();
    const setting = settingId(SETTINGS.apiBaseUrl);
    if (!baseUrl) {
      throw new SettingError(
        setting,
        vscode.l10n.t('Set {0} (user settings) to the API base URL before signing in to the Marketplace API.', setting),
      );
    }
    if (!isSafeBaseUrl(baseUrl)) {
      throw new SettingError(
        setting,
        vscode.l10n.t(
          '{0} must be an https address (http only on a loopback address): the token is never sent otherwise.',
          setting,
        ),
      );
    }
    return {
      environment,
      baseUrl,
      authUrl: applicationSetting<string>(SETTINGS.authUrl, '').trim(),
      credentials: async () => {
        const clientId = applicationSetting<string>(SETTINGS.oauthClientId, '').trim();
        const clientSecret = await this.secrets.get(SECRETS.clientSecret);
        return clientId && clientSecret ? { clientId, clientSecret } : undefined;
      },
    };
  }

  /** A client for an environment with an explicit token provider (sign-in checks a token before storing it). */
  clientFor(
    endpoint: EnvironmentEndpoint,
    token?: () => Promise<string | undefined> | string | undefined,
    extra: Partial<ClientOptions> = {},
  ): MarketplaceClient {
    const timeout = vscode.workspace.getConfiguration(SETTINGS.section).get<number>(SETTINGS.requestTimeout, 30) * 1000;
    return new MarketplaceClient({
      baseUrl: endpoint.baseUrl,
      token,
      timeoutMs: timeout,
      totalTimeoutMs: timeout * 3,
      userAgent: 'marketplace-integrator-vscode',
      ...extra,
    });
  }

  private async sessionFor(account: AccountInfo): Promise<Session | undefined> {
    let endpoint: EnvironmentEndpoint;
    try {
      endpoint = await this.endpoint(account.environment);
    } catch (error) {
      this.output.warn(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    const oauthClient = this.clientFor(endpoint);
    const token = () =>
      this.refresher.accessToken(account, async () => {
        const credentials = await endpoint.credentials();
        return credentials ? { client: oauthClient, credentials } : undefined;
      });
    const onExchange = (record: ExchangeRecord) => this.exchanged.fire({ environment: account.environment, record });
    const client = this.clientFor(endpoint, token, { onExchange });
    const clientWith = (options: { retryLimit?: number }) =>
      this.clientFor(endpoint, token, { onExchange, ...options });
    return { environment: account.environment, baseUrl: endpoint.baseUrl, account, client, clientWith };
  }
}
