import type { Family } from './family';
import type { Sandbox } from './sandbox';
import type { SandboxState } from './state';
import type { StateListener } from './store/trackedState';
import type { Unit } from './store/tracking';

/**
 * Runs the families' time-based transitions (`advance`) before a request only when one may be due. A family that
 * says when each of its records is next due (`dueAt`) is scanned once the earliest of those instants has come;
 * after the scan the earliest is computed anew, and a record changed in between is judged alone, from the units the
 * state tracker reports. Nothing else changes: a scan that runs finds what it always found, and one that is skipped
 * would have found nothing to do. A family without `dueAt` runs before every request, as it always did.
 */
export class AdvanceSchedule implements StateListener {
  /** The earliest sandbox time (ms) something of a family is due; absent when unknown (the family runs). */
  private readonly due = new Map<string, number>();
  /** Changed records of known collections, judged at the next run (once the change is complete). */
  private touched: Unit[] = [];
  private readonly byKey: Map<string, Family>;

  constructor(private readonly families: readonly Family[]) {
    this.byKey = new Map(families.map((family) => [family.key, family]));
  }

  /** A unit of the state changed (reported by the tracker). */
  changed(unit: Unit): void {
    const family = this.byKey.get(unit[0] ?? '');
    if (family?.dueAt === undefined || !this.due.has(family.key)) return;
    const dueAt = unit.length === 3 ? family.dueAt[unit[1] ?? ''] : undefined;
    if (dueAt === null) return;
    // A change the family's `dueAt` cannot judge (a whole collection, another field of the slice): scan next time.
    if (dueAt === undefined) this.due.delete(family.key);
    else this.touched.push(unit);
  }

  /** The state was replaced as a whole: every family scans next time. */
  replaced(): void {
    this.due.clear();
    this.touched = [];
  }

  /** Applies the transitions due by `sandbox.now()`; `raw` is the state behind `sandbox.state`, read untracked. */
  run(sandbox: Sandbox, raw: SandboxState): void {
    const now = sandbox.now().getTime();
    for (const family of this.families) {
      if (family.advance === undefined) continue;
      this.judgeTouched(raw);
      if (family.dueAt !== undefined && now < (this.due.get(family.key) ?? Number.NEGATIVE_INFINITY)) continue;
      family.advance(sandbox);
      if (family.dueAt !== undefined) this.due.set(family.key, earliest(family, raw));
    }
  }

  private judgeTouched(raw: SandboxState): void {
    for (const [slice = '', collection = '', id = ''] of this.touched) {
      const family = this.byKey.get(slice);
      const dueAt = family?.dueAt?.[collection];
      const known = this.due.get(slice);
      if (!dueAt || known === undefined) continue;
      const record = (raw as unknown as Record<string, Record<string, Record<string, unknown>>>)[slice]?.[collection]?.[
        id
      ];
      if (record === undefined) continue;
      const at = (dueAt as (record: unknown) => number)(record);
      if (at < known) this.due.set(slice, at);
    }
    this.touched = [];
  }
}

/** The earliest instant any stored record of the family is due (a NaN instant is never due, as `advance` reads it). */
function earliest(family: Family, raw: SandboxState): number {
  let min = Number.POSITIVE_INFINITY;
  const slice = raw[family.key] as unknown as Record<string, Record<string, unknown>>;
  for (const [collection, dueAt] of Object.entries(family.dueAt ?? {})) {
    if (!dueAt) continue;
    for (const record of Object.values(slice[collection] ?? {})) {
      const at = (dueAt as (record: unknown) => number)(record);
      if (at < min) min = at;
    }
  }
  return min;
}
