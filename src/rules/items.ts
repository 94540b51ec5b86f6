import * as l10n from '@vscode/l10n';
import { ItemCreate, ItemUpdate, NUMBER_AS_TEXT, type SaleTermDefinition, type Vertical } from '../model/item';
import { isRecord } from '../model/records';
import { addAll, errorsOf, type Finding, finding, type JsonPath, valueAt } from './finding';
import { type EditableItemView, itemEditabilityFindings, READ_ONLY_FIELDS } from './itemEditability';
import { serverSetFieldFindings } from './itemFields';
import { type ItemStateView, itemTransition, type TransitionOutcome } from './itemStatus';
import { type KnownValuesContext, knownValueFindings } from './knownValues';
import { isFlex, isFulfillment, saleTermsFindings } from './saleTerms';
import { shapeFindings } from './shape';

/** Picture URLs recommended at most at creation. */
export const MAX_PICTURES_AT_CREATION = 6;
/** Units a listing of condition used may stock in the categories of USED_STOCK_LIMITED_CATEGORIES. */
export const USED_STOCK_LIMIT = 1;

/** The Limits section's categories, by site, where a used item may hold at most one unit. */
export const USED_STOCK_LIMITED_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  MLA: ['MLA1322', 'MLA3114', 'MLA47786', 'MLA430281'],
  MLM: ['MLM1456', 'MLM5529', 'MLM438426'],
  MLC: [
    'MLC3724',
    'MLC1339',
    'MLC158467',
    'MLC7022',
    'MLC158340',
    'MLC158425',
    'MLC158583',
    'MLC158350',
    'MLC3111',
    'MLC158335',
    'MLC158382',
    'MLC158342',
    'MLC158457',
    'MLC440323',
    'MLC158416',
    'MLC158307',
    'MLC440434',
    'MLC1455',
    'MLC455528',
    'MLC413460',
    'MLC440371',
    'MLC158422',
    'MLC158473',
    'MLC440654',
    'MLC440687',
    'MLC440714',
    'MLC440679',
  ],
  MPE: [
    'MPE3724',
    'MPE417397',
    'MPE6585',
    'MPE127832',
    'MPE127835',
    'MPE127808',
    'MPE127752',
    'MPE127828',
    'MPE127827',
    'MPE431499',
    'MPE127831',
    'MPE127894',
    'MPE431500',
    'MPE455528',
    'MPE431498',
    'MPE443832',
    'MPE127833',
    'MPE443907',
    'MPE443830',
    'MPE443973',
    'MPE443920',
    'MPE443969',
    'MPE413460',
    'MPE127826',
    'MPE127834',
    'MPE443975',
    'MPE430281',
    'MPE443953',
    'MPE443951',
    'MPE127830',
    'MPE417479',
  ],
};

const LIMITED = new Set(Object.values(USED_STOCK_LIMITED_CATEGORIES).flat());

/** Whether a category limits used listings to one unit. */
export const isUsedStockLimited = (categoryId: string): boolean => LIMITED.has(categoryId);

/** The category facts the item rules use; the sale terms are those of `GET /categories/{id}/sale_terms`. */
export interface CategoryContext {
  id: string;
  vertical?: Vertical;
  sale_terms?: readonly SaleTermDefinition[];
}

export interface ItemRulesContext extends KnownValuesContext {
  /** The item's category when known. */
  category?: CategoryContext;
  /** Set when the category id is known not to exist (only preset category ids are accepted). */
  unknownCategory?: boolean;
  /**
   * Set when the local sandbox does not know a well-formed category id of the right site: it cannot hold the whole
   * category tree, so the listing is accepted with advice and the real API decides.
   */
  categoryUnknownToSandbox?: boolean;
  /** The site a creation lists on when the body names none (the seller's own site). */
  siteId?: string;
  /** Currency ids accepted on the item's site, when known. */
  currencies?: readonly string[];
}

// Letters and digits, words separated by single spaces; a decimal point or comma between digits is part of a number
// (`2.0`, `1,5`), not punctuation.
const TITLE_PATTERN = /^[\p{L}\p{N}]+(?:[.,]\p{N}+)*(?: [\p{L}\p{N}]+(?:[.,]\p{N}+)*)*$/u;

/**
 * A title of words separated by single spaces, without symbols or punctuation, is the spec's advice; the real API
 * creates listings titled "Item de test - No Ofertar", so a title outside it is Information, never a refusal.
 */
