// Views as the metrics panel's host sends them, built with the host's own pure functions from daily rows.
import { campaignSeries, daysOf, tableOf } from '../../../../src/features/metrics/series';
import type { MetricsRow } from '../../../../src/model/advertising';
import type { CampaignSeries, DateRange, MetricsView } from '../../../../src/model/protocols/metrics';
import { row } from '../../features/metrics/support';

export const RANGE: DateRange = { from: '2026-03-01', to: '2026-03-10' };

/**
 * Ten days of complete rows: prints around 40,000 × `scale` a day, clicks a hundredth of them, units a thousandth,
 * CTR about 0.01 and ROAS about 4 (test/unit/metrics/support.ts), so that sizes differ as on a real campaign.
 */
export function rowsOf(scale: number, range: DateRange = RANGE): MetricsRow[] {
  return daysOf(range).map((day, index) =>
    row(day, Math.round(scale * (40_000 + 1_500 * ((index * 7) % 10))), { ctr: 0.008 + index / 2_000 }),
  );
}

export function campaignOf(id: number, name: string, rows: MetricsRow[], range: DateRange = RANGE): CampaignSeries {
  return campaignSeries({ id, name }, rows, range);
}

/** The view of `campaigns` over `range`, the first one's rows counted. */
export function viewOf(campaigns: CampaignSeries[], range: DateRange = RANGE): MetricsView {
  const days = daysOf(range);
  return { range, days, campaigns, cards: [], table: tableOf(campaigns, days), rowCount: days.length };
}
