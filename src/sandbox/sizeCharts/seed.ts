import { sizeAttributeRule } from '../../rules/sizeCharts';
import type { SeedContext } from '../family';
import { apiTimestamp } from '../sandbox';
import { MLB_SELLER_ID, SELLER_ID } from '../users/ids';
import type { SandboxSizeChart, SizeChartsSlice } from './state';

/** Ids of the seeded charts, for tests and docs. */
export const SEEDED_CHART_IDS = {
  /** The seller's shirts chart: the seller's sized listings that are not footwear. */
  shirts: 510_001,
  trousers: 510_002,
  sneakers: 510_003,
  /** A chart of the MLB seller: the seller may read it by id but not change it. */
  mlbShirts: 510_004,
} as const;

type Row = [name: string, ...values: string[]];

function sizes(columns: readonly string[], rows: readonly Row[]): SandboxSizeChart['sizes'] {
  return rows.map(([name, ...values]) => ({
    name,
    measurements: columns.map((id, index) => ({ id, value: values[index] ?? '' })),
  }));
}

/** Seeds the charts and associates the seller's listings that have a complete SIZE attribute. */
export function seedSizeCharts(context: SeedContext): SizeChartsSlice {
  const created = apiTimestamp(new Date(context.now.getTime() - 40 * 86_400_000));
  const chart = (
    id: number,
    name: string,
    owner: number,
    site: string,
    columns: readonly string[],
    rows: readonly Row[],
  ): SandboxSizeChart => ({
    id,
    name,
    site_id: site,
    owner_id: owner,
    sizes: sizes(columns, rows),
    items: [],
    date_created: created,
    last_updated: created,
  });
  const charts = [
    chart(
      SEEDED_CHART_IDS.shirts,
      'Remeras y camisas hombre',
      SELLER_ID,
      'MLA',
      ['CHEST_CIRCUMFERENCE', 'TOTAL_LENGTH', 'SLEEVE_LENGTH'],
      [
        ['S', '92', '68', '20'],
        ['M', '98', '71', '21'],
        ['L', '104', '74', '22'],
        ['XL', '110', '77', '23'],
        ['XXL', '116', '80', '24'],
      ],
    ),
    chart(
      SEEDED_CHART_IDS.trousers,
      'Pantalones mujer',
      SELLER_ID,
      'MLA',
      ['WAIST_CIRCUMFERENCE', 'HIP_CIRCUMFERENCE', 'INSEAM_LENGTH'],
      [
        ['36', '66', '92', '76'],
        ['38', '70', '96', '77'],
        ['40', '74', '100', '78'],
        ['42', '78', '104', '79'],
        ['44', '82', '108', '80'],
      ],
    ),
    chart(
      SEEDED_CHART_IDS.sneakers,
      'Zapatillas urbanas',
      SELLER_ID,
      'MLA',
      ['FOOTWEAR_LENGTH', 'FOOTWEAR_WIDTH'],
      [
        ['38', '24.5', '9.2'],
        ['39', '25', '9.4'],
        ['40', '25.5', '9.6'],
        ['41', '26.5', '9.8'],
        ['42', '27', '10'],
        ['43', '28', '10.2'],
      ],
    ),
    chart(
      SEEDED_CHART_IDS.mlbShirts,
      'Camisetas masculinas',
      MLB_SELLER_ID,
      'MLB',
      ['CHEST_CIRCUMFERENCE', 'TOTAL_LENGTH'],
      [
        ['P', '96', '70'],
        ['M', '102', '72'],
        ['G', '108', '74'],
      ],
    ),
  ];

  // Sized listings go to the chart of their kind: footwear categories to the sneakers chart, other clothing to the
  // shirts chart (the trousers chart starts empty). Each owner's first chart takes whatever kind is not footwear.
  const items = Object.values(context.state.items?.items ?? {});
  const categories = context.state.items?.categories ?? {};
  const isFootwear = (categoryId: string) => /zapat|calzado|tênis|sneaker/i.test(categories[categoryId]?.name ?? '');
  for (const item of items.sort((a, b) => a.id.localeCompare(b.id))) {
    if (item.deleted === 'true' || sizeAttributeRule(item).length > 0) continue;
    const own = charts.filter((candidate) => candidate.owner_id === item.seller_id);
    const target =
      (isFootwear(item.category_id) && own.find((candidate) => candidate.id === SEEDED_CHART_IDS.sneakers)) || own[0];
    target?.items.push(item.id);
  }
  return { charts: Object.fromEntries(charts.map((entry) => [String(entry.id), entry])) };
}
