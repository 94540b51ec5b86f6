import * as l10n from '@vscode/l10n';
/**
 * Which request a payload file makes, read from its name alone, so the user always sees the target:
 *
 * | file name | request |
 * |---|---|
 * | `MLA1234567.item.json` (an item id) | `PUT /items/MLA1234567` (update) |
 * | any other `*.item.json` | `POST /items` (create) |
 * | `MLA1234567.sale-terms.json` | `PUT /items/MLA1234567` with `{sale_terms}` |
 * | `123456.size-chart.json` (a chart id) | `PUT /size_charts/123456` (complete chart) |
 * | any other `*.size-chart.json` | `POST /size_charts` (create) |
 * | `123456.chart-items.json` | `PUT /size_charts/123456/items` (replaces the whole list) |
 * | `2000000123.note.json` (an order id) | `POST /orders/2000000123/notes` |
 * | `2000000123.feedback.json` | `POST /orders/2000000123/feedback` |
 * | `*.blacklist.json` | `POST /users/{me}/order_blacklist` |
 *
 * A kind whose target must be in the name (sale terms, notes, feedback) but isn't gets `target: undefined` and a
 * `problem` saying how to name the file.
 *
 * Case does not matter, because spreadsheets, zip tools and case-insensitive file systems change it:
 * - suffixes are read in any case: `Phone.Item.Json` and `X.ITEM.JSON` are item creations like `x.item.json`;
 * - an item id in the stem is read in any case and upper-cased, as the API writes item ids: `mla1400000401.item.json`
 *   (or `Mla1400000401.ITEM.JSON`) updates `MLA1400000401`, exactly like `MLA1400000401.item.json`. A stem that is no
 *   item id in any case (`mla140000040l`, `ML1400000401`) stays a creation;
 * - `PAYLOAD_GLOBS` spell every letter as a character class (`*.[iI][tT][eE][mM].[jJ][sS][oO][nN]`), because the
 *   globs of VS Code and of its JSON language service (`contributes.jsonValidation` fileMatch) are case-sensitive.
 */

export type PayloadKind = 'item' | 'saleTerms' | 'sizeChart' | 'chartItems' | 'note' | 'feedback' | 'blacklist';

export interface PayloadFile {
  kind: PayloadKind;
  /** The resource the file updates (item id, chart id, order id); undefined for creations. */
  target: string | undefined;
  /** `create` or `update` (notes, feedback and blacklist entries are always `create`). */
  action: 'create' | 'update';
  method: 'POST' | 'PUT';
  /** The request path; `{me}` stands for the signed-in user's id. */
  path: string | undefined;
  /** What is wrong with the name, when the request cannot be known from it. */
  problem?: string;
}

/** The suffix of each kind's file name, as the extension writes it (lower case). */
export const PAYLOAD_SUFFIXES: Record<PayloadKind, string> = {
  item: '.item.json',
  saleTerms: '.sale-terms.json',
  sizeChart: '.size-chart.json',
  chartItems: '.chart-items.json',
  note: '.note.json',
  feedback: '.feedback.json',
  blacklist: '.blacklist.json',
};

/**
 * A glob that matches its letters in any case: each ASCII letter outside a `[…]` class becomes a class of both cases
 * (`*.item.json` → `*.[iI][tT][eE][mM].[jJ][sS][oO][nN]`). VS Code's globs and the JSON language service's fileMatch
 * are case-sensitive; both read character classes.
 */
export function anyCaseGlob(glob: string): string {
  let out = '';
  let inClass = false;
  for (const char of glob) {
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    out += !inClass && /^[a-zA-Z]$/.test(char) ? `[${lower}${upper}]` : char;
  }
  return out;
}

/** The glob of each kind in any case, for `contributes.jsonValidation`, document selectors and file searches. */
export const PAYLOAD_GLOBS = Object.fromEntries(
  Object.entries(PAYLOAD_SUFFIXES).map(([kind, suffix]) => [kind, anyCaseGlob(`*${suffix}`)]),
) as Record<PayloadKind, string>;

/** Every payload file in any folder, in any case, as one glob for file searches (`*.{item,…}.json`, each letter a class). */
export const ANY_PAYLOAD_GLOB = `**/${anyCaseGlob(
  `*.{${Object.values(PAYLOAD_SUFFIXES)
    .map((suffix) => suffix.slice(1, -'.json'.length))
    .join(',')}}.json`,
)}`;

