// Which payload file a Send, Validate, Diff or Copy as curl works on: the URI it was given (CodeLens, menus), the
// file named after an explorer node's resource, or the one in the window (palette). Says what to do when none fits.
import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import { anyCaseGlob, classifyPayloadFile } from '../../model/payloadFiles';

/** The file name of a URI (untitled documents carry their proposed name). */
export function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

/** The payload document of a command: its URI argument (CodeLens, menus) or the one in the window (palette). */
export async function payloadDocument(target: unknown): Promise<vscode.TextDocument> {
  const uri =
    target instanceof vscode.Uri
      ? target
      : target !== undefined
        ? await payloadFileOfNode(target)
        : await payloadFileOfWindow();
  if (!uri) throw new Error(vscode.l10n.t('Open a payload file (such as {0}) first.', 'MLA1234567890.item.json'));
  const document = await vscode.workspace.openTextDocument(uri);
  if (!classifyPayloadFile(baseName(uri))) {
    throw new Error(
      vscode.l10n.t(
        '{0} is not a payload file: name it *.item.json, ID.sale-terms.json, *.size-chart.json, CHART.chart-items.json, ORDER.note.json, ORDER.feedback.json or *.blacklist.json.',
        baseName(uri),
      ),
    );
  }
  return document;
}

/**
 * The payload file a command without argument works on: the active editor's; else, when the active editor is no
 * text editor (the walkthrough, a panel), the payload file shown beside it, or the one open in a tab (asked when
 * there are several). With none open, offers to write one.
 */
async function payloadFileOfWindow(): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active) return active;
  const isPayload = (uri: vscode.Uri) => classifyPayloadFile(baseName(uri)) !== undefined;
  const unique = (uris: vscode.Uri[]) => [...new Map(uris.map((uri) => [uri.toString(), uri])).values()];
  const shown = unique(vscode.window.visibleTextEditors.map((editor) => editor.document.uri).filter(isPayload));
  const tabs = unique(
    vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [tab.input.uri] : []))
      .filter(isPayload),
  );
  const candidates = shown.length ? shown : tabs;
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    const picked = await vscode.window.showQuickPick(
      candidates.map((uri) => ({ label: baseName(uri), description: vscode.workspace.asRelativePath(uri), uri })),
      { title: vscode.l10n.t('Which payload file?') },
    );
    if (!picked) throw new vscode.CancellationError();
    return picked.uri;
  }
  const create = vscode.l10n.t('New Item Payload…');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('Open a payload file first (such as {0}), or write a new listing.', 'MLA1234567890.item.json'),
    create,
  );
  if (answer === create) await vscode.commands.executeCommand(COMMANDS.newItemPayload);
  throw new vscode.CancellationError();
}

/**
 * The payload file of a Marketplace explorer node (an item, an order, a size chart): the workspace's files named
 * after its id (`MLA….item.json`, `MLA….sale-terms.json`, `ORDER.note.json`, `CHART.chart-items.json`…); asks
 * which when there are several, and offers to pull an item into a new file when there is none.
 */
async function payloadFileOfNode(target: unknown): Promise<vscode.Uri | undefined> {
  const node = target as { kind?: unknown; resourceId?: unknown };
  const kinds = ['item', 'order', 'sizeChart', 'chartItems'];
  if (typeof node?.kind !== 'string' || !kinds.includes(node.kind)) return undefined;
  const owner = node.kind === 'chartItems' ? (target as { parent?: { resourceId?: unknown } }).parent : node;
  const id = typeof owner?.resourceId === 'string' ? owner.resourceId : undefined;
  if (!id || !/^[\w-]+$/.test(id)) return undefined;
  // Any case: `mla1400000401.item.json` names MLA1400000401 too (payloadFiles.ts).
  const found = (
    await vscode.workspace.findFiles(`**/${anyCaseGlob(`${id}.*.json`)}`, '**/node_modules/**', 50)
  ).filter((uri) => classifyPayloadFile(baseName(uri)));
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    const picked = await vscode.window.showQuickPick(
      found.map((uri) => ({ label: baseName(uri), description: vscode.workspace.asRelativePath(uri), uri })),
      { title: vscode.l10n.t('Which payload file of {0}?', id) },
    );
    if (!picked) throw new vscode.CancellationError();
    return picked.uri;
  }
  const pull = node.kind === 'item' ? vscode.l10n.t('Pull Item into Payload File') : undefined;
  const example = `${id}.${node.kind === 'item' ? 'item' : node.kind === 'order' ? 'note' : 'size-chart'}.json`;
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('No payload file named after {0} in this workspace (such as {1}).', id, example),
    ...(pull ? [pull] : []),
  );
  if (answer === pull) await vscode.commands.executeCommand(COMMANDS.pullItemPayload, target);
  throw new vscode.CancellationError();
}
