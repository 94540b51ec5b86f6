import * as l10n from '@vscode/l10n';
import { KNOWN_BUYING_MODES, KNOWN_CONDITIONS, KNOWN_LISTING_TYPES } from '../model/item';
import { type Finding, finding } from './finding';

/**
 * The spec's "Values used" and "for example" lists are the values we know, not the set. A value outside them is a
 * hint (Information), never a refusal; only the live source can say a value is wrong, and then it is a Warning.
 */
export interface KnownValuesContext {
  /** The listing type ids the site lists (`GET /sites/{site_id}/listing_types`), when signed in. */
  listingTypes?: { siteId: string; ids: readonly string[] };
}

interface OpenField {
  field: 'listing_type_id' | 'buying_mode' | 'condition';
  known: Readonly<Record<string, string>>;
  /** The hint, whole: the value is not one the spec names (with the known ones), and who decides the valid values. */
  unknown: (value: string, known: string) => string;
}

/** The item fields whose values are open lists. */
export const OPEN_ITEM_FIELDS: readonly OpenField[] = [
  {
    field: 'listing_type_id',
    known: KNOWN_LISTING_TYPES,
    unknown: (value, known) =>
      l10n.t(
        "`{0}` is not a listing type the spec names (known: {1}); the site's listing types decide (GET /sites/{site_id}/listing_types).",
        value,
        known,
      ),
  },
  {
    field: 'buying_mode',
    known: KNOWN_BUYING_MODES,
    unknown: (value, known) =>
      l10n.t('`{0}` is not a buying mode the spec names (known: {1}); the category decides.', value, known),
  },
  {
    field: 'condition',
    known: KNOWN_CONDITIONS,
    unknown: (value, known) =>
      l10n.t('`{0}` is not a condition the spec names (known: {1}); the category decides.', value, known),
  },
];

const quoted = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/** Known-value checks of an item body (creation or update): listing type, buying mode and condition. */
export function knownValueFindings(payload: Record<string, unknown>, context: KnownValuesContext = {}): Finding[] {
  const findings: Finding[] = [];
  for (const open of OPEN_ITEM_FIELDS) {
    const value = payload[open.field];
    if (typeof value !== 'string' || value === '') continue;
    const live = open.field === 'listing_type_id' ? context.listingTypes : undefined;
    if (live) {
      if (live.ids.includes(value)) continue;
      findings.push(
        finding(
          `item.${open.field}.not_on_site`,
          [open.field],
          l10n.t(
            '`{0}` is not a listing type of site {1}: GET /sites/{1}/listing_types lists {2}.',
            value,
            live.siteId,
            quoted(live.ids),
          ),
          'warning', // l10n: not translated (a severity, not a word)
        ),
      );
      continue;
    }
    if (value in open.known) continue;
    findings.push(
      finding(
        `item.${open.field}.unknown_value`,
        [open.field],
        open.unknown(value, quoted(Object.keys(open.known))),
        'info', // l10n: not translated (a severity, not a word)
      ),
    );
  }
  return findings;
}
