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

/** The glob of each kind, for `contributes.jsonValidation` and document selectors. */
export const PAYLOAD_GLOBS: Record<PayloadKind, string> = {
  item: '*.item.json',
  saleTerms: '*.sale-terms.json',
  sizeChart: '*.size-chart.json',
  chartItems: '*.chart-items.json',
  note: '*.note.json',
  feedback: '*.feedback.json',
  blacklist: '*.blacklist.json',
};

const SUFFIXES: [string, PayloadKind][] = [
  ['.sale-terms.json', 'saleTerms'],
  ['.size-chart.json', 'sizeChart'],
  ['.chart-items.json', 'chartItems'],
  ['.item.json', 'item'],
  ['.note.json', 'note'],
  ['.feedback.json', 'feedback'],
  ['.blacklist.json', 'blacklist'],
];

/** An item id: a site prefix (three capital letters) and digits, e.g. MLA1234567. */
export const ITEM_ID = /^[A-Z]{3}\d{4,}$/;
const NUMERIC_ID = /^\d{1,19}$/;

/** Classifies a file by its base name (a path is fine: only the last segment counts). */
export function classifyPayloadFile(fileName: string): PayloadFile | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const lower = base.toLowerCase();
  const match = SUFFIXES.find(([suffix]) => lower.endsWith(suffix));
  if (!match) return undefined;
  const [suffix, kind] = match;
  const stem = base.slice(0, base.length - suffix.length);
  switch (kind) {
    case 'item':
      return ITEM_ID.test(stem)
        ? { kind, target: stem, action: 'update', method: 'PUT', path: `/items/${stem}` }
        : { kind, target: undefined, action: 'create', method: 'POST', path: '/items' };
    case 'saleTerms':
      return ITEM_ID.test(stem)
        ? { kind, target: stem, action: 'update', method: 'PUT', path: `/items/${stem}` }
        : {
            kind,
            target: undefined,
            action: 'update',
            method: 'PUT',
            path: undefined,
            problem: `Name the file after the item it updates, e.g. MLA1234567${suffix}`,
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
            problem: `Name the file after the size chart, e.g. 1200345${suffix}`,
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
        problem: `Name the file after the order, e.g. 2000001234${suffix}`,
      };
    }
    case 'blacklist':
      return { kind, target: undefined, action: 'create', method: 'POST', path: '/users/{me}/order_blacklist' };
  }
}

/** One line a user reads above the file: `PUT /items/MLA1234567 (update)`. */
export function describePayloadFile(file: PayloadFile): string {
  if (!file.path) return file.problem ?? 'Unknown target';
  return `${file.method} ${file.path} (${file.action})`;
}
