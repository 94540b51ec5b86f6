// The running sandbox: its options, the state it seeds or loads, the durable store, the notifier and the server's
// lifecycle (listen, close). Requests go through requestPipeline.ts; its own admin routes are adminRoutes.ts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxFixtures } from '../model/fixtures';
import { scrubText } from '../model/scrub';
import { sandboxAdminRoutes } from './adminRoutes';
import { AdvanceSchedule } from './advanceSchedule';
import { FAMILIES } from './families';
import { FaultInjector } from './faults';
import { applyFixtures, fixturesAdminRoute } from './fixtures';
import { Notifier } from './notifications/notifier';
import { clearInheritedJunk } from './records';
import { answerClientError, requestPipeline } from './requestPipeline';
import { type Route, Router } from './router';
import { apiTimestamp, type NotificationEvent, type Sandbox } from './sandbox';
import { MAX_SCALE, validScale } from './scale';
import { scenarioRoutes } from './scenarios/routes';
import { DEFAULT_SEED, seedState } from './seedState';
import type { SandboxState } from './state';
import { DurableStore, loadStore, type StoreFileSystem, StoreWriteError, TrackedState } from './store';
import { issueStartTokens, startTokenOf } from './users/accessTokens';
import { SELLER_ID } from './users/ids';
import { seededToken, tokenSecret } from './users/tokens';

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Folder where state persists across restarts; in memory only when absent. */
  dataDir?: string;
  /** The seller's access token; one derived from the seed (and `tokenSecret`) when absent. */
  token?: string;
  /**
   * The secret the start tokens derive from with the seed, kept outside the data folder (the extension keeps it in
   * SecretStorage): the same secret gives the same tokens across restarts. Absent, a sandbox with `dataDir` draws a
   * new one at each start (its start tokens change; tokens issued through OAuth stay valid), and one without derives
   * them from the seed alone (nothing is on disk to derive them from).
   */
  tokenSecret?: string;
  /** Seed of the generated data. */
  seed?: string;
  /** Start the sandbox clock at this instant (fresh state only), for fully reproducible data. */
  clockStart?: string | Date;
  /** Callback URL for push notifications (also settable at `/_sandbox/notifications`). */
  callbackUrl?: string;
  /** Real seconds per sandbox second for notification retry waits (default 1). */
  notificationTimeScale?: number;
  /** For tests: the journal size in bytes that starts a compaction (default max(8 MB, 2 × the snapshot)). */
  compactJournalAtBytes?: number;
  /** For tests: the file operations the store writes with (to inject a full or failing disk). */
  storeFileSystem?: StoreFileSystem;
  /**
   * `--scale N`: the seller also has N generated listings and 10·N generated orders (0: the default seed). A stored
   * state seeded at another scale is seeded anew; absent, a stored state keeps its own scale.
   */
  scale?: number;
  /**
   * The integrator's own data (`--fixtures FILE`, read and checked by `loadFixturesFile`), instead of or beside the
   * default seed (its `default_data`). Fresh data only: a state stored in `dataDir` wins (a log line says so);
   * `POST /_sandbox/reset` goes back to the fixtures. Its `clock_start` applies unless `clockStart` is given.
   */
  fixtures?: SandboxFixtures;
  log?: (line: string) => void;
}

