/**
 * One class per node kind of the Marketplace explorer. Each keeps its raw API object in `data`, builds its TreeItem
 * from `format/`, and loads its children through the typed client. `contextValue` is a list of words: the kind,
 * then `json`, `id`, `permalink` and `refreshable` when the node offers those actions (package.json menus match them).
 * The classes live by family: `base.ts` (shared), `items.ts`, `orders.ts`, `sizeCharts.ts`, `blacklist.ts`,
 * `advertising.ts`, and `roots.ts` (the five roots); this index re-exports their public names.
 */
export { AdvertiserNode, AdvertisingRoot, CampaignNode } from './advertising';
export {
  ErrorNode,
  type ExplorerFilters,
  ExplorerNode,
  GroupNode,
  type LoadContext,
  LoadMoreNode,
  MessageNode,
  type NodeKind,
  PagedNode,
  type Retry,
  type ViewContext,
} from './base';
export { BlacklistEntryNode, BlacklistRoot } from './blacklist';
export { AttributeNode, ItemNode, ItemsRoot, PictureNode, SaleTermNode, VariationNode } from './items';
export { FeedbackNode, NoteNode, OrderItemNode, OrderNode, OrdersRoot, PaymentNode } from './orders';
export { createRoots, type RootNode } from './roots';
export {
  ChartItemNode,
  ChartItemsNode,
  MeasurementNode,
  SizeChartNode,
  SizeChartsRoot,
  SizeNode,
} from './sizeCharts';
