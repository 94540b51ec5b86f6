// What a payload file sends, without VS Code: the request its name makes (`payloadFiles.ts`), the body that goes out
// and the rules it must pass. An item update sends only what differs from the live item (fetched by the caller), and
// a field the item's state does not allow is refused with the spec's reason. Pure, so it is unit-tested in plain Node
// and the plan is checked against the sandbox by actually sending it.
import * as l10n from '@vscode/l10n';
import type { Item } from '../../model/item';
import { classifyPayloadFile, type PayloadFile, type PayloadKind } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import { kindFindings, requestKindOf } from '../../rules/byKind';
import { addAll, errorsOf, type Finding, finding } from '../../rules/finding';
import type { ItemRulesContext } from '../../rules/items';
import { JSON_SYNTAX_CODE, parseFailure, parseJson } from '../../text/jsonText';
import { liveItemView } from '../authoring/analysis';

/** The live item an update is compared with; `listing_type_changes` when known (the sandbox's admin surface). */
export type LiveItem = Item & { listing_type_changes?: number };

/** What the caller fetched for the plan. Everything is optional: a rule whose context is missing is skipped. */
export interface PlanLive {
  /** The signed-in user's id: replaces `{me}` in paths, and the owner the blacklist and item rules compare with. */
  userId?: number;
  /** The live item of an update (`MLA….item.json`, `MLA….sale-terms.json`). */
  item?: LiveItem;
  /** Category facts (sale term definitions, vertical) of the item or of the creation's category. */
  category?: ItemRulesContext['category'];
  /** Set when the creation's category is known not to exist. */
  unknownCategory?: boolean;
  /** Currencies accepted on the site. */
  currencies?: readonly string[];
  /** The site's size chart measurement ids. */
  measurements?: { siteId: string; measurementIds: string[] };
}

export interface RequestPlan {
  kind: PayloadKind | undefined;
  method: 'POST' | 'PUT';
  /** The request path, `{me}` replaced; undefined when the file name does not say the target. */
  path: string | undefined;
  /** The body to send (for an update, only what changes). */
  body: unknown;
  /** Top-level fields of an update's body (after the diff); empty for creations. */
  changedFields: string[];
  findings: Finding[];
  /** True when an error finding blocks the request (the user may still send anyway where that makes sense). */
  refused: boolean;
  /** The CodeLens line: `PUT /items/MLA1234567 · 3 fields changed`. */
  summary: string;
}

const absent = (value: unknown): boolean => value === undefined || value === null;

/**
 * Whether a payload value says nothing new about a live value: equal scalars (null and missing are the same), objects
 * whose every payload key matches (the live object may have more, e.g. `name` next to `value_name`), arrays of the
 * same length matching element by element.
 */
export function sameValue(payload: unknown, live: unknown): boolean {
  if (absent(payload) || absent(live)) return absent(payload) && absent(live);
  if (Array.isArray(payload)) {
    return Array.isArray(live) && payload.length === live.length && payload.every((v, i) => sameValue(v, live[i]));
  }
  if (isRecord(payload)) {
    return isRecord(live) && Object.entries(payload).every(([key, value]) => sameValue(value, live[key]));
  }
  return payload === live;
}

/** The sale terms of a payload that change the live ones, compared by id (removing an absent term changes nothing). */
export function changedSaleTerms(payload: readonly unknown[], live: readonly unknown[] | null | undefined): unknown[] {
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const term of live ?? []) if (isRecord(term)) byId.set(term.id, term);
  return payload.filter((term) => {
    if (!isRecord(term)) return true;
    const current = byId.get(term.id);
    const removal = 'value_name' in term && absent(term.value_name) && absent(term.value_id);
    if (!current) return !removal;
    if (removal) return true;
    const { id: _id, ...values } = term;
    return !sameValue(values, current);
  });
}

/**
 * The part of an update body that changes the live item: unchanged fields dropped, `shipping` reduced to its changed
 * keys (the API merges them), `sale_terms` to the terms that change (compared by id).
 */
export function diffItemUpdate(
  payload: Record<string, unknown>,
  live: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'sale_terms' && Array.isArray(value)) {
      const changed = changedSaleTerms(value, Array.isArray(live.sale_terms) ? live.sale_terms : []);
      if (changed.length) out[key] = changed;
      continue;
    }
    if (key === 'shipping' && isRecord(value)) {
      const current = isRecord(live.shipping) ? live.shipping : {};
      const changed = Object.fromEntries(Object.entries(value).filter(([sub, v]) => !sameValue(v, current[sub])));
      if (Object.keys(changed).length) out[key] = changed;
      continue;
    }
    if (!sameValue(value, live[key])) out[key] = value;
  }
  return out;
}

