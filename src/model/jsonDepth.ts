// How deeply a JSON value may nest before the extension stops reading it, and the two walks that keep a deeper value
// away from the code that reads JSON recursively (the rules, zod, JSON.stringify, structuredClone, the webviews).
// Both walks are iterative: any depth is safe to ask about, and each costs one visit per value at most.

/**
 * Levels of arrays and objects inside each other that the extension reads. No request or answer of the API nests
 * more than a few levels; recursive readers of JSON (jsonc-parser, JSON.stringify) overflow the stack between about
 * 2,000 and 10,000.
 */
export const MAX_JSON_DEPTH = 100;

/** What stands in for a part of a value that nests deeper than MAX_JSON_DEPTH. */
export const DEEP_VALUE_NOTE = `«nested deeper than ${MAX_JSON_DEPTH} levels: not shown»`;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Whether a value nests arrays and objects deeper than `max` levels (a scalar is 0 levels, `[]` and `{}` are 1,
 * `[[1]]` is 2). Stops at the first container past the limit.
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (!isContainer(value)) return false;
  const stack: [object, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (depth > max) return true;
    for (const child of Object.values(node)) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The value itself when it nests at most `max` levels; otherwise a copy in which every array or object below level
 * `max` is replaced by DEEP_VALUE_NOTE, so what is shown or stored says that a part was left out. Keys are copied as
 * own properties (a `__proto__` key stays a field, never a prototype).
 */
export function cutJsonDepth(value: unknown, max = MAX_JSON_DEPTH): unknown {
  if (!exceedsJsonDepth(value, max)) return value;
  const empty = (node: object): Record<string, unknown> | unknown[] => (Array.isArray(node) ? [] : {});
  const root = empty(value as object);
  const stack: [object, Record<string, unknown> | unknown[], number][] = [[value as object, root, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [source, target, depth] = next;
    for (const [key, child] of Object.entries(source)) {
      let copy: unknown = child;
      if (isContainer(child)) {
        if (depth >= max) {
          copy = DEEP_VALUE_NOTE;
        } else {
          const inner = empty(child);
          stack.push([child, inner, depth + 1]);
          copy = inner;
        }
      }
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}
