// The diagnostics of a payload file, without VS Code: parse once, run every rule of src/rules/ that the file's kind
// can break with whatever live context is cached, and place each finding at its JSON path. Pure and synchronous, so
// it is unit-tested in plain Node against the sandbox and timed in `npm run bench`.
import * as l10n from '@vscode/l10n';
import type { Item, SaleTermDefinition } from '../../model/item';
import { classifyPayloadFile, type PayloadFile } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import { type KindContext, kindFindings } from '../../rules/byKind';
import { addAll, type Finding, finding, type JsonPath, type Severity } from '../../rules/finding';
import type { ItemRulesContext, LiveItemView } from '../../rules/items';
import { feedbackAllowedFindings } from '../../rules/orderFeedback';
import { chartItemPositions } from '../../rules/sizeChartBodies';
import { sizeAttributeRule } from '../../rules/sizeCharts';
import { JSON_SYNTAX_CODE, type ParsedJson, parseJson, type TextSpan } from '../../text/jsonText';
import { fixesFor, type QuickFixData } from './fixes';
import { LiveLookups, type LiveRequest, type LiveSnapshot } from './liveLookups';

// ---------------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------------

/** A diagnostic ready for VS Code: where, what, how bad, which rule, and the fixes when the fix is clear. */
export interface AnalysisDiagnostic {
  range: TextSpan;
  message: string;
  severity: Severity;
  code: string;
  path: JsonPath;
  fixes?: QuickFixData[];
}

export interface PayloadAnalysis {
  /** The request the file makes; undefined when the name is not a payload file's. */
  file: PayloadFile | undefined;
  diagnostics: AnalysisDiagnostic[];
  /** Checks that were skipped because nobody is signed in (they need the API). */
  needsApi: string[];
  /** Live data on its way: these checks run when it arrives. */
  pending: string[];
  /** What to fetch (then analyse again). */
  requests: LiveRequest[];
  /** The body as parsed (what the file's JSON schema judges too); undefined when the name is not a payload file's. */
  body?: unknown;
}

/** Code of the information diagnostic that names the checks skipped offline. */
export const OFFLINE_CODE = 'authoring.offline';
/** Code of the information diagnostic that says live data could not be loaded. */
export const LIVE_FAILED_CODE = 'authoring.live_failed';
/** How long a failed load of live data is kept before it is asked again. */
export const LIVE_RETRY_MS = 30_000;
/** Code of JSON syntax errors. */
export const PARSE_ERROR_CODE = JSON_SYNTAX_CODE;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What the per-kind analysers share. */
interface Run {
  file: PayloadFile;
  parsed: ParsedJson;
  value: unknown;
  live: LiveLookups | undefined;
  needsApi: string[];
  /** Sale term definitions of the file's category, once known (for unit fixes). */
  definitions?: readonly SaleTermDefinition[];
  /** Maps a rule's path onto the file (a `.sale-terms.json` written as a bare array drops the leading `sale_terms`). */
  pathOffset: (path: JsonPath) => JsonPath;
}

/**
 * Analyses a payload file: JSON syntax, every rule its kind can break (with the live context when `live` is given),
 * each finding at its JSON path with quick fixes where the fix is clear. Signed out (`live` undefined), the static
 * rules run and `needsApi` names the checks skipped; an information diagnostic at the top says so.
 */
export function analyzePayload(fileName: string, content: string, live?: LiveSnapshot): PayloadAnalysis {
  const file = classifyPayloadFile(fileName);
  const result: PayloadAnalysis = { file, diagnostics: [], needsApi: [], pending: [], requests: [] };
  if (!file) return result;
  const parsed = parseJson(content);
  result.body = parsed.value;
  for (const error of parsed.errors) {
    result.diagnostics.push({
      range: error.span,
      message: `${error.message}.`,
      severity: 'error',
      code: error.code,
      path: [],
    });
  }
  const lookups = live ? new LiveLookups(live) : undefined;
  const run: Run = { file, parsed, value: parsed.value, live: lookups, needsApi: [], pathOffset: (path) => path };
  // l10n: not translated (the problem is already in words, from classifyPayloadFile; 'warning' is a severity)
  const findings: Finding[] = file.problem ? [finding('payload.file_name', [], `${file.problem}.`, 'warning')] : [];
  if (parsed.root !== undefined) addAll(findings, fileFindings(run));

  const broken = parsed.errors.length > 0;
  for (const entry of findings) {
    const path = run.pathOffset(entry.path);
    // In a file that does not parse, only findings on fields that exist are shown: a half-typed line must not turn
    // into "title is required".
    if (broken && (path.length > 0 ? !parsed.nodeAt(path) : !entry.code.startsWith('payload.'))) continue;
    const fixes = fixesFor(run, entry, path);
    result.diagnostics.push({
      range: parsed.spanOf(path),
      message: entry.message,
      severity: entry.severity,
      code: entry.code,
      path,
      ...(fixes.length ? { fixes } : {}),
    });
  }
  const top = parsed.span(parsed.root?.offset ?? 0, parsed.root ? 1 : 0);
  result.needsApi = [...new Set(run.needsApi)];
  if (result.needsApi.length) {
    result.diagnostics.push({
      range: top,
      message: offlineMessage(result.needsApi),
      severity: 'info',
      code: OFFLINE_CODE,
      path: [],
    });
  }
  if (lookups) {
    result.pending = lookups.pending;
    result.requests = lookups.requests;
    for (const failure of lookups.failures) {
      result.diagnostics.push({
        range: top,
        message: l10n.t(
          'Could not load {0} from {1}: {2}. The checks that need it are skipped until it loads; it is asked again on your next edit after {3} seconds.',
          failure.what,
          lookups.snapshot.environmentLabel,
          failure.message,
          LIVE_RETRY_MS / 1000,
        ),
        severity: 'info',
        code: LIVE_FAILED_CODE,
        path: [],
      });
    }
  }
  return result;
}

