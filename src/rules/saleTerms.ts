import * as l10n from '@vscode/l10n';
import { MANUFACTURING_TIME_UNIT, type SaleTermDefinition, type Vertical } from '../model/item';
import { isRecord } from '../model/records';
import { type Finding, finding, type JsonPath } from './finding';

/** Longest MANUFACTURING_TIME the marketplace accepts, in days (spec rule 2). */
export const MAX_MANUFACTURING_DAYS = 45;
/** value_max_length of number_unit sale terms when the definition does not say. */
export const NUMBER_UNIT_MAX_LENGTH = 255;
/** value_max_length of PURCHASE_MAX_QUANTITY when the definition does not say. */
export const PURCHASE_MAX_QUANTITY_MAX_LENGTH = 18;
/** Verticals whose listings may not declare MANUFACTURING_TIME (spec rule 3). */
export const NO_MANUFACTURING_TIME_VERTICALS: readonly Vertical[] = ['real_estate', 'automobiles', 'services'];

const verticalNames = (): Record<string, string> => ({
  real_estate: l10n.t('Real Estate'),
  automobiles: l10n.t('Automobiles'),
  services: l10n.t('Services'),
});

/** What the sale-term rules need besides the terms themselves; any part may be unknown (then its checks are skipped). */
export interface SaleTermsContext {
  /** The category's sale term definitions (`GET /categories/{id}/sale_terms`). */
  definitions?: readonly SaleTermDefinition[];
  vertical?: Vertical;
  /** The item's shipping (after the change): flex shows as the tag `self_service_in`, fulfillment as logistic_type. */
  shipping?: { tags?: readonly string[] | null; logistic_type?: string | null } | null;
}

/** Whether a shipping block means flex delivery. */
export const isFlex = (shipping: SaleTermsContext['shipping']): boolean =>
  Boolean(shipping?.tags?.includes('self_service_in'));

/** Whether a shipping block means the item belongs to fulfillment. */
export const isFulfillment = (shipping: SaleTermsContext['shipping']): boolean =>
  shipping?.logistic_type === 'fulfillment' || Boolean(shipping?.tags?.includes('fulfillment'));

/** Parses `number unit` (`30 días`, `6 meses`, `12.5 USD`); undefined when the text is not of that form. */
export function parseNumberUnit(text: string): { number: number; unit: string } | undefined {
  const match = /^(\d+(?:[.,]\d+)?) (\S+(?: \S+)*)$/.exec(text);
  if (!match) return undefined;
  return { number: Number(match[1]!.replace(',', '.')), unit: match[2]! };
}

/** Whether a sale term input asks to remove the term (value_id and value_name both null). */
export function isRemoval(term: Record<string, unknown>): boolean {
  return term.value_name === null && (term.value_id === null || term.value_id === undefined);
}

/**
 * The spec's sale-term rules 1–7 applied to a `sale_terms` array on input (creation or update): units among the
 * definition's allowed_units, MANUFACTURING_TIME at most 45 días and not for Real Estate/Automobiles/Services nor flex
 * or fulfillment items, only terms the category lists, PURCHASE_MAX_QUANTITY at most 18 characters, number_unit
 * values at most 255, list values among the definition's. Malformed entries are left to the shape check.
 */
export function saleTermsFindings(
  terms: unknown,
  context: SaleTermsContext = {},
  basePath: JsonPath = ['sale_terms'],
): Finding[] {
  if (!Array.isArray(terms)) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  terms.forEach((term, index) => {
    if (!isRecord(term) || typeof term.id !== 'string') return;
    const path = [...basePath, index];
    const previous = seen.get(term.id);
    if (previous !== undefined) {
      findings.push(
        finding(
          'item.sale_terms.duplicated',
          [...path, 'id'],
          l10n.t(
            'The sale term {0} is sent twice (also at position {1}); send each sale term once.',
            term.id,
            previous,
          ),
        ),
      );
      return;
    }
    seen.set(term.id, index);
    // Removing a term (MANUFACTURING_TIME with value_id and value_name null) is always allowed.
    if (isRemoval(term)) return;
    findings.push(...oneTermFindings(term as unknown as TermInput, context, path));
  });
  return findings;
}

