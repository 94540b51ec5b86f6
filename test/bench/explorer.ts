// Explorer timings in the real extension host: the first page of Items and Orders, Load more…, a status filter and
// the scan past 1,000, each repeated after a refresh of its root (the median is recorded). index.ts runs a round at
// the default seed and one with `marketplace.sandbox.scale`, in turns, and scripts/bench/vscode.ts sets them side by
// side.
import { performance } from 'node:perf_hooks';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';
import { SCALED } from './figureNames';
import { fact, group, record, repeat, time, unavailable } from './timing';

/** Repetitions of a cheap figure (a page, a filter) in one round. */
const REPEATS = 5;
/** Repetitions of the scan past 1,000 in one round (each first loads 1,000 items page by page). */
const SCAN_REPEATS = 2;
/** The items search's offset window: past it, the explorer switches to the scan. */
const OFFSET_WINDOW = 1000;

interface Paging {
  total: number | undefined;
  loaded: number;
  done: boolean;
}

function paging(node: ExplorerNode): Paging | undefined {
  return (node as unknown as { paging?: Paging }).paging;
}

/** The root of a kind, from the current session's tree. */
async function root(api: TestApi, kind: 'itemsRoot' | 'ordersRoot'): Promise<ExplorerNode> {
  const found = ((await api.explorer.getChildren()) ?? []).find((node) => node.kind === kind);
  if (!found) throw new Error(`the explorer shows no ${kind}`);
  return found;
}

/** A root's children: its first page when it was just refreshed (what expanding it shows). */
async function firstPage(api: TestApi, node: ExplorerNode): Promise<ExplorerNode[]> {
  return (await api.explorer.getChildren(node)) ?? [];
}

/** The first items page ever, right after *Use Local Sandbox*: what a person who just signed in waits for. */
export async function measureFirstItems(api: TestApi, idleMs: number): Promise<void> {
  const items = await root(api, 'itemsRoot');
  const page = await time('Items: first page, cold (just signed in)', () => firstPage(api, items));
  record(
    'extension host start → first Items page',
    [performance.now() - idleMs],
    'activation, Use Local Sandbox, first page (the idle wait before the click left out)',
  );
  if (!page.some((node) => node.kind === 'item')) throw new Error('the first items page has no item');
}

/** One round of the explorer's figures, on the sandbox as it is now (just reset). */
export async function measureExplorerRound(api: TestApi): Promise<void> {
  group('Explorer');
  const items = await root(api, 'itemsRoot');
  const orders = await root(api, 'ordersRoot');
  const refresh = (node: ExplorerNode) => () => api.explorer.refresh(node);

  await repeat(SCALED.itemsFirstPage, REPEATS, refresh(items), () => firstPage(api, items));
  await repeat(
    SCALED.itemsLoadMore,
    REPEATS,
    async () => {
      await api.explorer.refresh(items);
      await firstPage(api, items);
    },
    () => api.explorer.loadMore(items),
  );
  await repeat(SCALED.ordersFirstPage, REPEATS, refresh(orders), () => firstPage(api, orders));
  fact('items', paging(items)?.total ?? 0);
  fact('orders', paging(orders)?.total ?? 0);
  if (paging(orders)?.done === false) {
    await repeat(
      SCALED.ordersLoadMore,
      REPEATS,
      async () => {
        await api.explorer.refresh(orders);
        await firstPage(api, orders);
      },
      () => api.explorer.loadMore(orders),
    );
  } else unavailable(SCALED.ordersLoadMore, 'the sandbox has a single page of orders');

  // A status filter: the command's choice, then the filtered first page.
  await repeat(
    SCALED.itemsFilter,
    REPEATS,
    () => api.explorer.filterItems('all'),
    async () => {
      await api.explorer.filterItems('active');
      return firstPage(api, items);
    },
  );
  await api.explorer.filterItems('all');
  await repeat(
    SCALED.ordersFilter,
    REPEATS,
    () => api.explorer.filterOrders('all'),
    async () => {
      await api.explorer.filterOrders('paid');
      return firstPage(api, orders);
    },
  );
  await api.explorer.filterOrders('all');

  await repeat('refresh the whole tree + first Items page', REPEATS, refresh(items), async () => {
    await api.explorer.refresh();
    return firstPage(api, await root(api, 'itemsRoot'));
  });
  await measureScan(api);
}

/**
 * The scan past 1,000: Load more… until the offset window is used up, then the click that switches to
 * `search_type=scan` (which starts from the first result and skips the 1,000 shown), and the one after. The default
 * seed has fewer listings: the sandbox's bulk route adds copies first (after every other items figure).
 */
async function measureScan(api: TestApi): Promise<void> {
  let items = await root(api, 'itemsRoot');
  await api.explorer.refresh(items);
  await firstPage(api, items);
  const total = paging(items)?.total ?? 0;
  const wanted = OFFSET_WINDOW + 200;
  if (total < wanted) {
    await api.sandbox.admin('POST', '/_sandbox/items/bulk', { count: wanted - total });
  }
  const toWindow: number[] = [];
  const across: number[] = [];
  const inScan: number[] = [];
  for (let run = 0; run < SCAN_REPEATS; run += 1) {
    items = await root(api, 'itemsRoot');
    await api.explorer.refresh(items);
    await firstPage(api, items);
    const started = performance.now();
    while ((paging(items)?.loaded ?? 0) < OFFSET_WINDOW && paging(items)?.done === false) {
      const before = paging(items)?.loaded ?? 0;
      await api.explorer.loadMore(items);
      if ((paging(items)?.loaded ?? 0) <= before) throw new Error(`Load more… after ${before} items loaded nothing`);
    }
    toWindow.push(performance.now() - started);
    const loaded = paging(items)?.loaded ?? 0;
    if (loaded < OFFSET_WINDOW) throw new Error(`only ${loaded} items loaded: no scan past 1,000 to measure`);
    let at = performance.now();
    await api.explorer.loadMore(items);
    across.push(performance.now() - at);
    if ((paging(items)?.loaded ?? 0) <= loaded) throw new Error('Load more… past 1,000 loaded nothing');
    at = performance.now();
    await api.explorer.loadMore(items);
    inScan.push(performance.now() - at);
  }
  record('Items: Load more… up to 1,000 (19 clicks after the first page)', toWindow);
  record(SCALED.scanPast1000, across);
  record('Items: the next Load more… in the scan', inScan);
}
