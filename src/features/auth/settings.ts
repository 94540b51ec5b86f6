import * as vscode from 'vscode';
import { SETTINGS } from '../../constants';
import type { EnvironmentId } from './session';

/**
 * Reads a host-choosing setting from the user (application) level only. These settings are declared
 * application-scoped, and reading `globalValue` makes sure a workspace's settings can never redirect the token,
 * whether or not the workspace is trusted.
 */
export function applicationSetting<T>(key: string, fallback: T): T {
  const inspected = vscode.workspace.getConfiguration(SETTINGS.section).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
}

export function activeEnvironment(): EnvironmentId {
  return applicationSetting<string>(SETTINGS.environment, 'sandbox') === 'api' ? 'api' : 'sandbox';
}

export async function setActiveEnvironment(environment: EnvironmentId): Promise<void> {
  // Writing the value it already has would still rewrite settings.json (a round trip of ~100 ms).
  if (activeEnvironment() === environment) return;
  await vscode.workspace
    .getConfiguration(SETTINGS.section)
    .update(SETTINGS.environment, environment, vscode.ConfigurationTarget.Global);
}

/** The environments' names in English, for the output channel's log lines. */
export const ENVIRONMENT_LABELS: Record<EnvironmentId, string> = { sandbox: 'Local Sandbox', api: 'Marketplace API' };

/** An environment's name as a person reads it, in the display language. */
export const environmentLabel = (environment: EnvironmentId): string =>
  environment === 'sandbox' ? vscode.l10n.t('Local Sandbox') : vscode.l10n.t('Marketplace API');