interface TermInput {
  id: string;
  value_name?: unknown;
  value_id?: unknown;
}

function oneTermFindings(term: TermInput, context: SaleTermsContext, path: JsonPath): Finding[] {
  const findings: Finding[] = [];
  const definition = context.definitions?.find((candidate) => candidate.id === term.id);
  const valuePath = [...path, 'value_name'];
  const value = typeof term.value_name === 'string' ? term.value_name : undefined;

  if (term.id === 'MANUFACTURING_TIME') {
    if (context.vertical && NO_MANUFACTURING_TIME_VERTICALS.includes(context.vertical)) {
      findings.push(
        finding(
          'item.manufacturing_time.vertical_not_allowed',
          [...path, 'id'],
          l10n.t(
            'MANUFACTURING_TIME is not allowed for listings of the {0} vertical; remove the sale term.',
            String(verticalNames()[context.vertical]),
          ),
        ),
      );
    } else if (isFlex(context.shipping)) {
      findings.push(
        finding(
          'item.manufacturing_time.flex_not_allowed',
          [...path, 'id'],
          l10n.t(
            'MANUFACTURING_TIME is not allowed for items that allow flex delivery; remove the sale term or leave flex.',
          ),
        ),
      );
    } else if (isFulfillment(context.shipping)) {
      findings.push(
        finding(
          'item.manufacturing_time.fulfillment_not_allowed',
          [...path, 'id'],
          l10n.t('MANUFACTURING_TIME is not allowed for items that belong to fulfillment; remove the sale term.'),
        ),
      );
    } else if (context.definitions && !definition) {
      findings.push(
        finding(
          'item.manufacturing_time.not_in_category',
          [...path, 'id'],
          l10n.t(
            "The category's sale terms do not list MANUFACTURING_TIME, so it cannot be set on this item (check GET /categories/{id}/sale_terms first).",
          ),
        ),
      );
    }
    if (value !== undefined) findings.push(...manufacturingTimeValueFindings(value, definition, valuePath));
    else findings.push(missingValue(term.id, valuePath, l10n.t('a number of days such as "30 días"')));
    return findings;
  }

  if (term.id === 'PURCHASE_MAX_QUANTITY') {
    if (context.definitions && !definition) {
      findings.push(
        finding(
          'item.purchase_max_quantity.not_in_category',
          [...path, 'id'],
          l10n.t(
            "PURCHASE_MAX_QUANTITY applies only to supermarket-type categories whose sale terms list it; this category's do not.",
          ),
        ),
      );
    }
    if (value === undefined) {
      findings.push(missingValue(term.id, valuePath, l10n.t('a whole number as text, such as "6"')));
      return findings;
    }
    findings.push(...purchaseMaxQuantityValueFindings(value, definition, valuePath));
    return findings;
  }

  if (!definition) {
    // The spec checks only MANUFACTURING_TIME and PURCHASE_MAX_QUANTITY against the category's list (above); other
    // terms the list lacks (vehicle financing, warranty terms) are sent by public examples and taken by the API.
    if (context.definitions) {
      findings.push(
        finding(
          'item.sale_terms.not_in_category',
          [...path, 'id'],
          l10n.t(
            "The category's sale terms (GET /categories/{id}/sale_terms) do not list {0}; the API decides whether it applies.",
            term.id,
          ),
          'info', // l10n: not translated (a severity, not a word)
        ),
      );
    }
    return findings;
  }
  return [...findings, ...valueFindings(term, definition, path)];
}

function missingValue(id: string, path: JsonPath, what: string): Finding {
  return finding(
    'item.sale_terms.value_missing',
    path,
    l10n.t('{0} needs value_name: {1}. To remove it, send value_id and value_name null.', id, what),
  );
}

