// Sending a payload file, without VS Code: load what its plan needs from the API (the live item, the category's sale
// terms, the site's currencies and measurements), plan it (`plan.ts`), send it, and tell the caller what came back,
// exchange record included (the size chart item list guard is `model/chartItemsChange.ts`). Unit-tested against the
// sandbox.
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import type { ExchangeRecord, MarketplaceClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { getCategorySaleTerms, getItem } from '../../api/items';
import { getSite } from '../../api/payments';
import { getMeasurements } from '../../api/sizeCharts';
import { classifyPayloadFile } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import { parseJson } from '../../text/jsonText';
import { type PlanLive, planRequest, type RequestPlan } from './plan';

/** Who sends: the client and the signed-in account. */
export interface Sender {
  client: MarketplaceClient;
  userId: number;
  siteId: string;
}

/** The sender of a session: its client and the signed-in account. */
export function senderOf(session: { client: MarketplaceClient; account: { userId: number; siteId: string } }): Sender {
  return { client: session.client, userId: session.account.userId, siteId: session.account.siteId };
}

/** A failed lookup becomes undefined: the plan then skips the rules that needed it (the API still checks). */
async function optional<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'cancelled') throw error;
    return undefined;
  }
}

/** Reference data (category sale terms, sites, measurements) shared by the plans of one run. */
export type PlanCache = Map<string, Promise<unknown>>;

/**
 * What `planRequest` needs of the API for this file. A missing live item stays missing (the plan says so). With a
 * cache, the reference data of many files is loaded once.
 */
export async function loadPlanLive(
  sender: Sender,
  fileName: string,
  text: string,
  cache?: PlanCache,
): Promise<PlanLive> {
  const file = classifyPayloadFile(fileName);
  const live: PlanLive = { userId: sender.userId };
  if (!file) return live;
  const parsed = parseJson(text);
  const value = parsed.errors.length ? undefined : parsed.value;
  const base = sender.client;
  const shared = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!cache) return load();
    let pending = cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      cache.set(key, pending);
    }
    return pending;
  };
  const client = {
    categoryTerms: (id: string) => shared(`category:${id}`, () => getCategorySaleTerms(base, id)),
    site: (id: string) => shared(`site:${id}`, () => getSite(base, id)),
    measurements: (id: string) => shared(`measurements:${id}`, () => getMeasurements(base, id)),
  };
  if ((file.kind === 'item' || file.kind === 'saleTerms') && file.target) {
    const target = file.target;
    live.item = await optional(() => getItem(base, target));
    const categoryId = live.item?.category_id;
    if (categoryId) {
      const terms = await optional(() => client.categoryTerms(categoryId));
      if (terms) live.category = { id: categoryId, sale_terms: terms };
    }
  } else if (file.kind === 'item' && isRecord(value)) {
    const categoryId = typeof value.category_id === 'string' ? value.category_id : undefined;
    if (categoryId) {
      try {
        live.category = { id: categoryId, sale_terms: await client.categoryTerms(categoryId) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) live.unknownCategory = true;
      }
    }
    const siteId = typeof value.site_id === 'string' ? value.site_id : sender.siteId;
    const site = await optional(() => client.site(siteId));
    if (site?.currencies?.length) live.currencies = site.currencies.map((currency) => currency.id);
  } else if (file.kind === 'sizeChart') {
    const measurements = await optional(() => client.measurements(sender.siteId));
    if (measurements) live.measurements = { siteId: sender.siteId, measurementIds: measurements.map((m) => m.id) };
  }
  return live;
}

/** Loads what the file's rules need and plans its request. */
export async function planPayload(
  sender: Sender,
  fileName: string,
  text: string,
  cache?: PlanCache,
): Promise<RequestPlan> {
  return planRequest(fileName, text, await loadPlanLive(sender, fileName, text, cache));
}