/** package.json `activationEvents` for workspaces holding payload files (written by `npm run schemas`). */
export const PAYLOAD_ACTIVATION_EVENTS = Object.values(PAYLOAD_GLOBS).map((glob) => `workspaceContains:**/${glob}`);

/** Longest suffixes first, so `.sale-terms.json` is never read as another kind. */
const SUFFIXES: [string, PayloadKind][] = (Object.entries(PAYLOAD_SUFFIXES) as [PayloadKind, string][])
  .map(([kind, suffix]): [string, PayloadKind] => [suffix, kind])
  .sort((a, b) => b[0].length - a[0].length);

/** An item id: a site prefix (three capital letters) and digits, e.g. MLA1234567. */
export const ITEM_ID = /^[A-Z]{3}\d{4,}$/;
/** An item id in a file name, in any case (ASCII only: the `i` flag without `u` never folds `ſ` into `s`). */
const ITEM_ID_ANY_CASE = /^[A-Z]{3}\d{4,}$/i;
/** An order or size chart id: digits, at most 19 (what fits the API's 64-bit ids). */
export const NUMERIC_ID = /^\d{1,19}$/;

/** The item id a file stem names, upper-cased as the API writes it; undefined when the stem is no item id. */
export function itemIdOfStem(stem: string): string | undefined {
  return ITEM_ID_ANY_CASE.test(stem) ? stem.toUpperCase() : undefined;
}

/** Classifies a file by its base name (a path is fine: only the last segment counts). */
export function classifyPayloadFile(fileName: string): PayloadFile | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  // ASCII letters only, as the globs' classes: the Kelvin sign must not read as the `k` of `.blacklist.json`.
  const lower = base.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const match = SUFFIXES.find(([suffix]) => lower.endsWith(suffix));
  if (!match) return undefined;
  const [suffix, kind] = match;
  const stem = base.slice(0, base.length - suffix.length);
  const itemId = itemIdOfStem(stem);
  switch (kind) {
    case 'item':
      return itemId
        ? { kind, target: itemId, action: 'update', method: 'PUT', path: `/items/${itemId}` }
        : { kind, target: undefined, action: 'create', method: 'POST', path: '/items' };
    case 'saleTerms':
      return itemId
        ? { kind, target: itemId, action: 'update', method: 'PUT', path: `/items/${itemId}` }
        : {
            kind,
            target: undefined,
            action: 'update',
            method: 'PUT',
            path: undefined,
            problem: l10n.t('Name the file after the item it updates, e.g. MLA1234567{0}', suffix),
          };
    case 'sizeChart':
      return NUMERIC_ID.test(stem)
        ? { kind, target: stem, action: 'update', method: 'PUT', path: `/size_charts/${stem}` }
        : { kind, target: undefined, action: 'create', method: 'POST', path: '/size_charts' };
    case 'chartItems':
      return NUMERIC_ID.test(stem)
        ? { kind, target: stem, action: 'update', method: 'PUT', path: `/size_charts/${stem}/items` }
        : {
            kind,
            target: undefined,
            action: 'update',
            method: 'PUT',
            path: undefined,
            problem: l10n.t('Name the file after the size chart, e.g. 1200345{0}', suffix),
          };
    case 'note':
    case 'feedback': {
      if (NUMERIC_ID.test(stem)) {
        return {
          kind,
          target: stem,
          action: 'create',
          method: 'POST',
          path: `/orders/${stem}/${kind === 'note' ? 'notes' : 'feedback'}`,
        };
      }
      return {
        kind,
        target: undefined,
        action: 'create',
        method: 'POST',
        path: undefined,
        problem: l10n.t('Name the file after the order, e.g. 2000001234{0}', suffix),
      };
    }
    case 'blacklist':
      return { kind, target: undefined, action: 'create', method: 'POST', path: '/users/{me}/order_blacklist' };
  }
}

/** One line a user reads above the file: `PUT /items/MLA1234567 (update)`. */
export function describePayloadFile(file: PayloadFile): string {
  if (!file.path) return file.problem ?? l10n.t('Unknown target');
  return `${file.method} ${file.path} (${file.action})`;
}