/** "Category sale terms and editability against the live item are checked when signed in…" */
export function offlineMessage(checks: readonly string[]): string {
  const list = checks.length === 1 ? checks[0]! : `${checks.slice(0, -1).join(', ')} and ${checks[checks.length - 1]}`;
  return l10n.t(
    '{0}{1} {2} checked when signed in (Marketplace: Use Local Sandbox, or Sign In…); the rules that need no API ran.',
    list.charAt(0).toUpperCase(),
    list.slice(1),
    checks.length === 1 ? 'is' : 'are',
  );
}

function fileFindings(run: Run): Finding[] {
  const { file } = run;
  switch (file.kind) {
    case 'item':
      return file.target ? itemUpdateFindings(run, file.target, run.value) : itemCreationFindings(run);
    case 'saleTerms':
      return saleTermsFileFindings(run);
    case 'sizeChart':
      return sizeChartFindings(run);
    case 'chartItems':
      return chartItemsFindings(run);
    case 'note':
    case 'feedback':
      return [...kindFindings(file.kind, run.value), ...orderFindings(run, file.target, file.kind)];
    case 'blacklist':
      if (!run.live) run.needsApi.push(l10n.t('that you are not blocking yourself'));
      // Signed out there is no owner to compare with: no user id is then the owner's.
      return kindFindings('blacklist', run.value, { userId: run.live?.snapshot.account.userId });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------------------------

/** The category id an item file's sale terms belong to: the payload's for a creation, the live item's otherwise. */
export function fileCategoryId(file: PayloadFile, value: unknown, live: LiveLookups | undefined): string | undefined {
  if (file.kind === 'item' && !file.target) return isRecord(value) ? text(value.category_id) : undefined;
  if ((file.kind === 'item' || file.kind === 'saleTerms') && file.target && live) {
    const item = live.value('item', file.target, `item ${file.target}`);
    return item?.category_id;
  }
  return undefined;
}

/**
 * The site's listing types when the payload names one (`GET /sites/{site_id}/listing_types`): with them an unknown
 * listing type is a Warning; without them, a hint.
 */
function listingTypesContext(run: Run, payload: unknown, siteId: string): ItemRulesContext['listingTypes'] {
  if (!run.live || !isRecord(payload) || !text(payload.listing_type_id)) return undefined;
  const types = run.live.value('listingTypes', siteId, l10n.t('the listing types of site {0}', siteId));
  return types && { siteId, ids: types.map((type) => type.id) };
}

function itemCreationFindings(run: Run): Finding[] {
  const payload = run.value;
  const context: ItemRulesContext = {};
  const kind: KindContext = { item: context };
  const categoryId = isRecord(payload) ? text(payload.category_id) : undefined;
  if (run.live) {
    const siteId = (isRecord(payload) && text(payload.site_id)) || run.live.snapshot.account.siteId;
    context.siteId = siteId;
    if (categoryId) {
      const got = run.live.get('category', categoryId, l10n.t('the sale terms of category {0}', categoryId));
      if (got?.state === 'ready') {
        context.category = { id: categoryId, sale_terms: got.value };
        run.definitions = got.value;
      } else if (got?.state === 'missing') {
        // The sandbox holds part of the category tree: what it does not know, the real API decides.
        if (run.live.snapshot.environment === 'sandbox') context.categoryUnknownToSandbox = true;
        else context.unknownCategory = true;
      }
    }
    context.listingTypes = listingTypesContext(run, payload, siteId);
    const site = run.live.value('site', siteId, l10n.t('the currencies and payment methods of site {0}', siteId));
    if (site?.currencies?.length) context.currencies = site.currencies.map((currency) => currency.id);
    if (site) kind.paymentSite = { id: siteId, payment_method_ids: site.payment_method_ids };
  } else {
    run.needsApi.push(
      categoryId ? l10n.t("category {0}'s sale terms", categoryId) : l10n.t('category sale terms'),
      l10n.t('whether the category exists'),
      l10n.t("the site's currencies and payment methods"),
    );
  }
  return kindFindings('itemCreate', payload, kind);
}

/** The live item as the update rules see it. */
export function liveItemView(item: Item): LiveItemView {
  return {
    status: item.status,
    sub_status: item.sub_status,
    condition: item.condition,
    listing_type_id: item.listing_type_id,
    available_quantity: item.available_quantity,
    sold_quantity: item.sold_quantity,
    deleted: item.deleted,
    title: item.title,
    buying_mode: item.buying_mode,
    variations: item.variations,
    category_id: item.category_id,
    sale_terms: item.sale_terms?.map((term) => ({ id: term.id, value_name: term.value_name ?? null })),
    shipping: item.shipping ? { tags: item.shipping.tags, logistic_type: item.shipping.logistic_type } : null,
  };
}

/** An item update (`MLA….item.json`) or its sale terms (`MLA….sale-terms.json`), against the live item when known. */
function itemUpdateFindings(
  run: Run,
  itemId: string,
  payload: unknown,
  kind: 'itemUpdate' | 'saleTerms' = 'itemUpdate',
): Finding[] {
  const live = run.live;
  if (!live) {
    run.needsApi.push(l10n.t('category sale terms'), l10n.t('editability against the live item'));
    return kindFindings(kind, payload, { target: itemId });
  }
  const got = live.get('item', itemId, `item ${itemId}`);
  if (got?.state === 'missing') {
    return [
      finding(
        'payload.item.not_found',
        [],
        l10n.t(
          'Item {0} was not found on {1} ({2}). The file name makes this file a PUT /items/{0}: name it after one of your items, or without an id (e.g. new-phone.item.json) to create an item.',
          itemId,
          live.snapshot.environmentLabel,
          got.message,
        ),
      ),
      ...kindFindings(kind, payload, { target: itemId }),
    ];
  }
  if (got?.state !== 'ready') return kindFindings(kind, payload, { target: itemId });
  const item = got.value;
  const findings: Finding[] = [];
  const { account } = live.snapshot;
  if (item.seller_id !== account.userId) {
    findings.push(
      finding(
        'payload.item.not_yours',
        [],
        l10n.t(
          "Item {0} belongs to seller {1}, not to {2}: only its seller can modify it. Sign in with the seller's account, or name the file after one of your items.",
          itemId,
          String(item.seller_id),
          account.nickname,
        ),
      ),
    );
  }
  const context: ItemRulesContext = { listingTypes: listingTypesContext(run, payload, item.site_id) };
  const definitions = live.value(
    'category',
    item.category_id,
    l10n.t('the sale terms of category {0}', item.category_id),
  );
  if (definitions) {
    context.category = { id: item.category_id, sale_terms: definitions };
    run.definitions = definitions;
  }
  return [...findings, ...kindFindings(kind, payload, { target: itemId, item: context, liveItem: liveItemView(item) })];
}

const SALE_TERMS_EXAMPLE = '[{"id": "MANUFACTURING_TIME", "value_name": "30 días"}]';

function saleTermsFileFindings(run: Run): Finding[] {
  const { file } = run;
  let body = run.value;
  const findings: Finding[] = [];
  const target = file.target ?? l10n.t('the item');
  if (Array.isArray(body)) {
    findings.push(
      finding(
        'payload.sale_terms.not_wrapped',
        [],
        l10n.t(
          'A .sale-terms.json file holds the body of PUT /items/{0}: an object {"sale_terms": [ … ]}, not a bare array. Wrap the array in it.',
          file.target ?? '{id}',
        ),
      ),
    );
    // The rules speak of ['sale_terms', i, …]; in this file the array is the root.
    run.pathOffset = (path) => (path[0] === 'sale_terms' ? path.slice(1) : path);
    body = { sale_terms: body };
  }
  if (!isRecord(body)) {
    return [
      ...findings,
      finding(
        'payload.sale_terms.body',
        [],
        l10n.t('Send a JSON object {"sale_terms": {0}}: the sale terms to set on {1}.', SALE_TERMS_EXAMPLE, target),
      ),
    ];
  }
  for (const key of Object.keys(body)) {
    if (key === 'sale_terms') continue;
    findings.push(
      finding(
        'payload.sale_terms.extra_field',
        [key],
        l10n.t(
          '{0} does not belong in a .sale-terms.json file, which sends only {"sale_terms": […]} to PUT /items/{1}; change other fields in {2}.item.json.',
          key,
          file.target ?? '{id}',
          file.target ?? 'the item',
        ),
      ),
    );
  }
  if (body.sale_terms === undefined) {
    findings.push(
      finding(
        'payload.sale_terms.required',
        ['sale_terms'],
        l10n.t('sale_terms is required: the list of sale terms to set, e.g. {0}.', SALE_TERMS_EXAMPLE),
      ),
    );
    return findings;
  }
  if (!file.target) return [...findings, ...kindFindings('saleTerms', body)];
  // The request the file makes is exactly PUT /items/{id} with {sale_terms}: judge that body against the live item.
  return [...findings, ...itemUpdateFindings(run, file.target, { sale_terms: body.sale_terms }, 'saleTerms')];
}

// ---------------------------------------------------------------------------------------------------------------
// Size charts and their items
// ---------------------------------------------------------------------------------------------------------------

function sizeChartFindings(run: Run): Finding[] {
  if (!isRecord(run.value)) return kindFindings('sizeChart', run.value);
  let site: { siteId: string; measurementIds: string[] } | undefined;
  if (run.live) {
    const siteId = run.live.snapshot.account.siteId;
    const measurements = run.live.value(
      'measurements',
      siteId,
      l10n.t('the measurement attributes of site {0}', siteId),
    );
    if (measurements) site = { siteId, measurementIds: measurements.map((entry) => entry.id) };
  } else {
    run.needsApi.push(l10n.t("the measurement ids of your site's size charts"));
  }
  return kindFindings('sizeChart', run.value, { measurements: site });
}

/** Item ids checked live at most per chart-items file (each is a multi-get entry). */
const MAX_LIVE_CHART_ITEMS = 200;

function chartItemsFindings(run: Run): Finding[] {
  const body = run.value;
  const findings = kindFindings('chartItems', body);
  // The live checks need a well-formed list: each item once, at the position it is first listed.
  if (!isRecord(body) || !Array.isArray(body.items)) return findings;
  const seen = chartItemPositions(body);
  const live = run.live;
  if (!live) {
    run.needsApi.push(l10n.t('whether each item is yours and has a complete SIZE attribute'));
    return findings;
  }
  let checked = 0;
  for (const [id, index] of seen) {
    if (checked++ >= MAX_LIVE_CHART_ITEMS) break;
    const got = live.get('item', id, `item ${id}`);
    if (got?.state === 'missing') {
      findings.push(
        finding(
          'chart_items.item_not_found',
          ['items', index],
          l10n.t(
            'Item {0} was not found on {1}; remove it from the list or fix the id.',
            id,
            live.snapshot.environmentLabel,
          ),
        ),
      );
      continue;
    }
    if (got?.state !== 'ready') continue;
    const item = got.value;
    if (item.seller_id !== live.snapshot.account.userId) {
      findings.push(
        finding(
          'chart_items.not_yours',
          ['items', index],
          l10n.t(
            'A chart may be associated only with listings of its creator; item {0} belongs to seller {1}. Remove it from the list.',
            id,
            String(item.seller_id),
          ),
        ),
      );
      continue;
    }
    for (const entry of sizeAttributeRule(item)) findings.push({ ...entry, path: ['items', index] });
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------------------------

function orderFindings(run: Run, orderId: string | undefined, kind: 'note' | 'feedback'): Finding[] {
  const live = run.live;
  if (!orderId) return [];
  if (!live) {
    run.needsApi.push(
      kind === 'note'
        ? l10n.t('whether the order exists')
        : l10n.t('whether the order takes feedback now (paid, not rated yet, before its deadline)'),
    );
    return [];
  }
  const got = live.get('order', orderId, `order ${orderId}`);
  if (got?.state === 'missing') {
    return [
      finding(
        'payload.order.not_found',
        [],
        l10n.t(
          'Order {0} was not found on {1} ({2}); name the file after one of your orders, e.g. 2000001234.{3}.json.',
          orderId,
          live.snapshot.environmentLabel,
          got.message,
          kind,
        ),
      ),
    ];
  }
  if (got?.state !== 'ready') return [];
  const order = got.value;
  const me = live.snapshot.account.userId;
  const role = order.seller?.id === me ? 'seller' : order.buyer?.id === me ? 'buyer' : undefined;
  if (!role) {
    return [
      finding(
        'payload.order.not_yours',
        [],
        l10n.t(
          'Order {0} is neither a sale nor a purchase of {1}; only its seller and buyer can {2}.',
          orderId,
          live.snapshot.account.nickname,
          kind === 'note' ? 'keep notes on it' : 'rate it',
        ),
      ),
    ];
  }
  if (kind === 'note') return [];
  // The order rules point into the order, not into this file: they are shown at the top.
  return feedbackAllowedFindings(order, role, live.snapshot.now()).map((entry) => ({
    ...entry,
    path: [],
    message: l10n.t('Order {0}: {1}', orderId, entry.message),
  }));
}