export function titleFindings(title: unknown, path: JsonPath = ['title']): Finding[] {
  if (typeof title !== 'string' || title === '') return [];
  if (TITLE_PATTERN.test(title)) return [];
  const symbols = [...new Set(title.replace(/[\p{L}\p{N} ]/gu, ''))].join(' ');
  const spacing = /^ | $| {2}/.test(title);
  const advice = symbols
    ? l10n.t(
        'Titles are best as words separated by spaces, without symbols or punctuation (here: {0}); the API accepts this one.',
        symbols,
      )
    : spacing
      ? l10n.t(
          'Titles are best as words separated by single spaces, without leading or trailing spaces; the API accepts this one.',
        )
      : l10n.t(
          'Titles are best as words separated by spaces, without symbols or punctuation; the API accepts this one.',
        );
  // l10n: not translated (a severity, not a word)
  return [finding('item.title.invalid_characters', path, advice, 'info')];
}

/** At most six picture URLs are recommended at creation: advice (Information), the API accepts more. */
export function picturesAtCreationFindings(pictures: unknown, path: JsonPath = ['pictures']): Finding[] {
  if (!Array.isArray(pictures) || pictures.length <= MAX_PICTURES_AT_CREATION) return [];
  return [
    finding(
      'item.pictures.too_many',
      path,
      l10n.t(
        'At most {0} picture URLs are recommended at creation; this item sends {1}. The API accepts them.',
        MAX_PICTURES_AT_CREATION,
        pictures.length,
      ),
      'info', // l10n: not translated (a severity, not a word)
    ),
  ];
}

/** A category id is a site id and a number (`MLA1055`). */
export const CATEGORY_ID = /^M[A-Z]{2}\d+$/;

/** The site a well-formed category id belongs to (`MLA1055` → `MLA`), or undefined for anything else. */
export const categorySite = (id: string): string | undefined => (CATEGORY_ID.test(id) ? id.slice(0, 3) : undefined);

/**
 * The category of a creation: a well-formed id of the item's site ("only preset category ids are accepted": a
 * malformed id or another site's is refused), known to exist when the context says so.
 */
export function categoryFindings(
  categoryId: unknown,
  siteId: string | undefined,
  context: ItemRulesContext,
): Finding[] {
  if (typeof categoryId !== 'string' || categoryId === '') return [];
  const path = ['category_id'];
  const site = categorySite(categoryId);
  if (!site) {
    return [
      finding(
        'item.category_id.invalid',
        path,
        l10n.t(
          '{0} is not a category id: only preset category ids are accepted, the site id and a number such as MLA1055.',
          categoryId,
        ),
      ),
    ];
  }
  if (siteId && site !== siteId) {
    return [
      finding(
        'item.category_id.other_site',
        path,
        l10n.t(
          'Category {0} belongs to site {1}, and the item is listed on {2}: use a category of {2}.',
          categoryId,
          site,
          siteId,
        ),
      ),
    ];
  }
  if (context.unknownCategory) {
    return [
      finding(
        'item.category_id.invalid',
        path,
        l10n.t('Category {0} does not exist: only preset category ids are accepted.', categoryId),
      ),
    ];
  }
  if (context.categoryUnknownToSandbox) {
    return [
      finding(
        'item.category_id.unknown_to_sandbox',
        path,
        l10n.t(
          'The local sandbox does not know category {0}, so its sale terms and attributes are not checked; the real API decides whether it accepts listings.',
          categoryId,
        ),
        'info', // l10n: not translated (a severity, not a word)
      ),
    ];
  }
  return [];
}

/** In the Limits section's categories a listing of condition used may stock at most one unit. */
export function usedStockFindings(
  item: { category_id?: unknown; condition?: unknown; available_quantity?: unknown },
  path: JsonPath = ['available_quantity'],
): Finding[] {
  if (item.condition !== 'used' || typeof item.category_id !== 'string') return [];
  if (typeof item.available_quantity !== 'number' || item.available_quantity <= USED_STOCK_LIMIT) return [];
  if (!isUsedStockLimited(item.category_id)) return [];
  return [
    finding(
      'item.available_quantity.used_limit',
      path,
      l10n.t(
        'In category {0} a listing of condition used may hold at most {1} unit; set available_quantity to {1} or less.',
        item.category_id,
        USED_STOCK_LIMIT,
      ),
    ),
  ];
}

/**
 * Price and stock written as text (`"350"`), as an official SDK's public example sends them: the API reads them as
 * numbers, so the rules do too, and a hint says so.
 */
