import * as l10n from '@vscode/l10n';
import { ORDER_SORTS, ORDER_STATUSES } from '../model/orderValues';
import { type Finding, finding } from './finding';

/** An instant kept to the hour, as the order search date filter reads it. */
export interface HourInstant {
  date: Date;
  /** The timestamp with minutes, seconds and milliseconds set to zero, in the offset it was written with. */
  text: string;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * `order.date_created.from/to` keep only the hour: minutes, seconds and milliseconds are discarded, in the offset the
 * timestamp was written with (no offset means UTC). Undefined when the text is not an ISO 8601 timestamp.
 */
export function hourResolution(value: string): HourInstant | undefined {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', , , , zone = 'Z'] = match;
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour));
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== Number(year) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    check.getUTCHours() !== Number(hour)
  ) {
    return undefined;
  }
  const zoneText = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return {
    date: new Date(utc - offsetMinutes * 60_000),
    text: `${year}-${month}-${day}T${hour}:00:00.000${zoneText}`,
  };
}

/** Which order search is asked: the main one or its recent, archived and pending views. */
export type OrderSearchView = 'search' | 'recent' | 'archived' | 'pending';

const ORDER_SEARCH_PARAMS = [
  'seller',
  'buyer',
  'order.status',
  'order.date_created.from',
  'order.date_created.to',
  'sort',
  'offset',
  'limit',
  'q',
  'tags',
  'access_token',
];

/**
 * The query of an order search: exactly one of seller or buyer (a user id), a known order.status, ISO timestamps for
 * the date filter, a known sort, and non-negative offset and positive limit. Unknown parameters are warned about.
 */
export function orderSearchFindings(query: Readonly<Record<string, string | undefined>>): Finding[] {
  const findings: Finding[] = [];
  const seller = query.seller;
  const buyer = query.buyer;
  if (seller === undefined && buyer === undefined) {
    findings.push(
      finding('order.search.party_required', ['seller'], l10n.t('Send seller={your user id} or buyer={your user id}.')),
    );
  } else if (seller !== undefined && buyer !== undefined) {
    findings.push(
      finding(
        'order.search.one_party',
        ['buyer'],
        l10n.t('Send either seller or buyer, not both: search one side at a time.'),
      ),
    );
  }
  for (const name of ['seller', 'buyer'] as const) {
    const value = query[name];
    if (value !== undefined && !/^\d+$/.test(value)) {
      findings.push(finding('order.search.user_id', [name], l10n.t('{0} must be a user id (a whole number).', name)));
    }
  }
  const status = query['order.status'];
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
    findings.push(
      finding(
        'order.search.status',
        ['order.status'],
        l10n.t('order.status must be one of {0}.', ORDER_STATUSES.join(', ')),
      ),
    );
  }
  for (const name of ['order.date_created.from', 'order.date_created.to'] as const) {
    const value = query[name];
    if (value !== undefined && !hourResolution(value)) {
      findings.push(
        finding(
          'order.search.date',
          [name],
          l10n.t(
            '{0} must be an ISO 8601 timestamp such as 2024-05-01T10:00:00.000-04:00 (only the hour is used).',
            name,
          ),
        ),
      );
    }
  }
  const from = query['order.date_created.from'];
  const to = query['order.date_created.to'];
  const fromHour = from === undefined ? undefined : hourResolution(from);
  const toHour = to === undefined ? undefined : hourResolution(to);
  if (fromHour && toHour && fromHour.date > toHour.date) {
    findings.push(
      finding(
        'order.search.date_range',
        ['order.date_created.to'],
        l10n.t('order.date_created.to is before order.date_created.from (compared by the hour).'),
      ),
    );
  }
  const sort = query.sort;
  if (sort !== undefined && !(ORDER_SORTS as readonly string[]).includes(sort)) {
    findings.push(finding('order.search.sort', ['sort'], l10n.t('sort must be one of {0}.', ORDER_SORTS.join(', '))));
  }
  if (query.offset !== undefined && !/^\d+$/.test(query.offset)) {
    findings.push(finding('order.search.offset', ['offset'], l10n.t('offset must be a whole number, 0 or more.')));
  }
  if (query.limit !== undefined && (!/^\d+$/.test(query.limit) || Number(query.limit) < 1)) {
    findings.push(finding('order.search.limit', ['limit'], l10n.t('limit must be a whole number, 1 or more.')));
  }
  for (const name of Object.keys(query)) {
    if (!ORDER_SEARCH_PARAMS.includes(name)) {
      findings.push(
        finding(
          'order.search.unknown_parameter',
          [name],
          l10n.t('Unknown parameter {0}; it is ignored.', name),
          'warning', // l10n: not translated (a severity, not a word)
        ),
      );
    }
  }
  return findings;
}
