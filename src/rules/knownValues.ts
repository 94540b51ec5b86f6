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
  /** What a value of the field is, in a sentence: "a listing type". */
  what: string;
  known: Readonly<Record<string, string>>;
  /** Who decides the valid values. */
  authority: string;
}

/** The item fields whose values are open lists. */
export const OPEN_ITEM_FIELDS: readonly OpenField[] = [
  {
    field: 'listing_type_id',
    what: 'listing type',
    known: KNOWN_LISTING_TYPES,
    authority: "the site's listing types decide (GET /sites/{site_id}/listing_types)",
  },
  { field: 'buying_mode', what: 'buying mode', known: KNOWN_BUYING_MODES, authority: 'the category decides' },
  { field: 'condition', what: 'condition', known: KNOWN_CONDITIONS, authority: 'the category decides' },
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
          'warning',
        ),
      );
      continue;
    }
    if (value in open.known) continue;
    findings.push(
      finding(
        `item.${open.field}.unknown_value`,
        [open.field],
        l10n.t(
          '`{0}` is not a {1} the spec names (known: {2}); {3}.',
          value,
          open.what,
          quoted(Object.keys(open.known)),
          open.authority,
        ),
        'info',
      ),
    );
  }
  return findings;
}