export function readNumbersSentAsText(payload: Record<string, unknown>): {
  payload: Record<string, unknown>;
  findings: Finding[];
} {
  const findings: Finding[] = [];
  let read = payload;
  for (const key of ['price', 'available_quantity'] as const) {
    const value = payload[key];
    if (typeof value !== 'string' || !NUMBER_AS_TEXT.test(value)) continue;
    if (read === payload) read = { ...payload };
    read[key] = Number(value);
    findings.push(
      finding(
        `item.${key}.as_text`,
        [key],
        l10n.t('{0} is a number: the text "{1}" is read as {2}; write it without quotes.', key, value, Number(value)),
        'info', // l10n: not translated (a severity, not a word)
      ),
    );
  }
  return { payload: read, findings };
}

const REQUIRED_AT_CREATION = ['title', 'category_id', 'price', 'currency_id'] as const;

const absent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Title, category_id, price and currency_id are required for every creation. A User Products creation names the
 * listing by `family_name` instead of `title` (the real API takes it; its docs say not to send `title` there), so
 * either one satisfies the title: one Error when neither is there.
 */
export function requiredCreationFindings(payload: Record<string, unknown>): Finding[] {
  return REQUIRED_AT_CREATION.filter(
    (key) => absent(payload[key]) && !(key === 'title' && !absent(payload.family_name)),
  ).map((key) =>
    finding(
      `item.${key}.required`,
      [key],
      key === 'title'
        ? l10n.t('title is required for every item creation (or family_name, in the User Products flow).')
        : l10n.t('{0} is required for every item creation.', key),
    ),
  );
}

function bodyNotObject(): Finding[] {
  return [finding('item.body.invalid', [], l10n.t('The request body must be a JSON object with the item fields.'))];
}

/**
 * Every rule of an item creation (`POST /items`, `POST /items/validate`): required fields, title characters, preset
 * category and currency, the picture recommendation, the used-stock limit, the sale-term rules and the shape.
 */
export function itemCreateFindings(sent: unknown, context: ItemRulesContext = {}): Finding[] {
  if (!isRecord(sent)) return bodyNotObject();
  const { payload, findings: asText } = readNumbersSentAsText(sent);
  const findings: Finding[] = [
    ...asText,
    ...requiredCreationFindings(payload),
    ...titleFindings(payload.title),
    ...serverSetFieldFindings(payload),
    ...knownValueFindings(payload, context),
  ];
  const siteId = typeof payload.site_id === 'string' && payload.site_id !== '' ? payload.site_id : context.siteId;
  findings.push(...categoryFindings(payload.category_id, siteId, context));
  if (
    context.currencies &&
    typeof payload.currency_id === 'string' &&
    payload.currency_id !== '' &&
    !context.currencies.includes(payload.currency_id)
  ) {
    findings.push(
      finding(
        'item.currency_id.invalid',
        ['currency_id'],
        l10n.t(
          'Currency {0} is not accepted on this site; use one of: {1}.',
          payload.currency_id,
          context.currencies.join(', '),
        ),
      ),
    );
  }
  findings.push(...picturesAtCreationFindings(payload.pictures));
  findings.push(...usedStockFindings(payload));
  // One finding per term or per field at most, so lists of any length are appended one by one.
  addAll(
    findings,
    saleTermsFindings(payload.sale_terms, {
      definitions: context.category?.sale_terms,
      vertical: context.category?.vertical,
      shipping: isRecord(payload.shipping) ? (payload.shipping as never) : undefined,
    }),
  );
  // Only paths already refused by an error are skipped: a warning must not hide a shape error.
  const reported = new Set(errorsOf(findings).map((entry) => entry.path.join('.')));
  return addAll(
    findings,
    shapeFindings(ItemCreate, sent, (path) => {
      if (reported.has(path.join('.'))) return true;
      // A missing required field is already reported as item.<field>.required.
      return path.length === 1 && valueAt(payload, path) === undefined;
    }),
  );
}

/** The live item as the update rules see it: its state, editability facts, category, shipping, stock. */
export interface LiveItemView extends ItemStateView, EditableItemView {
  category_id?: string;
  sale_terms?: readonly { id: string; value_name?: string | null }[] | null;
  shipping?: { tags?: readonly string[] | null; logistic_type?: string | null } | null;
}

/** The verdict on a `PUT /items/{id}`: every finding, and where the status table leaves the item. */
export interface ItemUpdatePlan {
  findings: Finding[];
  outcome: TransitionOutcome;
}

/**
 * Every rule of a `PUT /items/{id}` against the live item: the status table, field editability, title characters,
 * the used-stock limit and the sale-term rules (with the shipping the item will have after the change), and the shape.
 */
