import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import { registerLiveAuthoring } from './live';
import type { LiveContext } from './liveContext';
import { PayloadCommands } from './payloadCommands';

/**
 * Registers payload authoring (schemas are contributed by package.json; live completion, hover, diagnostics and
 * quick fixes, and the payload commands are registered here); returns its command table rows and the live cache.
 */
export interface AuthoringCore extends FeatureCore {
  sessions: SessionSource;
}

export interface Authoring extends FeatureContribution {
  live: LiveContext;
}

export function activate(core: AuthoringCore): Authoring {
  const { context, sessions, output } = core;
  // Live diagnostics, completion, hover and quick fixes of payload files (the hard-coded token warning: startup.ts).
  const live = registerLiveAuthoring(context, sessions, output);
  // Payload file commands (New … Payload…, Pull Item into Payload File): command table rows only.
  const payloadCommands = new PayloadCommands(sessions, output);
  return { commands: [...payloadCommands.commands()], live };
}
