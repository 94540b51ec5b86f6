import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClientOptions, MarketplaceClient } from '../../../src/api/client';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/runtime';
import { sellerIdOfSite } from '../../../src/sandbox/users/ids';
import { ContractChecker } from './openApiContract';

/** Fixed clock start so the seeded data is the same on every run. */
export const CLOCK_START = '2026-03-02T15:00:00.000Z';

export interface SandboxHarness {
  sandbox: RunningSandbox;
  url: string;
  token: string;
  /** A client of the seller against this sandbox (fast retries for tests). */
  client: MarketplaceClient;
  clientWith(options: Partial<ClientOptions>): MarketplaceClient;
  /** Calls the admin surface (`/_sandbox/...`) and returns the parsed JSON. */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Raw request with optional token, for auth and error-shape tests. */
  raw(
    method: string,
    path: string,
    init?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** Re-seeds the sandbox (state back to the seeded data, faults cleared). */
  reset(): Promise<void>;
}

/**
 * Starts one real sandbox on a random loopback port for a mocha suite (before/after hooks) and resets it before
 * each test, so tests never see each other's changes. Every answer it gives is checked against the OpenAPI document
 * (support/openApiContract.ts): the suite's `after all` hook fails, listing them, when one breaks it.
 */
export function useSandbox(options: SandboxOptions = {}, resetEachTest = true): SandboxHarness {
  const harness = {} as SandboxHarness;
  const contract = new ContractChecker();
  before(async () => {
    const sandbox = await startSandbox({
      clockStart: CLOCK_START,
      notificationTimeScale: 0.0005,
      ...options,
      port: 0,
      onAnswer: (answer) => {
        contract.observe(answer);
        options.onAnswer?.(answer);
      },
    });
    const clientWith = (extra: Partial<ClientOptions>) =>
      new MarketplaceClient({
        baseUrl: sandbox.url,
        token: () => sandbox.token,
        retryLimit: 2,
        backoffLimitMs: 50,
        timeoutMs: 5000,
        ...extra,
      });
    const raw: SandboxHarness['raw'] = async (method, path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? sandbox.token : init.token;
      if (token) headers.authorization = `Bearer ${token}`;
      if (init.body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(sandbox.url + path, {
        method,
        headers,
        body:
          init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
        redirect: 'manual',
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    };
    Object.assign(harness, {
      sandbox,
      url: sandbox.url,
      token: sandbox.token,
      client: clientWith({}),
      clientWith,
      raw,
      admin: async (method: string, path: string, body?: unknown) => {
        const result = await raw(method, path, { token: null, body });
        if (result.status >= 400)
          throw new Error(`admin ${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
        return result.body;
      },
      reset: async () => {
        await raw('POST', '/_sandbox/reset', { token: null });
      },
    });
  });
  if (resetEachTest) beforeEach(() => harness.reset());
  after(() => harness.sandbox?.close());
  after('every answer of the sandbox matches the OpenAPI document', () => {
    const report = contract.report();
    if (report) throw new Error(report);
  });
  return harness;
}

/** A seeded test user as `GET /_sandbox/users` lists it. */
export interface SandboxTestUser {
  id: number;
  nickname: string;
  site_id: string;
  role: string;
  token: string;
}

/**
 * The test seller of a site (every site MLA, MLB, MLM, MCO, MLC, MPE, MLU has one): its id, nickname, start token
 * and a client signed in as it. Items are listed on the seller's own site, so a body for site X needs X's seller.
 */
export async function siteSeller(
  h: SandboxHarness,
  siteId: string,
): Promise<SandboxTestUser & { client: MarketplaceClient }> {
  const id = sellerIdOfSite(siteId);
  if (id === undefined) throw new Error(`The sandbox has no test seller on site ${siteId}.`);
  const users = await h.admin<SandboxTestUser[]>('GET', '/_sandbox/users');
  const seller = users.find((user) => user.id === id);
  if (!seller?.token) throw new Error(`The seller ${id} of ${siteId} has no start token.`);
  return { ...seller, client: h.clientWith({ token: () => seller.token }) };
}

/** A temporary folder removed after the suite. */
export function useTempDir(prefix = 'mi-test-'): { path: string } {
  const holder = { path: '' };
  before(() => {
    holder.path = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => rmSync(holder.path, { recursive: true, force: true }));
  return holder;
}
