// How deeply a stored value nests, found without recursion: a body nested thousands of levels deep (a hostile
// notification, a hand-edited history file) would overflow the stack of `JSON.stringify`, of a structured clone and
// of every recursive walk after it, so stores refuse such values before they are kept.

/**
 * Levels of arrays and objects a stored value may hold. Real bodies nest a few levels; this keeps every later
 * `JSON.stringify` of an entry (the file holding it adds three) far from the stack's limit (about 4,000 in Node).
 */
export const STORED_DEPTH_LIMIT = 512;

/** Whether `value` nests arrays and objects more than `limit` levels deep; linear in its size, stops at the first. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children)
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth });
  }
  return false;
}