/** The value of PURCHASE_MAX_QUANTITY: a whole number above 0 written as text, within value_max_length (18). */
export function purchaseMaxQuantityValueFindings(
  value: string,
  definition: SaleTermDefinition | undefined,
  valuePath: JsonPath = ['value_name'],
): Finding[] {
  const findings: Finding[] = [];
  const limit = definition?.value_max_length ?? PURCHASE_MAX_QUANTITY_MAX_LENGTH;
  if (value.length > limit) {
    findings.push(
      finding(
        'item.purchase_max_quantity.too_long',
        valuePath,
        l10n.t(
          'PURCHASE_MAX_QUANTITY may have at most {0} characters (value_max_length); this one has {1}.',
          limit,
          value.length,
        ),
      ),
    );
  }
  if (!/^\d+$/.test(value) || /^0+$/.test(value)) {
    findings.push(
      finding(
        'item.purchase_max_quantity.not_a_number',
        valuePath,
        l10n.t('PURCHASE_MAX_QUANTITY is a number sent as text: a whole number of units greater than 0, such as "6".'),
      ),
    );
  }
  return findings;
}

/** MANUFACTURING_TIME's value: `N días` with N at most 45 (rules 1 and 2). */
export function manufacturingTimeValueFindings(
  value: string,
  definition: SaleTermDefinition | undefined,
  path: JsonPath = ['value_name'],
): Finding[] {
  const findings: Finding[] = [];
  const limit = definition?.value_max_length ?? NUMBER_UNIT_MAX_LENGTH;
  if (value.length > limit) {
    findings.push(tooLong('MANUFACTURING_TIME', limit, value.length, path));
  }
  const parsed = parseNumberUnit(value);
  if (!parsed) {
    findings.push(
      finding(
        'item.manufacturing_time.invalid_format',
        path,
        l10n.t(
          'Write MANUFACTURING_TIME as a whole number of days, a space and the unit "días", for example "30 días".',
        ),
      ),
    );
    return findings;
  }
  const units = definition?.allowed_units?.map((unit) => unit.id) ?? [MANUFACTURING_TIME_UNIT];
  if (!units.includes(parsed.unit)) {
    findings.push(unitNotAllowed('MANUFACTURING_TIME', parsed.unit, units, path));
    return findings;
  }
  if (!Number.isInteger(parsed.number)) {
    findings.push(
      finding(
        'item.manufacturing_time.invalid_format',
        path,
        l10n.t('MANUFACTURING_TIME is a whole number of days, for example "30 días".'),
      ),
    );
  } else if (parsed.number > MAX_MANUFACTURING_DAYS) {
    findings.push(
      finding(
        'item.manufacturing_time.too_long',
        path,
        l10n.t(
          'MANUFACTURING_TIME may not exceed {0} días; {1} días is too long.',
          MAX_MANUFACTURING_DAYS,
          parsed.number,
        ),
      ),
    );
  } else if (parsed.number < 1) {
    findings.push(
      finding(
        'item.manufacturing_time.too_short',
        path,
        l10n.t('MANUFACTURING_TIME is at least 1 día; to remove it send value_id and value_name null.'),
      ),
    );
  }
  return findings;
}

function tooLong(id: string, limit: number, length: number, path: JsonPath): Finding {
  return finding(
    'item.sale_terms.value_too_long',
    path,
    l10n.t('The value of {0} may have at most {1} characters (value_max_length); this one has {2}.', id, limit, length),
  );
}

function unitNotAllowed(id: string, unit: string, units: readonly string[], path: JsonPath): Finding {
  return finding(
    'item.sale_terms.unit_not_allowed',
    path,
    l10n.t('The unit "{0}" is not allowed for {1}; use one of its allowed_units: {2}.', unit, id, units.join(', ')),
  );
}

/** A value name as the API matches it: case and accents aside (a real vehicle body sends "Si" for "Sí"). */
const folded = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const sameName = (listed: string | undefined, sent: string) => listed !== undefined && folded(listed) === folded(sent);

