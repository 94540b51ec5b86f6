import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { warmUpClient } from '../../api/client';
import { SECRETS, SETTINGS, settingId } from '../../constants';
import { Disposable } from '../../platform/disposable';
import { SettingError } from '../../platform/errorText';
import type { Output } from '../../platform/output';
import { MAX_SCALE, type RunningSandbox, type SandboxBundle } from '../../sandbox';
import { applicationSetting } from './settings';

/**
 * The embedded local sandbox: started in-process on first use, on a loopback port, with its data under the
 * extension's global storage (kept across restarts unless `marketplace.sandbox.persist` is off). Its start tokens
 * derive from a secret kept in SecretStorage, so its data folder (token hashes and the seed) yields none.
 */
export class SandboxHost extends Disposable {
  private running: Promise<RunningSandbox> | undefined;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly output: Output,
    private readonly secrets: Pick<vscode.SecretStorage, 'get' | 'store'>,
  ) {
    super();
    // Closes the sandbox once it has started (a start under way closes when it ends).
    this.onDispose(() => {
      void this.running?.then((sandbox) => sandbox.close()).catch(() => undefined);
      this.running = undefined;
    });
  }

  /** Starts the sandbox if needed; resolves with its URL and seller token. */
  ensureStarted(): Promise<RunningSandbox> {
    this.running ??= this.start().catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    return this.running;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /**
   * Evaluates the sandbox's bundle without starting it (~90 ms in the extension host), and the client's HTTP stack, so
   * a later *Use Local Sandbox* does not wait for them: called when the window is idle and the sandbox is the likely
   * next step.
   */
  preload(): void {
    try {
      this.bundle();
    } catch {
      // Starting it will say what is wrong.
    }
    void warmUpClient().catch(() => undefined);
  }

  private bundle(): SandboxBundle {
    // Loaded on first use from its own bundle (the one `npm run sandbox` runs): the sandbox, its seed and its
    // scenarios stay out of the bundle activation evaluates. Node caches it after the first require.
    return require(join(__dirname, 'sandbox.js')) as SandboxBundle;
  }

  private async start(): Promise<RunningSandbox> {
    const loading = performance.now();
    const { startSandbox } = this.bundle();
    const loadMs = performance.now() - loading;
    const persist = applicationSetting<boolean>(SETTINGS.sandboxPersist, true);
    const dataDir = persist ? vscode.Uri.joinPath(this.storage, 'sandbox').fsPath : undefined;
    const port = applicationSetting<number>(SETTINGS.sandboxPort, 0);
    const started = Date.now();
    const scale = this.scale();
    const sandbox = await startSandbox({
      port,
      dataDir,
      scale,
      tokenSecret: await this.tokenSecret(),
      log: (line) => this.output.info(`[sandbox] ${line}`),
    }).catch((failure: NodeJS.ErrnoException) => {
      // A port of the user's choice that another program holds: the setting is what to change.
      if (failure.code !== 'EADDRINUSE' && failure.code !== 'EACCES') throw failure;
      const setting = settingId(SETTINGS.sandboxPort);
      throw new SettingError(
        setting,
        failure.code === 'EACCES'
          ? vscode.l10n.t(
              'The local sandbox cannot listen on port {0} (not allowed); change {1} (user settings), 0 picks a free port.',
              port,
              setting,
            )
          : vscode.l10n.t(
              'The local sandbox cannot listen on port {0} (in use); change {1} (user settings), 0 picks a free port.',
              port,
              setting,
            ),
      );
    });
    this.output.forget(sandbox.token);
    this.output.info(
      `Local sandbox listening on ${sandbox.url} (bundle loaded in ${loadMs.toFixed(0)} ms, started in ${Date.now() - started} ms${dataDir ? ', data kept in global storage' : ''}).`,
    );
    return sandbox;
  }

  /**
   * The secret the start tokens derive from: the same in every window and across restarts, so a signed-in sandbox
   * account keeps working. Read again after storing, so two windows creating it at once end up with one.
   */
  private async tokenSecret(): Promise<string> {
    const stored = await this.secrets.get(SECRETS.sandboxTokenSecret);
    if (stored) return stored;
    await this.secrets.store(SECRETS.sandboxTokenSecret, randomBytes(32).toString('hex'));
    const secret = await this.secrets.get(SECRETS.sandboxTokenSecret);
    if (!secret) throw new Error(vscode.l10n.t('The secret storage did not keep the sandbox token secret.'));
    return secret;
  }

  /** Back to the seeded data (`POST /_sandbox/reset`), at the scale the setting asks for now. */
  async reset(): Promise<void> {
    await this.admin('POST', '/_sandbox/reset', { scale: this.scale() });
  }

  /** `marketplace.sandbox.scale`: N generated listings and 10·N orders (0, or anything not a whole number: none). */
  private scale(): number {
    const value = applicationSetting<number>(SETTINGS.sandboxScale, 0);
    return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_SCALE) : 0;
  }

  /** The sandbox's test users with their start tokens (only the sandbox's own, loopback-only admin route). */
  testUsers(): Promise<{ id: number; nickname: string; site_id: string; role: string; token?: string }[]> {
    return this.admin('GET', '/_sandbox/users');
  }

  /**
   * Calls the sandbox's admin surface (`/_sandbox/…`, no token) and returns its JSON answer. A refusal throws with the
   * sandbox's own message, which says what to do. `signal` stops waiting for the answer (a cancelled export).
   */
  async admin<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const sandbox = await this.ensureStarted();
    const answer = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await answer.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (!answer.ok) {
      const message =
        parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string'
          ? (parsed as { message: string }).message
          : `${answer.status} ${text.slice(0, 200)}`;
      throw new Error(vscode.l10n.t('The local sandbox refused {0}: {1}', `${method} ${path}`, message));
    }
    return parsed as T;
  }
}
