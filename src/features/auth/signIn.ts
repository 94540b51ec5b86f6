import * as vscode from 'vscode';
import { COMMANDS, SECRETS, SETTINGS, settingId } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { describeError } from '../../platform/errors';
import { SettingError } from '../../platform/errorText';
import { getMe } from '../../platform/lazyApi';
import type { Output } from '../../platform/output';
import type { AccountStore, StoredToken } from './accounts';
import { type OAuthUriHandler, runOAuthFlow } from './oauthFlow';
import type { SandboxHost } from './sandboxHost';
import type { AccountInfo, EnvironmentId } from './session';
import type { EnvironmentEndpoint, SessionManager } from './sessionManager';
import {
  activeEnvironment,
  applicationSetting,
  ENVIRONMENT_LABELS,
  environmentLabel,
  setActiveEnvironment,
} from './settings';

/** Options tests and other commands may pass; a person gets quick picks instead. */
export interface SignInOptions {
  environment?: EnvironmentId;
  /** Sandbox only: sign in as one of its test users (`GET /_sandbox/users`). */
  userId?: number;
  /** OAuth in the sandbox only: approve without a browser (the sandbox approves at once). */
  openBrowser?: boolean;
  /** Sign In with Access Token: this token instead of the prompt, checked and stored the same way. */
  accessToken?: string;
}

/**
 * Sign-in, sign-out and switching, as commands. A token is checked with `GET /users/me` before it is stored, and
 * it is stored only in SecretStorage.
 */
