import { advertisingFamily } from './advertising/family';
import type { Family } from './family';
import { itemsFamily } from './items/family';
import { notificationsFamily } from './notifications/family';
import { ordersFamily } from './orders/family';
import { shippingFamily } from './shipping/family';
import { sizeChartsFamily } from './sizeCharts/family';
import { usersFamily } from './users/family';

/** Every family, in seeding order: later families may read the slices of earlier ones. */
export const FAMILIES: Family[] = [
  usersFamily,
  itemsFamily,
  ordersFamily,
  sizeChartsFamily,
  shippingFamily,
  advertisingFamily,
  notificationsFamily,
] as Family[];
