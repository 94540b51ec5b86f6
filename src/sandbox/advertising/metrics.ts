import type { Attribution, MetricsRow, MetricsSummary } from '../../model/advertising';
import { addDays } from '../../rules/advertising';
import { Rng } from '../random';
import type { SandboxCampaign } from './state';

const money = (value: number): number => Math.round(value * 100) / 100;
const ratio = (part: number, whole: number, decimals: number): number =>
  whole > 0 ? Math.round((part / whole) * 10 ** decimals) / 10 ** decimals : 0;

/** Whether the campaign delivered on a day: within its dates and not after it was paused. */
export function deliveredOn(campaign: SandboxCampaign, day: string): boolean {
  if (day < campaign.start_date.slice(0, 10) || day > campaign.end_date.slice(0, 10)) return false;
  return !campaign.pauses.some((pause) => day >= pause.from && (pause.until === null || day < pause.until));
}

interface Counts {
  units_quantity: number;
  direct_amount: number;
  direct_item_quantity: number;
  attribution_ppv: number;
  attribution_add_to_cart: number;
  attribution_bookmark: number;
  attribution_checkout: number;
}

const ZERO_COUNTS: Counts = {
  units_quantity: 0,
  direct_amount: 0,
  direct_item_quantity: 0,
  attribution_ppv: 0,
  attribution_add_to_cart: 0,
  attribution_bookmark: 0,
  attribution_checkout: 0,
};

/** The derived figures of an attribution block, always recomputed from its counts and the money spent. */
function attribution(counts: Counts, consumed: number): Attribution {
  return {
    cpa_order: counts.units_quantity > 0 ? money(consumed / counts.units_quantity) : 0,
    cpa_ppv: counts.attribution_ppv > 0 ? money(consumed / counts.attribution_ppv) : 0,
    roas: consumed > 0 ? Math.round((counts.direct_amount / consumed) * 100) / 100 : 0,
    ...counts,
  };
}

function funnel(rng: Rng, clicks: number, ticket: number): Counts {
  const between = (low: number, high: number) => low + rng.next() * (high - low);
  const ppv = Math.round(clicks * between(0.6, 0.9));
  const cart = Math.round(ppv * between(0.08, 0.15));
  const checkout = Math.round(cart * between(0.4, 0.7));
  const units = Math.round(checkout * between(0.7, 1.1));
  const direct = Math.round(units * between(0.6, 1));
  return {
    units_quantity: units,
    direct_amount: money(units * ticket * between(0.85, 1.15)),
    direct_item_quantity: direct,
    attribution_ppv: ppv,
    attribution_add_to_cart: cart,
    attribution_bookmark: Math.round(ppv * between(0.02, 0.06)),
    attribution_checkout: checkout,
  };
}

interface DayFigures {
  prints: number;
  clicks: number;
  reach: number;
  consumed_budget: number;
  active_views?: number;
  completed_views?: number;
  event_time: Counts;
  touch_point: Counts;
}

const ZERO_DAY = (campaign: SandboxCampaign): DayFigures => ({
  prints: 0,
  clicks: 0,
  reach: 0,
  consumed_budget: 0,
  ...(campaign.video ? { active_views: 0, completed_views: 0 } : {}),
  event_time: ZERO_COUNTS,
  touch_point: ZERO_COUNTS,
});

