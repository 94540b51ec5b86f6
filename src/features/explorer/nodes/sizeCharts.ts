/** Size charts: the seller's charts, their sizes and measurements, and the items associated with each chart. */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Item, TrimmedItem } from '../../../model/item';
import type { SizeChart, SizeChartSummary } from '../../../model/sizeChart';
import { getItem, getSizeChart, listSizeCharts } from '../../../platform/lazyApi';
import * as format from '../format';
import { ChartItemsPager } from '../paging';
import {
  ExplorerNode,
  GroupNode,
  type LoadContext,
  MessageNode,
  PagedNode,
  pageNodes,
  path,
  pick,
  type ViewContext,
} from './base';

const { None, Collapsed } = vscode.TreeItemCollapsibleState;

/** The seller's size charts. */
export class SizeChartsRoot extends ExplorerNode {
  readonly kind = 'sizeChartsRoot';
  data: SizeChartSummary[] | undefined;

  constructor() {
    super(undefined, 'size_charts');
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return vscode.l10n.t('Could not load size charts');
  }
  override get jsonPath(): string {
    return path(['size_charts']);
  }
  override fetchJson(client: MarketplaceClient): Promise<SizeChartSummary[]> {
    return listSizeCharts(client);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    let charts: SizeChartSummary[];
    try {
      charts = await listSizeCharts(ctx.session.client);
    } catch (error) {
      // A site without size charts (VALIDATION_SITE) is a fact about the account, not a failure to retry.
      if (error instanceof ApiError && error.error === 'VALIDATION_SITE') {
        return [
          new MessageNode(
            this,
            'unavailable',
            vscode.l10n.t('Size charts are not available on {0}.', ctx.session.account.siteId),
            {
              tooltip: format.escapeMarkdown(error.apiMessage),
            },
          ),
        ];
      }
      throw error;
    }
    this.data = charts;
    this.markRelabel();
    if (charts.length === 0) return [new MessageNode(this, 'empty', vscode.l10n.t('No size charts yet.'))];
    return charts.map((chart) => new SizeChartNode(this, chart));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(vscode.l10n.t('Size charts'), Collapsed, {
      description: this.data ? format.formatNumber(this.data.length, view.locale) : undefined,
      tooltip: `**${vscode.l10n.t('Size charts')}**\n\n${vscode.l10n.t(
        'Your charts; each expands to its sizes with their measurements and to the items associated with it.',
      )}`,
      icon: { icon: 'symbol-ruler' },
    });
  }
}

/** One chart: expands to its sizes (with measurements) and its associated items (paged as the API pages them). */
export class SizeChartNode extends ExplorerNode {
  readonly kind = 'sizeChart';

  constructor(
    parent: ExplorerNode,
    public data: SizeChartSummary | SizeChart,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return vscode.l10n.t('Could not load size chart {0}', this.data.id);
  }
  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['size_charts', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<SizeChart> {
    return getSizeChart(client, this.data.id);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    const chart = await getSizeChart(ctx.session.client, this.data.id);
    this.data = chart;
    this.markRelabel();
    const columns = format.columnNames(chart);
    const sizes = chart.sizes ?? [];
    const items = new ChartItemsNode(this, chart.id);
    // The group's label carries the count: ask for the first page now (a failure shows when the group expands).
    await items.children(ctx).catch(() => undefined);
    return [
      new GroupNode(this, 'sizes', vscode.l10n.t('Sizes'), sizes, {
        icon: 'symbol-ruler',
        segments: ['size_charts', chart.id, 'sizes'],
        fetch: async (client) => (await getSizeChart(client, chart.id)).sizes ?? [],
        expanded: true,
        build: (group) => sizes.map((size) => new SizeNode(group, chart.id, size, columns)),
      }),
      items,
    ];
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const chart = this.data as SizeChart;
    const columns = (chart.columns ?? []).map((column) => column.name ?? column.id);
    const label = format.sizeChartLabel(chart);
    return this.build(label, Collapsed, {
      description: format.sizeChartDescription(chart, view.locale),
      tooltip: format.tooltip(label, [
        [
          ['Id', format.code(chart.id)],
          [vscode.l10n.t('Measurements'), columns.length ? format.escapeMarkdown(columns.join(', ')) : undefined],
        ],
      ]),
      icon: { icon: 'symbol-ruler' },
    });
  }
}

type SizeRow = NonNullable<SizeChart['sizes']>[number];
type Columns = ReturnType<typeof format.columnNames>;

export class SizeNode extends ExplorerNode {
  readonly kind = 'size';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly data: SizeRow,
    private readonly columns: Columns,
  ) {
    super(parent, `${parent.key}/${data.name}`);
  }

