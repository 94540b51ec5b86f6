/** The roots of the explorer, one per family. */
import type { Session } from '../../auth/session';
import { AdvertisingRoot } from './advertising';
import { BlacklistRoot } from './blacklist';
import { ItemsRoot } from './items';
import { OrdersRoot } from './orders';
import { SizeChartsRoot } from './sizeCharts';

/** The five roots, in the order the view shows them. */
export type RootNode = ItemsRoot | OrdersRoot | SizeChartsRoot | BlacklistRoot | AdvertisingRoot;

export function createRoots(session: Session): RootNode[] {
  const sellerId = session.account.userId;
  return [
    new ItemsRoot(sellerId),
    new OrdersRoot(sellerId),
    new SizeChartsRoot(),
    new BlacklistRoot(sellerId),
    new AdvertisingRoot(),
  ];
}