export interface RunningSandbox {
  url: string;
  /** The seller's access token. */
  token: string;
  port: number;
  /** Every route the server answers (API, admin and scenarios), as `{method, path}` patterns: what the fuzz suite drives. */
  routes: readonly Pick<Route, 'method' | 'path'>[];
  /** Waits for notification deliveries under way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export { seedState };

/** Starts the sandbox on 127.0.0.1 and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  // A line never carries a token, a code or a secret, whatever failure it tells of.
  const log = (line: string) => options.log?.(scrubText(line));
  const seed = options.seed ?? DEFAULT_SEED;
  const secret = options.tokenSecret ?? (options.dataDir ? tokenSecret() : undefined);
  const startToken = (userId: number) => seededToken(state.meta.seed, userId, secret);
  if (options.scale !== undefined && validScale(options.scale) === undefined) {
    throw new Error(`scale must be a whole number from 0 to ${MAX_SCALE}; got ${options.scale}.`);
  }
  const clockStart = options.clockStart ?? options.fixtures?.clock_start;
  const fresh = (scale = options.scale ?? 0): SandboxState => {
    const start = clockStart ? new Date(clockStart) : new Date();
    const state = seedState(seed, start, options.token, scale, secret);
    // Built aside and whole, or not at all (a FixturesError): the state served is never half loaded.
    if (options.fixtures) applyFixtures(state, options.fixtures, start);
    state.meta.clockOffsetMs = clockStart ? start.getTime() - Date.now() : 0;
    return state;
  };
  const loaded = options.dataDir ? loadStore(options.dataDir, log) : undefined;
  const junk = loaded?.state ? clearInheritedJunk(loaded.state) : 0;
  if (junk > 0)
    log(`The stored state held ${junk} entries under inherited or mismatched keys (an older version's); dropped them.`);
  let state = loaded?.state ?? fresh();
  const missing = FAMILIES.filter((family) => !(family.key in state)).map((family) => family.key);
  if (missing.length) {
    // A store written by an older version lacks newer families: seed anew rather than answer 500s.
    log(`The stored state has no ${missing.join(', ')} data (written by an older version); seeded anew.`);
    state = fresh();
  }
  if (options.scale !== undefined && (state.meta.scale ?? 0) !== options.scale) {
    log(`The stored state was seeded at scale ${state.meta.scale ?? 0}, not ${options.scale}; seeded anew.`);
    state = fresh();
  }
  if (options.fixtures && loaded?.state !== undefined && state === loaded.state)
    log(
      'The data folder holds a stored state: it is served as stored and the fixtures were not applied (they seed fresh data, and a reset).',
    );
  // Handlers, `advance()` and the notifier change the state through a tracking view: each change is journaled (with
  // --data) and judged by the advance schedule. A state replaced as a whole (here, or by a reset) is a snapshot.
  const schedule = new AdvanceSchedule(FAMILIES);
  // A write the disk refuses puts the state back to what is stored: the store reads it back and hands it over here.
  const current = {
    current: () => state,
    restore: (stored: SandboxState) => {
      state = stored;
      tracked.follow();
    },
  };
  const store =
    options.dataDir && loaded
      ? new DurableStore(options.dataDir, current, log, loaded, {
          compactAtBytes: options.compactJournalAtBytes,
          files: options.storeFileSystem,
        })
      : undefined;
  const tracked = new TrackedState(() => state, store ? [schedule, store] : [schedule]);
  // A stored state's start tokens are this start's (its secret's, its --token), never those the store was seeded with.
  issueStartTokens(tracked.view.users, startToken, options.token);
  if (options.callbackUrl) tracked.view.notifications.callback_url = options.callbackUrl;

  const notifier = new Notifier(() => tracked.view.notifications, {
    applicationId: state.users.app.application_id,
    timeScale: options.notificationTimeScale ?? 1,
    now: () => new Date(Date.now() + state.meta.clockOffsetMs),
    changed: (record) => {
      // A delivery updates its record after an await, outside the view: its unit is the record's place in the list.
      const index = state.notifications.records.lastIndexOf(record);
      if (index >= 0) tracked.mark(['notifications', 'records', String(index)]);
      // Written once the code that emitted has run to its end: a request's changes go in one group, never split.
      return new Promise((resolve) => {
        setImmediate(() => {
          if (store === undefined) resolve(true);
          else
            store.commit().then(
              () => resolve(true),
              () => resolve(false),
            );
        });
      });
    },
    log,
  });
  const faults = new FaultInjector();

  const sandbox: Sandbox = {
    get state() {
      return tracked.view;
    },
    now: () => new Date(Date.now() + state.meta.clockOffsetMs),
    nowIso: () => apiTimestamp(sandbox.now()),
    nextId: (kind, start) => {
      const counters = tracked.view.meta.counters;
      const next = Math.max(counters[kind] ?? start, start) + 1;
      counters[kind] = next;
      return next;
    },
    notify: (event: NotificationEvent) => notifier.emit(event),
    userById: (id) => tracked.view.users.users.find((user) => user.id === id),
    startToken: (userId) => startTokenOf(tracked.raw.users, startToken, userId),
  };
  /** The same sandbox on the raw state, for the routes marked `readOnly` (they change nothing; a test proves it). */
  const reader: Sandbox = {
    ...sandbox,
    get state() {
      return tracked.raw;
    },
    nextId: () => {
      throw new Error('A read-only route asked for an id.');
    },
    notify: () => {
      throw new Error('A read-only route notified.');
    },
    userById: (id) => tracked.raw.users.users.find((user) => user.id === id),
  };
  /** The families' time-based transitions, run when something is due (advanceSchedule.ts). */
  const advance = () => schedule.run(sandbox, tracked.raw);

  const adminRoutes = sandboxAdminRoutes({
    sandbox,
    current: () => state,
    persisted: Boolean(options.dataDir),
    faults,
    reseed: (scale) => {
      const keepCallback = state.notifications.callback_url;
      notifier.cancelPending();
      state = fresh(scale);
      state.notifications.callback_url = options.callbackUrl ?? keepCallback;
    },
    advance,
  });
  const routes: Route[] = [
    ...FAMILIES.flatMap((family) => family.routes),
    ...FAMILIES.flatMap((family) => family.adminRoutes ?? []),
    // Trigger scenarios act through the families' routes, so they are not a family themselves.
    ...scenarioRoutes,
    ...adminRoutes,
    fixturesAdminRoute({ current: () => state, now: () => sandbox.now(), advance }),
  ];
  const server = createServer(
    requestPipeline({
      router: new Router(routes),
      sandbox,
      reader,
      current: () => state,
      tracked,
      store,
      faults,
      advance,
      log,
    }),
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  // The sandbox does not start with a state it cannot store (a fresh seed is written whole before it serves).
  await store?.commit().catch(async (failure: unknown) => {
    notifier.close();
    await store.close();
    throw failure instanceof StoreWriteError ? new Error(failure.startMessage) : failure;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const token = options.token ?? startTokenOf(state.users, startToken, SELLER_ID) ?? '';
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    port,
    routes: routes.map(({ method, path }) => ({ method, path })),
    settle: () => notifier.settle(),
    close: async () => {
      notifier.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store?.close();
    },
  };
}