function valueFindings(term: TermInput, definition: SaleTermDefinition, path: JsonPath): Finding[] {
  const valuePath = [...path, 'value_name'];
  const value = typeof term.value_name === 'string' ? term.value_name : undefined;
  const valueId = typeof term.value_id === 'string' ? term.value_id : undefined;
  switch (definition.value_type) {
    case 'list':
    case 'boolean': {
      const values = definition.values ?? [];
      const byId = valueId !== undefined ? values.find((candidate) => candidate.id === valueId) : undefined;
      const byName = value !== undefined ? values.find((candidate) => sameName(candidate.name, value)) : undefined;
      const names = values.map((candidate) => `${candidate.name} (${candidate.id})`).join(', ');
      if (valueId !== undefined && !byId)
        return [
          finding(
            'item.sale_terms.value_not_allowed',
            [...path, 'value_id'],
            l10n.t('{0} is not a value of {1}; use one of: {2}.', valueId, term.id, names),
          ),
        ];
      if (valueId === undefined && value === undefined)
        return [missingValue(term.id, valuePath, l10n.t('one of {0}', names))];
      // The spec sends a term as {id, value_name}, value_id only "when needed": the API resolves names, and public
      // examples send names the definition does not list ("Garantia do vendedor" on MLA). So an unlisted name is a
      // hint; an id is exact, and an unknown one (above) is an Error.
      if (valueId === undefined && !byName)
        return [
          finding(
            'item.sale_terms.value_not_listed',
            valuePath,
            l10n.t(
              '"{0}" is not a name the category lists for {1} ({2}); the API resolves names and may refuse it: prefer one of those names or its value_id.',
              String(value),
              term.id,
              names,
            ),
            'info', // l10n: not translated (a severity, not a word)
          ),
        ];
      if (byId && value !== undefined && !sameName(byId.name, value))
        return [
          finding(
            'item.sale_terms.value_mismatch',
            valuePath,
            l10n.t(
              'value_id {0} of {1} is "{2}", not "{3}"; send matching value_id and value_name, or only one of them.',
              byId.id,
              term.id,
              byId.name,
              value,
            ),
          ),
        ];
      return [];
    }
    case 'number_unit': {
      if (value === undefined) return [missingValue(term.id, valuePath, l10n.t('a number, a space and a unit'))];
      const findings: Finding[] = [];
      const limit = definition.value_max_length ?? NUMBER_UNIT_MAX_LENGTH;
      if (value.length > limit) findings.push(tooLong(term.id, limit, value.length, valuePath));
      const parsed = parseNumberUnit(value);
      const units = (definition.allowed_units ?? []).map((unit) => unit.id);
      if (!parsed) {
        findings.push(
          finding(
            'item.sale_terms.invalid_number_unit',
            valuePath,
            units.length
              ? l10n.t(
                  'Write {0} as a number, a space and a unit ({1}), for example "6 {2}".',
                  term.id,
                  units.join(', '),
                  definition.default_unit ?? units[0] ?? '',
                )
              : l10n.t(
                  'Write {0} as a number, a space and a unit (its unit), for example "6 {1}".',
                  term.id,
                  definition.default_unit ?? '',
                ),
          ),
        );
      } else if (units.length && !units.includes(parsed.unit)) {
        findings.push(unitNotAllowed(term.id, parsed.unit, units, valuePath));
      }
      return findings;
    }
    case 'number': {
      if (value === undefined) return [missingValue(term.id, valuePath, l10n.t('a number as text'))];
      const findings: Finding[] = [];
      const limit = definition.value_max_length;
      if (limit !== undefined && limit !== null && value.length > limit)
        findings.push(tooLong(term.id, limit, value.length, valuePath));
      if (!/^\d+(?:\.\d+)?$/.test(value))
        findings.push(
          finding(
            'item.sale_terms.not_a_number',
            valuePath,
            l10n.t('{0} is a number sent as text, such as "6".', term.id),
          ),
        );
      return findings;
    }
    default:
      return [];
  }
}
