// The API's resource functions as the activation bundle's features call them: the same signatures, but each module
// (and the response schemas it builds with zod, ~30 ms in all) is evaluated on the first call rather than at
// activation. esbuild keeps a module reached only through `import()` unevaluated until then.
// biome-ignore-all lint/suspicious/noExplicitAny: a forwarding wrapper takes whatever the wrapped function takes

const items = () => import('../api/items');
const orders = () => import('../api/orders');
const payments = () => import('../api/payments');
const sizeCharts = () => import('../api/sizeCharts');
const advertising = () => import('../api/advertising');
const blacklist = () => import('../api/blacklist');
const users = () => import('../api/users');

type AsyncFunction = (...args: any[]) => Promise<unknown>;

/** `name` of the module `load` gives, called once the module is loaded. */
function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return ((...args: unknown[]) => load().then((module) => (module[name] as AsyncFunction)(...args))) as M[K];
}

export const getItem = lazy(items, 'getItem');
export const getItems = lazy(items, 'getItems');
export const searchSellerItems = lazy(items, 'searchSellerItems');
export const searchOrders = lazy(orders, 'searchOrders');
export const searchRecentOrders = lazy(orders, 'searchRecentOrders');
export const searchArchivedOrders = lazy(orders, 'searchArchivedOrders');
export const searchPendingOrders = lazy(orders, 'searchPendingOrders');
export const getOrder = lazy(orders, 'getOrder');
export const listNotes = lazy(orders, 'listNotes');
export const getFeedback = lazy(orders, 'getFeedback');
export const getCollection = lazy(payments, 'getCollection');
export const getSizeChart = lazy(sizeCharts, 'getSizeChart');
export const listSizeCharts = lazy(sizeCharts, 'listSizeCharts');
export const getSizeChartItems = lazy(sizeCharts, 'getSizeChartItems');
export const getAdvertisers = lazy(advertising, 'getAdvertisers');
export const getCampaigns = lazy(advertising, 'getCampaigns');
export const getBlacklist = lazy(blacklist, 'getBlacklist');
export const getUser = lazy(users, 'getUser');
export const getMe = lazy(users, 'getMe');

/** The seller's items past the offset window, page by page (an async generator, so not a plain forward). */
export async function* scanSellerItems(
  ...args: Parameters<Awaited<ReturnType<typeof items>>['scanSellerItems']>
): ReturnType<Awaited<ReturnType<typeof items>>['scanSellerItems']> {
  return yield* (await items()).scanSellerItems(...args);
}
