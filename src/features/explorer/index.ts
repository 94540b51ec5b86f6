// The Marketplace explorer (part of the activation bundle): its tree view, its JSON documents and its commands.
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import { MarketplaceExplorer } from './provider';

export interface ExplorerCore extends FeatureCore {
  sessions: SessionSource;
}

export interface Explorer extends FeatureContribution {
  explorer: MarketplaceExplorer;
}

export function activate(core: ExplorerCore): Explorer {
  const explorer = new MarketplaceExplorer(core.sessions, core.output);
  core.context.subscriptions.push(explorer);
  explorer.createView(core.context);
  return { commands: explorer.commands(), explorer };
}