export function planItemUpdate(item: LiveItemView, sent: unknown, context: ItemRulesContext = {}): ItemUpdatePlan {
  if (!isRecord(sent)) return { findings: bodyNotObject(), outcome: itemTransition(item, sent) };
  const { payload, findings: asText } = readNumbersSentAsText(sent);
  const outcome = itemTransition(item, payload);
  const findings: Finding[] = [...asText, ...outcome.findings, ...itemEditabilityFindings(item, payload)];
  if (Object.keys(payload).length === 0) {
    findings.push(
      finding('item.body.empty', [], l10n.t('The body has no field to change; send at least one editable field.')),
    );
  }
  findings.push(...titleFindings(payload.title), ...knownValueFindings(payload, context));
  if ('available_quantity' in payload || 'condition' in payload) {
    findings.push(
      ...usedStockFindings(
        {
          category_id: item.category_id,
          condition: payload.condition ?? item.condition,
          available_quantity: payload.available_quantity ?? item.available_quantity,
        },
        'available_quantity' in payload ? ['available_quantity'] : ['condition'],
      ),
    );
  }
  const shipping = isRecord(payload.shipping) ? { ...item.shipping, ...(payload.shipping as object) } : item.shipping;
  if (isRecord(payload.shipping) && (isFlex(shipping as never) || isFulfillment(shipping as never))) {
    const kept = (item.sale_terms ?? []).some((term) => term.id === 'MANUFACTURING_TIME' && term.value_name);
    const sent = Array.isArray(payload.sale_terms)
      ? payload.sale_terms.find((term) => isRecord(term) && term.id === 'MANUFACTURING_TIME')
      : undefined;
    // Sending the term is judged by the sale-term rules; here only a MANUFACTURING_TIME the item already has matters.
    if (kept && sent === undefined) {
      findings.push(
        finding(
          'item.manufacturing_time.flex_not_allowed',
          ['shipping'],
          l10n.t(
            'The item declares MANUFACTURING_TIME, which is not allowed for items with flex delivery or in fulfillment; remove it in the same request (value_id and value_name null).',
          ),
        ),
      );
    }
  }
  addAll(
    findings,
    saleTermsFindings(payload.sale_terms, {
      definitions: context.category?.sale_terms,
      vertical: context.category?.vertical,
      shipping: shipping as never,
    }),
  );
  addAll(findings, updateShapeFindings(sent, findings));
  return { findings, outcome };
}

/** Where the status table leaves the item after a `PUT /items/{id}` (numbers sent as text read as numbers). */
export function itemUpdateOutcome(item: LiveItemView, sent: unknown): TransitionOutcome {
  return itemTransition(item, isRecord(sent) ? readNumbersSentAsText(sent).payload : sent);
}

/**
 * Shape problems of an update body, skipping paths already refused by an error (a warning must not hide a shape
 * error) and read-only fields (their own rule explains them).
 */
function updateShapeFindings(payload: Record<string, unknown>, findings: readonly Finding[]): Finding[] {
  const reported = new Set(errorsOf(findings).map((entry) => entry.path.join('.')));
  return shapeFindings(
    ItemUpdate,
    payload,
    (path) => reported.has(path.join('.')) || (path.length === 1 && READ_ONLY_FIELDS.has(String(path[0]))),
  );
}

/** The update rules that need no live item (read-only fields, title characters, sale-term values, the shape). */
export function itemUpdateStaticFindings(sent: unknown): Finding[] {
  if (!isRecord(sent)) return bodyNotObject();
  const { payload, findings: asText } = readNumbersSentAsText(sent);
  const findings: Finding[] = [...asText, ...itemEditabilityFindings({}, payload)];
  if (Object.keys(payload).length === 0) {
    findings.push(
      finding('item.body.empty', [], l10n.t('The body has no field to change; send at least one editable field.')),
    );
  }
  findings.push(...titleFindings(payload.title), ...knownValueFindings(payload));
  addAll(
    findings,
    saleTermsFindings(payload.sale_terms, {
      shipping: isRecord(payload.shipping) ? (payload.shipping as never) : undefined,
    }),
  );
  return addAll(findings, updateShapeFindings(sent, findings));
}

/** Just the findings of `planItemUpdate` (what diagnostics show for an update payload). */
export function itemUpdateFindings(item: LiveItemView, payload: unknown, context: ItemRulesContext = {}): Finding[] {
  return planItemUpdate(item, payload, context).findings;
}
