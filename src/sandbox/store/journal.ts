import type { Unit } from './tracking';

/**
 * The journal: the changes made after a snapshot, one line per group commit (the requests whose changes one `write`
 * and one `fdatasync` made durable): `{"changes":[{"path":[…],"value":…},{"path":[…],"deleted":true}]}`. A group is
 * one line so that it applies whole or not at all: a request's units (an order and the counter of its id) never
 * apply without each other. Each change holds the unit's value when the group was written, so replaying a line sets
 * the units as they were then.
 */

/** `sandbox-journal.<generation>.ndjson`: the changes to apply on the snapshot of that generation. */
export const journalName = (generation: number) => `sandbox-journal.${generation}.ndjson`;

/** The generation of a journal's file name, or undefined for any other file. */
export function journalGeneration(name: string): number | undefined {
  const match = /^sandbox-journal\.(\d+)\.ndjson$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

interface Change {
  path: string[];
  value?: unknown;
  deleted?: true;
}

/** The line of one group: every unit with its current value in `state` (a unit with no value is deleted). */
export function groupLine(state: object, units: readonly Unit[]): string {
  const changes: Change[] = units.map((unit) => {
    const value = valueAt(state, unit);
    return value === undefined ? { path: [...unit], deleted: true } : { path: [...unit], value };
  });
  return `${JSON.stringify({ changes })}\n`;
}

function valueAt(state: object, path: Unit): unknown {
  let value: unknown = state;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Applies one group line to the state; throws when it is not a group, or names a place the state does not have. */
export function applyLine(state: object, line: string): void {
  const group = JSON.parse(line) as { changes?: unknown };
  if (!Array.isArray(group?.changes)) throw new Error('a journal line without changes');
  for (const change of group.changes as Change[]) {
    const path = change?.path;
    if (!Array.isArray(path) || path.length === 0 || !path.every((key) => typeof key === 'string')) {
      throw new Error('a journal change without a path');
    }
    let parent: unknown = state;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[key];
    const key = path[path.length - 1] as string;
    if (change.deleted === true) {
      // Deleting from a place already gone (its parent deleted in the same group) leaves the state as it was meant.
      if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[key];
      continue;
    }
    if (typeof parent !== 'object' || parent === null) throw new Error(`a journal change to ${path.join('.')}`);
    (parent as Record<string, unknown>)[key] = change.value;
  }
}

export interface Replay {
  /** Lines applied. */
  groups: number;
  /** Bytes of the journal that hold whole, applied lines: appends continue from here. */
  validBytes: number;
  /** A last line cut short (a write the crash interrupted, never acknowledged) was dropped. */
  tornTail: boolean;
}

/**
 * Applies a journal's lines to the state in order. The last line may be cut short or unreadable (its write never
 * completed, so it was never acknowledged): it is dropped. Anything unreadable before it throws.
 */
export function replayJournal(state: object, bytes: Buffer): Replay {
  let start = 0;
  let groups = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const last = end === -1 || bytes.indexOf(0x0a, end + 1) === -1;
    if (end === -1) return { groups, validBytes: start, tornTail: true };
    const line = bytes.toString('utf8', start, end);
    try {
      applyLine(state, line);
    } catch (failure) {
      // The trailing group whose write was interrupted: a line that reached its newline but not its content (zeros
      // of a file extended before its data landed) reads as unparsable.
      if (last && failure instanceof SyntaxError) return { groups, validBytes: start, tornTail: true };
      throw new Error(`line ${groups + 1} of the journal: ${(failure as Error).message}`);
    }
    groups++;
    start = end + 1;
  }
  return { groups, validBytes: start, tornTail: false };
}
