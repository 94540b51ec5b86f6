import * as vscode from 'vscode';
import type { Output } from '../../platform/output';
import { errorsOf, type Finding, findingsText } from '../../rules/finding';
import type { SessionSource } from '../auth/session';
import type { ExplorerNode } from '../explorer/nodes';
import type { MarketplaceExplorer } from '../explorer/provider';

/** What tests (and other callers) pass to skip prompts: `confirm: true` answers every confirmation with yes. */
export interface ActionOptions {
  confirm?: boolean;
}

/** The objects every action uses. */
export interface ActionDeps {
  sessions: SessionSource;
  explorer: MarketplaceExplorer;
  output: Output;
}

/** A node-like argument: tree nodes are matched by `kind`, never by class. */
export function nodeOf(target: unknown, ...kinds: string[]): (ExplorerNode & { data: unknown }) | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  const kind = (target as { kind?: unknown }).kind;
  return typeof kind === 'string' && kinds.includes(kind) ? (target as ExplorerNode) : undefined;
}

/** Refuses with the spec's reasons when the rules find errors. */
export function refuseOn(findings: readonly Finding[], what: string): void {
  const errors = errorsOf(findings);
  if (errors.length > 0) throw new Error(`${what}: ${findingsText(errors)}`);
}

/** A modal that says exactly what will happen; true when the user goes ahead. */
export async function confirmModal(
  message: string,
  detail: string,
  action: string,
  options: ActionOptions,
): Promise<boolean> {
  if (options.confirm) return true;
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  return answer === action;
}

/** Refreshes the node's parent (or the node, or the whole tree) so the tree shows the new state. */
export async function refreshAfter(deps: ActionDeps, node: ExplorerNode | undefined, self = false): Promise<void> {
  if (!node) return deps.explorer.refresh();
  return deps.explorer.refresh(self ? node : (node.parent ?? node));
}

export function done(deps: ActionDeps, message: string): void {
  deps.output.info(message);
  void vscode.window.showInformationMessage(message);
}
