import type { Unit } from './tracking';

interface Node {
  /** The whole unit at this path changed: nothing below needs a line of its own. */
  whole: boolean;
  children: Map<string, Node> | undefined;
}

/**
 * The units changed since the last take, where a unit covers every unit below it: marking `['items']` after
 * `['items', 'items', 'MLA1']` (or before it) leaves only `['items']`, whose value holds the item.
 */
export class DirtyUnits {
  private root: Node = { whole: false, children: undefined };
  private count = 0;

  get empty(): boolean {
    return this.count === 0;
  }

  mark(unit: Unit): void {
    let node = this.root;
    for (const key of unit) {
      if (node.whole) return;
      node.children ??= new Map();
      let child = node.children.get(key);
      if (child === undefined) {
        child = { whole: false, children: undefined };
        node.children.set(key, child);
      }
      node = child;
    }
    if (node.whole) return;
    node.whole = true;
    node.children = undefined;
    this.count++;
  }

  /**
   * The marked units, none covering another, and clears them. An array's `length` comes after its indexes, so a
   * replay that sets the indexes first ends with the exact length.
   */
  take(): Unit[] {
    const units: Unit[] = [];
    if (this.count > 0) collect(this.root, [], units);
    this.root = { whole: false, children: undefined };
    this.count = 0;
    return units;
  }
}

function collect(node: Node, path: string[], into: Unit[]): void {
  if (node.whole) {
    into.push(path);
    return;
  }
  if (node.children === undefined) return;
  let length: Node | undefined;
  for (const [key, child] of node.children) {
    if (key === 'length') length = child;
    else collect(child, [...path, key], into);
  }
  if (length !== undefined) collect(length, [...path, 'length'], into);
}
