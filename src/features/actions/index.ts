import type { CommandEntry } from '../../platform/commandTable';
import type { Output } from '../../platform/output';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import { blacklistActions } from './blacklistActions';
import { chartItemsActions } from './chartItemsAction';
import { itemActions } from './itemActions';
import { orderActions } from './orderActions';

/** The resource actions of the tree's context menus, inline buttons and palette (items, orders, blacklist, size charts). */
export function registerActions(
  sessions: SessionSource,
  explorer: MarketplaceExplorer,
  output: Output,
): CommandEntry[] {
  const deps = { sessions, explorer, output };
  return [...itemActions(deps), ...orderActions(deps), ...blacklistActions(deps), ...chartItemsActions(deps)];
}