/** Plans the request of a payload file (see the module comment). */
export function planRequest(fileName: string, text: string, live: PlanLive = {}): RequestPlan {
  const file = classifyPayloadFile(fileName);
  if (!file) {
    const findings = [
      finding('payload.file_name', [], l10n.t('{0} is not a payload file name (e.g. *.item.json).', fileName)),
    ];
    return done(undefined, 'POST', undefined, undefined, [], findings);
  }
  const path = file.path?.replace('{me}', live.userId === undefined ? '{me}' : String(live.userId));
  const findings: Finding[] = [];
  if (file.problem) findings.push(finding('payload.file_name', [], `${file.problem}.`));
  if (path?.includes('{me}')) {
    findings.push(finding('request.signed_out', [], l10n.t('Sign in first: the path needs your user id.')));
  }
  const parsed = parseJson(text);
  if (parsed.errors.length || parsed.root === undefined) {
    const code = parsed.errors[0]?.code ?? JSON_SYNTAX_CODE;
    findings.push(finding(code, [], parseFailure(parsed) ?? l10n.t('The file is empty.')));
    return done(file.kind, file.method, path, undefined, [], findings);
  }
  const value = parsed.value;
  switch (file.kind) {
    case 'item':
      if (!file.target) {
        return done(file.kind, file.method, path, value, [], [...findings, ...creationFindings(value, live)]);
      }
      return planUpdate(file, path, value, live, findings);
    case 'saleTerms': {
      const body = Array.isArray(value) ? { sale_terms: value } : value;
      if (!isRecord(body) || !Array.isArray(body.sale_terms)) {
        findings.push(
          finding(
            'payload.sale_terms.body',
            [],
            l10n.t('Send a JSON object {0}.', '{"sale_terms": [{"id": "…", "value_name": "…"}]}'),
          ),
        );
        return done(file.kind, file.method, path, value, [], findings);
      }
      for (const key of Object.keys(body)) {
        if (key !== 'sale_terms') {
          findings.push(
            finding(
              'payload.sale_terms.extra_field',
              [key],
              l10n.t('{0} does not belong in a .sale-terms.json file.', key),
            ),
          );
        }
      }
      return planUpdate(file, path, { sale_terms: body.sale_terms }, live, findings);
    }
    case 'sizeChart':
      if (!isRecord(value))
        findings.push(finding('size_chart.body', [], l10n.t('Send a JSON object {0}.', '{"name", "sizes"}')));
      else addAll(findings, kindFindings('sizeChart', value, { measurements: live.measurements }));
      return done(file.kind, file.method, path, value, [], findings);
    case 'chartItems':
      if (!isRecord(value) || !Array.isArray(value.items) || value.items.some((id) => typeof id !== 'string')) {
        findings.push(
          finding(
            'chart_items.body',
            [],
            l10n.t('Send a JSON object {0}: the full list of items.', '{"items": ["MLA1234567890", …]}'),
          ),
        );
      }
      // The association is sent as written: the API answers for each id (the editor's diagnostics judge the ids).
      return done(file.kind, file.method, path, value, [], findings);
    case 'note':
    case 'feedback':
      return done(file.kind, file.method, path, value, [], addAll(findings, kindFindings(file.kind, value)));
    case 'blacklist':
      addAll(findings, kindFindings('blacklist', value, { userId: live.userId }));
      return done(file.kind, file.method, path, value, [], findings);
  }
}

function creationFindings(value: unknown, live: PlanLive): Finding[] {
  const context: ItemRulesContext = {
    category: live.category,
    unknownCategory: live.unknownCategory,
    currencies: live.currencies,
  };
  return kindFindings('itemCreate', value, { item: context });
}

function planUpdate(
  file: PayloadFile,
  path: string | undefined,
  value: unknown,
  live: PlanLive,
  findings: Finding[],
): RequestPlan {
  const item = live.item;
  if (!isRecord(value)) {
    findings.push(
      finding('item.body.invalid', [], l10n.t('The request body must be a JSON object with the item fields.')),
    );
    return done(file.kind, file.method, path, value, [], findings);
  }
  if (!item) {
    findings.push(
      finding(
        'request.item_unknown',
        [],
        l10n.t('Item {0} must be loaded first to know what changes.', file.target ?? ''),
      ),
    );
    return done(file.kind, file.method, path, value, Object.keys(value), findings);
  }
  if (live.userId !== undefined && item.seller_id !== live.userId) {
    findings.push(
      finding(
        'payload.item.not_yours',
        [],
        l10n.t('Item {0} belongs to seller {1}: only its seller can modify it.', item.id, String(item.seller_id)),
      ),
    );
  }
  const body = diffItemUpdate(value, item as unknown as Record<string, unknown>);
  const changedFields = Object.keys(body);
  if (changedFields.length === 0) {
    findings.push(
      finding(
        'request.nothing_changed',
        [],
        l10n.t("Nothing to send: every field of the file already has item {0}'s value.", item.id),
      ),
    );
    return done(file.kind, file.method, path, body, [], findings);
  }
  const view = { ...liveItemView(item), listing_type_changes: item.listing_type_changes };
  const context: ItemRulesContext = live.category ? { category: live.category } : {};
  addAll(findings, kindFindings(requestKindOf(file), body, { target: file.target, item: context, liveItem: view }));
  return done(file.kind, file.method, path, body, changedFields, findings);
}

function done(
  kind: PayloadKind | undefined,
  method: 'POST' | 'PUT',
  path: string | undefined,
  body: unknown,
  changedFields: string[],
  findings: Finding[],
): RequestPlan {
  const refused = errorsOf(findings).length > 0;
  const plan = { kind, method, path, body, changedFields, findings, refused };
  return { ...plan, summary: summarize(plan) };
}

/** The one-line CodeLens text of a plan. */
export function summarize(plan: Omit<RequestPlan, 'summary'>): string {
  const target = `${plan.method} ${plan.path ?? l10n.t('(unknown target)')}`;
  const errors = errorsOf(plan.findings);
  const isUpdate = plan.method === 'PUT' && (plan.kind === 'item' || plan.kind === 'saleTerms');
  if (errors.some((entry) => entry.code === 'request.nothing_changed')) return l10n.t('{0} · nothing changed', target);
  const fields = plan.changedFields.length;
  const what = isUpdate
    ? fields === 1
      ? l10n.t('1 field changed')
      : l10n.t('{0} fields changed', fields)
    : plan.kind === 'item' || plan.kind === 'sizeChart'
      ? plan.method === 'POST'
        ? l10n.t('create')
        : l10n.t('replace')
      : l10n.t('send');
  if (!errors.length) return `${target} · ${what}`;
  const refused = errors.length === 1 ? l10n.t('refused: 1 problem') : l10n.t('refused: {0} problems', errors.length);
  return `${target} · ${what} · ${refused}`;
}