export class SignInCommands {
  constructor(
    private readonly accounts: AccountStore,
    private readonly sessions: SessionManager,
    private readonly sandbox: SandboxHost,
    private readonly secrets: vscode.SecretStorage,
    private readonly uriHandler: OAuthUriHandler,
    private readonly output: Output,
  ) {}

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.useSandbox,
        run: (options?: SignInOptions) => this.useSandbox(options),
        failure: vscode.l10n.t('Could not start the local sandbox'),
      },
      {
        id: COMMANDS.signIn,
        run: (options?: SignInOptions) => this.signIn(options),
        failure: vscode.l10n.t('Sign-in failed'),
      },
      {
        id: COMMANDS.signInWithToken,
        run: (options?: SignInOptions) => this.signInWithToken(options),
        failure: vscode.l10n.t('Sign-in failed'),
      },
      {
        id: COMMANDS.signInWithOAuth,
        run: (options?: SignInOptions) => this.signInWithOAuth(options),
        failure: vscode.l10n.t('OAuth sign-in failed'),
      },
      {
        id: COMMANDS.signOut,
        run: (account?: AccountInfo) => this.signOut(account),
        failure: vscode.l10n.t('Sign-out failed'),
      },
      { id: COMMANDS.switchEnvironment, run: (environment?: EnvironmentId) => this.switchEnvironment(environment) },
      {
        id: COMMANDS.switchAccount,
        run: () => this.switchAccount(),
        failure: vscode.l10n.t('Could not switch account'),
      },
      { id: COMMANDS.setClientSecret, run: () => this.askClientSecret() },
      { id: COMMANDS.showOutput, run: () => this.output.show() },
    ];
  }

  /** Starts the embedded sandbox and signs in as its seller (or a chosen test user). */
  async useSandbox(options: SignInOptions = {}): Promise<AccountInfo> {
    // Where the time goes, said once in the output channel (the bench reads the total from outside).
    const phases: [string, number][] = [];
    let last = performance.now();
    const mark = (phase: string) => {
      const now = performance.now();
      phases.push([phase, now - last]);
      last = now;
    };
    const account = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
      async () => {
        const sandbox = await this.sandbox.ensureStarted();
        mark('start');
        let token = sandbox.token;
        if (options.userId !== undefined) {
          const user = (await this.sandbox.testUsers()).find((candidate) => candidate.id === options.userId);
          if (!user?.token) throw new Error(vscode.l10n.t('The sandbox has no test user {0}.', options.userId));
          token = user.token;
        }
        const stored = await this.checkAndStore('sandbox', { accessToken: token });
        mark('check token and store it');
        return stored;
      },
    );
    await setActiveEnvironment('sandbox');
    mark('environment setting');
    await this.sessions.rebuild();
    mark('session');
    const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
    this.output.info(
      `Local sandbox ready in ${total.toFixed(0)} ms (${phases.map(([phase, ms]) => `${phase} ${ms.toFixed(0)} ms`).join(', ')}).`,
    );
    return account;
  }

  async signIn(options: SignInOptions = {}): Promise<AccountInfo | undefined> {
    if (options.environment === 'sandbox') return this.useSandbox(options);
    const choice = await vscode.window.showQuickPick(
      [
        {
          label: `$(beaker) ${vscode.l10n.t('Use Local Sandbox')}`,
          description: vscode.l10n.t('emulator with seeded test data, on this machine'),
          value: 'sandbox',
        },
        {
          label: `$(key) ${vscode.l10n.t('Paste an Access Token…')}`,
          description: environmentLabel('api'),
          value: 'token',
        },
        {
          label: `$(globe) ${vscode.l10n.t('Sign In with OAuth…')}`,
          description: vscode.l10n.t('{0}, authorization code with PKCE', environmentLabel('api')),
          value: 'oauth',
        },
      ],
      {
        title: vscode.l10n.t('Sign in to the marketplace'),
        placeHolder: vscode.l10n.t('How do you want to sign in?'),
      },
    );
    if (choice?.value === 'sandbox') return this.useSandbox();
    if (choice?.value === 'token') return this.signInWithToken({ environment: 'api' });
    if (choice?.value === 'oauth') return this.signInWithOAuth({ environment: 'api' });
    return undefined;
  }

  /** Paste a token: checked with `GET /users/me` before it is stored. */
  async signInWithToken(options: SignInOptions = {}): Promise<AccountInfo | undefined> {
    const environment = options.environment ?? 'api';
    const endpoint = await this.sessions.endpoint(environment);
    const token =
      options.accessToken ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Sign in to {0} ({1})', environmentLabel(environment), endpoint.baseUrl),
        prompt: vscode.l10n.t(
          'Paste an access token. It is checked with {0}, then kept in VS Code’s secret storage only.',
          'GET /users/me',
        ),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) =>
          value.trim().length < 8 ? vscode.l10n.t('That is too short to be an access token.') : undefined,
      }));
    if (!token) return undefined;
    const account = await this.checkAndStore(environment, { accessToken: token.trim() }, endpoint);
    await setActiveEnvironment(environment);
    await this.sessions.rebuild();
    return account;
  }

  /** OAuth authorization code with PKCE; the browser opens with `vscode.env.openExternal`. */
  async signInWithOAuth(options: SignInOptions = {}): Promise<AccountInfo | undefined> {
    const environment = options.environment ?? activeEnvironment();
    const endpoint = await this.sessions.endpoint(environment);
    if (!endpoint.authUrl) {
      const setting = settingId(SETTINGS.authUrl);
      throw new SettingError(
        setting,
        vscode.l10n.t('Set {0} (user settings) to your site’s authorization host.', setting),
      );
    }
    let credentials = await endpoint.credentials();
    if (!credentials && environment === 'api') {
      if (!applicationSetting<string>(SETTINGS.oauthClientId, '')) {
        const setting = settingId(SETTINGS.oauthClientId);
        throw new SettingError(
          setting,
          vscode.l10n.t('Set {0} (user settings) to your application’s client id first.', setting),
        );
      }
      if (!(await this.askClientSecret())) return undefined;
      credentials = await endpoint.credentials();
    }
    if (!credentials) return undefined;
    const redirect =
      environment === 'sandbox'
        ? 'loopback'
        : applicationSetting<'loopback' | 'uri'>(SETTINGS.oauthRedirect, 'loopback');
    const client = this.sessions.clientFor(endpoint);
    const headless = environment === 'sandbox' && options.openBrowser === false;
    const answer = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Waiting for the sign-in in your browser…'),
        cancellable: true,
      },
      (_progress, token) =>
        runOAuthFlow({
          authHost: endpoint.authUrl,
          clientId: credentials.clientId,
          clientSecret: credentials.clientSecret,
          client,
          redirect,
          // The sandbox accepts any loopback redirect, so it gets a free port.
          loopbackPort: environment === 'sandbox' ? 0 : applicationSetting<number>(SETTINGS.oauthLoopbackPort, 33418),
          uriHandler: this.uriHandler,
          open: async (url) =>
            headless
              ? fetch(`${url}${options.userId ? `&user_id=${options.userId}` : ''}`)
              : vscode.env.openExternal(vscode.Uri.parse(url)),
          token,
        }),
    );
    const stored: StoredToken = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: Date.now() + answer.expires_in * 1000,
    };
    const account = await this.checkAndStore(environment, stored, endpoint);
    await setActiveEnvironment(environment);
    await this.sessions.rebuild();
    return account;
  }

  private async checkAndStore(
    environment: EnvironmentId,
    token: StoredToken,
    known?: EnvironmentEndpoint,
  ): Promise<AccountInfo> {
    const endpoint = known ?? (await this.sessions.endpoint(environment));
    this.output.forget(token.accessToken);
    this.output.forget(token.refreshToken);
    let me: Awaited<ReturnType<typeof getMe>>;
    try {
      me = await getMe(this.sessions.clientFor(endpoint, () => token.accessToken));
    } catch (error) {
      throw new Error(
        vscode.l10n.t('The token was not accepted by {0}: {1}', endpoint.baseUrl, describeError(error, 'action')),
      );
    }
    const account: AccountInfo = { environment, userId: me.id, nickname: me.nickname, siteId: me.site_id };
    await this.accounts.save(account, token);
    this.output.info(`Signed in to ${ENVIRONMENT_LABELS[environment]} as ${me.nickname} (${me.id}, ${me.site_id}).`);
    return account;
  }

  async signOut(target?: AccountInfo): Promise<void> {
    const environment = target?.environment ?? activeEnvironment();
    const account = target ?? this.accounts.active(environment);
    if (!account) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('You are not signed in to {0}.', environmentLabel(environment)),
      );
      return;
    }
    await this.accounts.remove(account);
    this.output.info(
      `Signed out ${account.nickname} from ${ENVIRONMENT_LABELS[environment]}; its token was removed from secret storage.`,
    );
    await this.sessions.rebuild();
  }

  async switchEnvironment(target?: EnvironmentId): Promise<void> {
    let environment = target;
    if (!environment) {
      const current = activeEnvironment();
      const picked = await vscode.window.showQuickPick(
        (['sandbox', 'api'] as EnvironmentId[]).map((id) => ({
          label: `${id === current ? '$(check) ' : ''}${environmentLabel(id)}`,
          description:
            id === 'sandbox'
              ? vscode.l10n.t('local emulator')
              : applicationSetting<string>(SETTINGS.apiBaseUrl, '') ||
                vscode.l10n.t('set {0}', settingId(SETTINGS.apiBaseUrl)),
          detail:
            this.accounts
              .list(id)
              .map((account) => account.nickname)
              .join(', ') || vscode.l10n.t('no account yet'),
          id,
        })),
        { title: vscode.l10n.t('Switch environment') },
      );
      environment = picked?.id;
    }
    if (!environment) return;
    await setActiveEnvironment(environment);
    await this.sessions.rebuild();
    if (!this.accounts.active(environment)) {
      if (environment === 'sandbox') await this.useSandbox();
      else await this.signIn();
    }
  }

  async switchAccount(): Promise<void> {
    const environment = activeEnvironment();
    const active = this.accounts.active(environment);
    type Pick = vscode.QuickPickItem & { account?: AccountInfo; sandboxUser?: number; action?: 'signIn' };
    const items: Pick[] = this.accounts.list(environment).map((account) => ({
      label: `${account.userId === active?.userId ? '$(check) ' : '$(account) '}${account.nickname}`,
      description: `${account.userId} · ${account.siteId}`,
      account,
    }));
    if (environment === 'sandbox') {
      const known = new Set(items.map((item) => item.account?.userId));
      const users = (await this.sandbox.testUsers()).filter((user) => !known.has(user.id) && user.token);
      if (users.length)
        items.push({ label: vscode.l10n.t('Sandbox test users'), kind: vscode.QuickPickItemKind.Separator });
      for (const user of users)
        items.push({
          label: `$(person-add) ${user.nickname}`,
          description: `${user.id} · ${user.site_id} · ${user.role}`,
          sandboxUser: user.id,
        });
    }
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(sign-in) ${vscode.l10n.t('Sign in with another account…')}`, action: 'signIn' },
    );
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Accounts of {0}', environmentLabel(environment)),
    });
    if (!picked) return;
    if (picked.account) {
      await this.accounts.setActive(picked.account);
      await this.sessions.rebuild();
    } else if (picked.sandboxUser !== undefined) {
      await this.useSandbox({ userId: picked.sandboxUser });
    } else if (picked.action === 'signIn') {
      await this.signIn(environment === 'sandbox' ? {} : { environment });
    }
  }

  /** Asks for the OAuth client secret and keeps it in SecretStorage. */
  async askClientSecret(): Promise<boolean> {
    const secret = await vscode.window.showInputBox({
      title: vscode.l10n.t('OAuth client secret'),
      prompt: vscode.l10n.t(
        'The client secret of your marketplace application. It is kept in VS Code’s secret storage only.',
      ),
      password: true,
      ignoreFocusOut: true,
    });
    if (!secret) return false;
    await this.secrets.store(SECRETS.clientSecret, secret.trim());
    return true;
  }
}