/** The raw figures of one day, a pure function of the metrics seed, the campaign and the date. */
function dayFigures(seed: string, campaign: SandboxCampaign, day: string): DayFigures {
  if (!deliveredOn(campaign, day)) return ZERO_DAY(campaign);
  const rng = new Rng(`${seed}:${campaign.id}:${day}`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.8 : 1;
  const prints = Math.round(campaign.daily_prints * (0.7 + 0.6 * rng.next()) * weekend);
  const clicks = Math.round(prints * campaign.base_ctr * (0.7 + 0.6 * rng.next()));
  const reach = Math.max(1, Math.round(prints / (1.2 + 1.3 * rng.next())));
  const consumed = money(campaign.type === 'GUARANTEED' ? (prints / 1000) * campaign.rate : clicks * campaign.rate);
  const figures: DayFigures = {
    prints,
    clicks,
    reach,
    consumed_budget: consumed,
    event_time: funnel(rng.fork('event_time'), clicks, campaign.average_ticket),
    touch_point: funnel(rng.fork('touch_point'), clicks, campaign.average_ticket),
  };
  if (campaign.video) {
    const active = Math.round(prints * (0.6 + 0.2 * rng.next()));
    figures.active_views = active;
    figures.completed_views = Math.round(active * (0.3 + 0.2 * rng.next()));
  }
  return figures;
}

/** A day cut short when the budget runs out: only the share of its activity the money left paid for. */
function cutShort(figures: DayFigures, left: number): DayFigures {
  const share = left / figures.consumed_budget;
  const scale = (value: number) => Math.round(value * share);
  const counts = (entry: Counts): Counts => ({
    units_quantity: scale(entry.units_quantity),
    direct_amount: money(entry.direct_amount * share),
    direct_item_quantity: scale(entry.direct_item_quantity),
    attribution_ppv: scale(entry.attribution_ppv),
    attribution_add_to_cart: scale(entry.attribution_add_to_cart),
    attribution_bookmark: scale(entry.attribution_bookmark),
    attribution_checkout: scale(entry.attribution_checkout),
  });
  const prints = scale(figures.prints);
  return {
    prints,
    clicks: Math.min(prints, scale(figures.clicks)),
    reach: prints > 0 ? Math.max(1, Math.min(prints, scale(figures.reach))) : 0,
    consumed_budget: money(left),
    ...(figures.active_views !== undefined
      ? { active_views: scale(figures.active_views), completed_views: scale(figures.completed_views ?? 0) }
      : {}),
    event_time: counts(figures.event_time),
    touch_point: counts(figures.touch_point),
  };
}

/**
 * The figures of each day from `from` to `last`. A campaign with a budget is walked from its first day, adding up
 * what it spent: the day the budget runs out spends only what was left, and later days are zeros.
 */
function figuresOver(
  seed: string,
  campaign: SandboxCampaign,
  from: string,
  last: string,
): { day: string; figures: DayFigures }[] {
  const days: { day: string; figures: DayFigures }[] = [];
  const budget = campaign.budget;
  if (budget === undefined || budget === null) {
    for (let day = from; day <= last; day = addDays(day, 1))
      days.push({ day, figures: dayFigures(seed, campaign, day) });
    return days;
  }
  const start = campaign.start_date.slice(0, 10);
  let spent = 0;
  for (let day = start < from ? start : from; day <= last; day = addDays(day, 1)) {
    let figures = spent >= budget ? ZERO_DAY(campaign) : dayFigures(seed, campaign, day);
    if (figures.consumed_budget > 0 && money(spent + figures.consumed_budget) > budget)
      figures = cutShort(figures, money(budget - spent));
    spent = money(spent + figures.consumed_budget);
    if (day >= from) days.push({ day, figures });
  }
  return days;
}

/** What a campaign (without a budget cap) spends from its first day through `day`, rounded as the rows are. */
export function spentThrough(seed: string, campaign: SandboxCampaign, day: string): number {
  let spent = 0;
  for (let current = campaign.start_date.slice(0, 10); current <= day; current = addDays(current, 1))
    spent = money(spent + dayFigures(seed, campaign, current).consumed_budget);
  return spent;
}

/** What a campaign spends on one day, uncapped. */
export const spendOn = (seed: string, campaign: SandboxCampaign, day: string): number =>
  dayFigures(seed, campaign, day).consumed_budget;

function row(figures: DayFigures, campaign: SandboxCampaign, currency: string): MetricsSummary {
  const { prints, clicks, reach, consumed_budget } = figures;
  return {
    site_id: campaign.site_id,
    currency,
    prints,
    clicks,
    reach,
    ctr: ratio(clicks, prints, 6),
    consumed_budget,
    cpm: prints > 0 ? money((consumed_budget / prints) * 1000) : 0,
    cpc: clicks > 0 ? money(consumed_budget / clicks) : 0,
    average_frequency: ratio(prints, reach, 2),
    ...(figures.active_views !== undefined
      ? { active_views: figures.active_views, completed_views: figures.completed_views }
      : {}),
    event_time: attribution(figures.event_time, consumed_budget),
    touch_point: attribution(figures.touch_point, consumed_budget),
  };
}

function sumCounts(all: Counts[]): Counts {
  const total = { ...ZERO_COUNTS };
  for (const counts of all) {
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];
  }
  total.direct_amount = money(total.direct_amount);
  return total;
}

/**
 * Daily rows for every day of [from, to] up to today (later days have no metrics yet; days without delivery are
 * rows of zeros) and a summary that aggregates them: sums of counts and money, ratios recomputed from the sums,
 * and reach as unique users, between the largest daily reach and the sum of daily reaches.
 */
export function campaignMetrics(
  seed: string,
  campaign: SandboxCampaign,
  currency: string,
  from: string,
  to: string,
  today: string,
): { metrics: MetricsRow[]; summary: MetricsSummary } {
  const last = to < today ? to : today;
  const days = figuresOver(seed, campaign, from, last);
  const metrics = days.map(({ day, figures }) => ({ date: day, ...row(figures, campaign, currency) }));

  const sum = (pick: (figures: DayFigures) => number) => days.reduce((total, entry) => total + pick(entry.figures), 0);
  const reaches = days.map((entry) => entry.figures.reach);
  const deliveringDays = reaches.filter((value) => value > 0).length;
  const sumReach = sum((figures) => figures.reach);
  // People seen on several days count once: the longer the range, the more the daily audiences overlap.
  const reach =
    deliveringDays <= 1
      ? sumReach
      : Math.max(Math.max(...reaches), Math.round(sumReach / (1 + 0.25 * Math.log(deliveringDays))));
  const total: DayFigures = {
    prints: sum((figures) => figures.prints),
    clicks: sum((figures) => figures.clicks),
    reach,
    consumed_budget: money(sum((figures) => figures.consumed_budget)),
    ...(campaign.video
      ? {
          active_views: sum((figures) => figures.active_views ?? 0),
          completed_views: sum((figures) => figures.completed_views ?? 0),
        }
      : {}),
    event_time: sumCounts(days.map((entry) => entry.figures.event_time)),
    touch_point: sumCounts(days.map((entry) => entry.figures.touch_point)),
  };
  return { metrics, summary: row(total, campaign, currency) };
}
