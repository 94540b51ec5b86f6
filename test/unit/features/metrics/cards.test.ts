import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARD_KEYS, summaryCards } from '../../../../src/features/metrics/cards';
import { MetricsAnswer, type MetricsRow, type MetricsSummary } from '../../../../src/model/advertising';
import { SummaryCard } from '../../../../src/model/protocols/metrics';
import { block, row } from './support';

/** The summary the API would answer for rows: sums, ratios from the sums, reach as given. */
function summaryOf(rows: MetricsRow[], reach: number, frequency: number): MetricsSummary {
  const sum = (pick: (entry: MetricsRow) => number | null | undefined) =>
    rows.reduce((total, entry) => total + (pick(entry) ?? 0), 0);
  const prints = sum((entry) => entry.prints);
  const sumBlock = (model: 'event_time' | 'touch_point') => ({
    ...block(0),
    roas: 4.2,
    cpa_order: 321.5,
    units_quantity: sum((entry) => entry[model]?.units_quantity),
    direct_amount: sum((entry) => entry[model]?.direct_amount),
  });
  return {
    site_id: 'MLA',
    currency: 'ARS',
    prints,
    clicks: sum((entry) => entry.clicks),
    reach,
    ctr: 0.0123,
    consumed_budget: sum((entry) => entry.consumed_budget),
    cpm: 500,
    cpc: 50,
    average_frequency: frequency,
    event_time: sumBlock('event_time'),
    touch_point: sumBlock('touch_point'),
  };
}

const rows = [row('2026-03-02', 12000), row('2026-03-01', 10000), row('2026-02-28', 8000)];
const byKey = (cards: SummaryCard[]) => Object.fromEntries(cards.map((card) => [card.key, card]));

describe('campaign metrics: summary cards', () => {
  it('shows the API’s summary values, formatted, one card per card metric', () => {
    const cards = summaryCards(summaryOf(rows, 11111, 2.7), rows, 'ARS');
    for (const card of cards) assert.deepEqual(SummaryCard.parse(card), card);
    assert.deepEqual(
      cards.map((card) => card.key),
      CARD_KEYS,
    );
    const card = byKey(cards);
    assert.deepEqual(card.prints, { key: 'prints', label: 'Prints', unit: 'count', value: '30,000' });
    assert.equal(card.ctr?.value, '1.23 %');
    assert.equal(card.consumed_budget?.value, 'ARS 15,000.00');
    assert.equal(card.consumed_budget?.label, 'Consumed budget (ARS)');
    assert.equal(card.cpc?.value, 'ARS 50.00', 'the summary’s, not an average of the days’');
    assert.equal(card['event_time.roas']?.value, '4.20');
    assert.equal(card['touch_point.cpa_order']?.value, 'ARS 321.50');
    assert.equal(card['touch_point.units_quantity']?.value, '60');
    assert.equal(card.prints?.note, undefined, 'additive and adding up: no note');
    assert.equal(card.consumed_budget?.note, undefined);
    assert.equal(card.ctr?.note, undefined);
  });

  it('says that reach and average frequency are the whole range’s, with the days’ figure', () => {
    const card = byKey(summaryCards(summaryOf(rows, 11111, 2.7), rows, 'ARS'));
    assert.equal(card.reach?.value, '11,111');
    assert.equal(
      card.reach?.note,
      "The API reports reach over the whole range: unique users are not the sum of the days' (15,000).",
    );
    assert.equal(card.average_frequency?.value, '2.70');
    assert.match(card.average_frequency?.note ?? '', /over the whole range .*not the average of the days' \(2\.00\)/);
    // One row that agrees: nothing to explain.
    const one = [row('2026-03-02', 12000)];
    const single = byKey(summaryCards(summaryOf(one, 6000, 2), one, 'ARS'));
    assert.equal(single.reach?.note, undefined);
    assert.equal(single.average_frequency?.note, undefined);
  });

  it('notes an additive metric whose rows do not add up to the summary, beyond rounding only', () => {
    const summary = summaryOf(rows, 11111, 2.7);
    const card = byKey(
      summaryCards(
        {
          ...summary,
          prints: 30001,
          consumed_budget: 15000.02,
          event_time: { ...summary.event_time, units_quantity: 99 },
        },
        rows,
        'ARS',
      ),
    );
    assert.equal(
      card.prints?.note,
      'The API reports 30,001 for the whole range; the 3 daily rows it answered add up to 30,000.',
    );
    assert.equal(card.consumed_budget?.note, undefined, 'a cent or two: rounding');
    assert.match(card['event_time.units_quantity']?.note ?? '', /reports 99 .* add up to 30\./);
    const far = byKey(summaryCards({ ...summary, consumed_budget: 15000.5 }, rows, 'ARS'));
    assert.match(far.consumed_budget?.note ?? '', /reports ARS 15,000\.50 .* add up to ARS 15,000\.00\./);
  });

  it('shows "—" for a summary without a value, and no note without rows', () => {
    const summary = { ...summaryOf(rows, 11111, 2.7), reach: null, touch_point: null };
    const card = byKey(summaryCards(summary, [], 'CLP'));
    assert.equal(card.reach?.value, '—');
    assert.equal(card['touch_point.roas']?.value, '—');
    assert.equal(card.consumed_budget?.value, 'CLP 15,000');
    assert.ok(Object.values(card).every((entry) => entry.note === undefined));
  });

  it('reads a real answer (one row of a longer range): the summary’s values, notes where the row differs', () => {
    const path = join(__dirname, '../../../fixtures/real/answers/advertising-display-campaign-metrics.json');
    const answer = MetricsAnswer.parse(JSON.parse(readFileSync(path, 'utf8')));
    const currency = answer.summary.currency ?? '';
    const card = byKey(summaryCards(answer.summary, answer.metrics, currency));
    assert.equal(card.prints?.value, '170,462');
    assert.equal(card.ctr?.value, '1.00 %', 'ctr is a share: 0.01');
    assert.equal(card.consumed_budget?.value, 'MXN 605,406.93');
    assert.equal(card.reach?.value, '48,957');
    assert.match(card.reach?.note ?? '', /unique users are not the sum of the days' \(10,079\)/);
    assert.match(card.prints?.note ?? '', /reports 170,462 .* the 1 daily row it answered adds up to 17,961\./);
    assert.match(card['touch_point.direct_amount']?.note ?? '', /MXN 5,746,421\.00 .* MXN 710,324\.00/);
    assert.equal(card.cpm?.note, undefined, 'a ratio is not summed');
  });
});
