// Walking the Marketplace explorer as its tree view does: roots, children, labels. The suites are a bundle of their
// own, so nodes are matched by their `kind`, never by instanceof (the types are imported for reading only).
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ExplorerNode, NodeKind } from '../../../src/features/explorer/nodes';

/** A node's children as the tree view asks for them (the roots without a node); none is an empty list. */
export async function children(api: TestApi, node?: ExplorerNode): Promise<ExplorerNode[]> {
  return (await api.explorer.getChildren(node)) ?? [];
}

/** Whether a node is of `kind` (a type guard when `T` is given). */
export const isKind =
  <T extends ExplorerNode = ExplorerNode>(kind: NodeKind) =>
  (node: ExplorerNode): node is T =>
    node.kind === kind;

/** The root of `kind` (`itemsRoot`, `ordersRoot`…); the test fails when the explorer does not show it. */
export async function rootNode(api: TestApi, kind: NodeKind): Promise<ExplorerNode> {
  const found = (await children(api)).find(isKind(kind));
  assert.ok(found, `the ${kind} root node exists`);
  return found;
}

/** The children of `parent` of one kind, in the order shown. */
export async function childrenOfKind<T extends ExplorerNode = ExplorerNode>(
  api: TestApi,
  parent: ExplorerNode,
  kind: NodeKind,
): Promise<T[]> {
  return (await children(api, parent)).filter(isKind<T>(kind));
}

/** The listing's node when it is on the first page of Items, else undefined. */
export async function itemNode(api: TestApi, id: string): Promise<ExplorerNode | undefined> {
  const items = await childrenOfKind(api, await rootNode(api, 'itemsRoot'), 'item');
  return items.find((node) => (node.data as { id: string }).id === id);
}

/** The label a node's row shows. */
export function labelOf(api: TestApi, node: ExplorerNode): string {
  return String((api.explorer.getTreeItem(node) as vscode.TreeItem).label);
}

/** The labels of a node's children (of the roots without a node), in the order shown. */
export async function childLabels(api: TestApi, node?: ExplorerNode): Promise<string[]> {
  return (await children(api, node)).map((child) => labelOf(api, child));
}