  override get resourceId(): string {
    return this.data.name;
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'sizes', this.data.name]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<SizeRow> {
    const chart = await getSizeChart(client, this.chartId);
    return pick(chart.sizes, (size) => size.name === this.data.name, vscode.l10n.t('Size {0}', this.data.name));
  }

  protected override loadChildren(): ExplorerNode[] {
    return (this.data.measurements ?? []).map(
      (entry) => new MeasurementNode(this, this.chartId, this.data.name, entry, this.columns),
    );
  }

  treeItem(): vscode.TreeItem {
    const count = this.data.measurements?.length ?? 0;
    return this.build(this.data.name, count ? Collapsed : None, {
      description: format.sizeDescription(this.data, this.columns),
      icon: { icon: 'symbol-ruler' },
    });
  }
}

type MeasurementEntry = NonNullable<SizeRow['measurements']>[number];

export class MeasurementNode extends ExplorerNode {
  readonly kind = 'measurement';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly sizeName: string,
    readonly data: MeasurementEntry,
    private readonly columns: Columns,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get resourceId(): string {
    return this.data.id;
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'sizes', this.sizeName, 'measurements', this.data.id]);
  }

  treeItem(): vscode.TreeItem {
    const column = this.columns.get(this.data.id);
    return this.build(column?.name ?? this.data.id, None, {
      description: `${format.measurementValue(this.data.value, column?.unit ?? '')} · ${this.data.id}`,
      icon: { icon: 'symbol-numeric' },
    });
  }
}

/** "Items (7)" of a chart: the API's own offset/limit paging (at most 50 a page), titles by multi-get. */
export class ChartItemsNode extends PagedNode<ChartItemsPager> {
  readonly kind = 'chartItems';
  protected get moreFailure(): string {
    return vscode.l10n.t('Could not load more items');
  }

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
  ) {
    super(parent, `${parent.key}/items`);
  }

  get data(): unknown {
    return {
      items: this.loadedNodes.filter((node) => node instanceof ChartItemNode).map((node) => (node as ChartItemNode).id),
      paging: this.pager ? { total: this.pager.total, loaded: this.pager.loaded } : undefined,
    };
  }

  override get failure(): string {
    return vscode.l10n.t("Could not load the chart's items");
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'items']);
  }

  protected createPager(ctx: LoadContext): ChartItemsPager {
    return new ChartItemsPager(ctx.session.client, this.chartId, ctx.pageSize);
  }

  protected async fetchNodes(pager: ChartItemsPager): Promise<ExplorerNode[]> {
    return pageNodes(this, await pager.next(), (item) => new ChartItemNode(this, this.chartId, item));
  }

  protected emptyNode(): ExplorerNode {
    return new MessageNode(this, 'empty', vscode.l10n.t('No items use this chart.'));
  }

  treeItem(): vscode.TreeItem {
    const total = this.pager?.total;
    return this.build(
      total === undefined ? vscode.l10n.t('Items') : format.groupLabel(vscode.l10n.t('Items'), total),
      total === 0 ? None : Collapsed,
      {
        description: total === 0 ? vscode.l10n.t('none') : undefined,
        tooltip: vscode.l10n.t(
          'Listings associated with this chart (`{0}`, {1} a page at most).',
          'GET /size_charts/{id}/items',
          50,
        ),
        icon: { icon: 'tag' },
      },
    );
  }
}

export class ChartItemNode extends ExplorerNode {
  readonly kind = 'chartItem';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly data: TrimmedItem & { id: string },
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  get id(): string {
    return this.data.id;
  }
  override get resourceId(): string {
    return this.data.id;
  }
  override get permalink(): string | undefined {
    return this.data.permalink ?? undefined;
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'items', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<Item> {
    return getItem(client, this.data.id);
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const item = this.data;
    return this.build(item.title ?? item.id, None, {
      description: format.chartItemDescription(item, view.locale),
      tooltip: format.tooltip(item.title ?? item.id, [
        format.code(item.id),
        item.permalink ? `[${vscode.l10n.t('Open the listing')}](${item.permalink})` : '',
      ]),
      icon: item.status ? format.itemStatusLook(item.status, item.sub_status) : { icon: 'tag' },
    });
  }
}
