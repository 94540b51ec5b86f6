import type { AdvertisingSlice } from './advertising/state';
import type { ItemsSlice } from './items/state';
import type { NotificationsSlice } from './notifications/state';
import type { OrdersSlice } from './orders/state';
import type { ShippingSlice } from './shipping/state';
import type { SizeChartsSlice } from './sizeCharts/state';
import type { UsersSlice } from './users/state';

/** Bookkeeping shared by every family. */
export interface MetaSlice {
  format: 1;
  seed: string;
  /** Sandbox time = real time + offset (admin "advance time" grows it). */
  clockOffsetMs: number;
  /** Monotonic counters for new ids, by kind. */
  counters: Record<string, number>;
  /** `--scale N`: the seller also has N generated listings and 10·N generated orders (absent: the default seed). */
  scale?: number;
  /** In a stored snapshot only: the generation of the journal that follows it (see store/snapshot.ts). */
  generation?: number;
}

/**
 * The whole sandbox state: one JSON document. With --data it is stored as a snapshot plus a journal of the units that
 * changed since (store/): handlers change it in place through a tracking view, so keep it plain JSON without aliasing
 * (a record reachable at one path only), and clone a part of it with `structuredClone(untracked(part))`.
 */
export interface SandboxState {
  meta: MetaSlice;
  users: UsersSlice;
  items: ItemsSlice;
  orders: OrdersSlice;
  sizeCharts: SizeChartsSlice;
  shipping: ShippingSlice;
  advertising: AdvertisingSlice;
  notifications: NotificationsSlice;
}