/** What one request produced: its answer or its error, with the exchange record when an answer arrived. */
export type SendOutcome =
  | { ok: true; body: unknown; record: ExchangeRecord | undefined }
  | { ok: false; error: ApiError; record: ExchangeRecord | undefined };

/** Sends one request and keeps its exchange record. Never retried here beyond what the client does for its method. */
export async function sendRequest(
  client: MarketplaceClient,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  let record: ExchangeRecord | undefined;
  try {
    const answer = await client.request(method, path, {
      json: body,
      schema: z.unknown(),
      signal,
      onExchange: (exchange) => {
        record = exchange;
      },
    });
    return { ok: true, body: answer, record };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error, record };
    throw error;
  }
}

/** Sends a plan as it is (the caller decided it may go). */
export function sendPlan(client: MarketplaceClient, plan: RequestPlan, signal?: AbortSignal): Promise<SendOutcome> {
  if (!plan.path) throw new Error(l10n.t('The file name does not say which resource to send to.'));
  return sendRequest(client, plan.method, plan.path, plan.body, signal);
}

/** `POST /items/validate` with an item creation payload: the API's verdict (204, or its causes) without creating. */
export function validateCreation(client: MarketplaceClient, body: unknown, signal?: AbortSignal): Promise<SendOutcome> {
  return sendRequest(client, 'POST', '/items/validate', body, signal);
}

/** A resource a request changed: the explorer node kind and id showing it, and the root listing its kind. */
export interface ChangedResource {
  kind: 'item' | 'order' | 'sizeChart' | 'blacklistRoot';
  id?: string;
  root: 'itemsRoot' | 'ordersRoot' | 'sizeChartsRoot' | 'blacklistRoot';
}

/** What a sent request changed, for the explorer to refresh: from its path, and the answer's id for a creation. */
export function changedResources(method: string, path: string, answer: unknown): ChangedResource[] {
  const answerId = isRecord(answer) && answer.id !== undefined && answer.id !== null ? String(answer.id) : undefined;
  let match = /^\/items\/([^/?]+)(?:\/|$|\?)/.exec(path);
  if (match?.[1] && match[1] !== 'validate')
    return [{ kind: 'item', id: decodeURIComponent(match[1]), root: 'itemsRoot' }];
  if (/^\/items\/?(?:\?|$)/.test(path) && method === 'POST') return [{ kind: 'item', id: answerId, root: 'itemsRoot' }];
  match = /^\/orders\/(\d+)/.exec(path);
  if (match?.[1]) return [{ kind: 'order', id: match[1], root: 'ordersRoot' }];
  match = /^\/size_charts\/(\d+)/.exec(path);
  if (match?.[1]) return [{ kind: 'sizeChart', id: match[1], root: 'sizeChartsRoot' }];
  if (/^\/size_charts\/?(?:\?|$)/.test(path)) return [{ kind: 'sizeChart', id: answerId, root: 'sizeChartsRoot' }];
  if (/^\/users\/\d+\/order_blacklist/.test(path)) return [{ kind: 'blacklistRoot', root: 'blacklistRoot' }];
  return [];
}

/**
 * The live value seen through a payload's shape, for "Diff with live": the payload's keys only (in its order), nested
 * objects likewise, arrays of objects with `id` (sale terms) by id, anything else as it is live; absent is `null`.
 */
export function projectLike(payload: unknown, live: unknown): unknown {
  if (isRecord(payload)) {
    if (!isRecord(live)) return live ?? null;
    return Object.fromEntries(Object.keys(payload).map((key) => [key, projectLike(payload[key], live[key])]));
  }
  if (Array.isArray(payload) && Array.isArray(live) && payload.every((entry) => isRecord(entry) && 'id' in entry)) {
    const byId = new Map(live.filter(isRecord).map((entry) => [entry.id, entry]));
    return payload.flatMap((entry) => {
      const current = byId.get((entry as Record<string, unknown>).id);
      return current ? [projectLike(entry, current)] : [];
    });
  }
  return live ?? null;
}
