import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import { blacklistActions } from './blacklistActions';
import { chartItemsActions } from './chartItemsAction';
import { itemActions } from './itemActions';
import { orderActions } from './orderActions';

/** The resource actions of the tree's context menus, inline buttons and palette (items, orders, blacklist, size charts). */
export interface ActionsCore extends FeatureCore {
  sessions: SessionSource;
  explorer: MarketplaceExplorer;
}

export function activate(core: ActionsCore): FeatureContribution {
  const deps = { sessions: core.sessions, explorer: core.explorer, output: core.output };
  return {
    commands: [...itemActions(deps), ...orderActions(deps), ...blacklistActions(deps), ...chartItemsActions(deps)],
  };
}
