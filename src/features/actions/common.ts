import * as vscode from 'vscode';
import { getItems, searchSellerItems } from '../../api/items';
import { searchOrders } from '../../api/orders';
import type { Output } from '../../platform/output';
import { errorsOf, type Finding, findingsText } from '../../rules/finding';
import type { Session, SessionSource } from '../auth/session';
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

/** Asks for one of the seller's items (the newest 50) or an id typed in. */
export async function pickItemId(session: Session): Promise<string | undefined> {
  const client = session.client;
  const search = await searchSellerItems(client, session.account.userId, { orders: 'start_time_desc', limit: 50 });
  const entries = await getItems(client, search.results, { attributes: ['id', 'title', 'status', 'price'] });
  const picks: (vscode.QuickPickItem & { id: string })[] = entries.flatMap((entry) => {
    const body = entry.body as { id?: string; title?: string; status?: string } | undefined;
    return entry.code === 200 && body?.id
      ? [{ id: body.id, label: body.title ?? body.id, description: `${body.id} · ${body.status ?? ''}` }]
      : [];
  });
  const picked = await vscode.window.showQuickPick(picks, {
    title: 'Which item?',
    placeHolder: 'Your newest items (type to filter)',
    matchOnDescription: true,
  });
  return picked?.id;
}

/** Asks for one of the seller's orders (the newest 50). */
export async function pickOrderId(session: Session): Promise<number | undefined> {
  const answer = await searchOrders(session.client, { seller: session.account.userId, sort: 'date_desc', limit: 50 });
  const picks = answer.results.map((order) => ({
    id: order.id,
    label: String(order.id),
    description: `${order.status} · ${order.buyer.nickname ?? order.buyer.id}`,
  }));
  const picked = await vscode.window.showQuickPick(picks, { title: 'Which order?', matchOnDescription: true });
  return picked?.id;
}

/** An id typed in: digits only. */
export async function askNumericId(title: string, prompt: string): Promise<number | undefined> {
  const text = await vscode.window.showInputBox({
    title,
    prompt,
    validateInput: (value) => (/^\d+$/.test(value.trim()) ? undefined : 'Type a numeric id.'),
  });
  return text === undefined ? undefined : Number(text.trim());
}
