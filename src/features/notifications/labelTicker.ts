// Keeps time-dependent row labels ("sent 3 min ago") true while a view is shown, without VS Code: one timer, set for
// the moment the first label changes, relabelling only the rows whose words changed. Hidden or disposed, no timer
// runs; shown again, stale labels are caught up at once. The clock and timers are injected (tests move time).

import { Disposable } from '../../platform/disposable';

/** Where the ticker reads the time and sets its one timer. */
export interface TickerClock {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_CLOCK: TickerClock = {
  now: () => new Date(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A laptop that slept wakes its timers late: never wait longer than this before looking again. */
const MAX_WAIT_MS = 3_600_000;

export interface LabelTickerOptions<T> {
  /** The row's label at a time. */
  label(row: T, now: Date): string;
  /** When the row's label next changes after `now` (undefined: never by time alone). */
  nextChange(row: T, now: Date): Date | undefined;
  /** The rows whose labels changed, with their new labels (never empty). */
  changed(rows: { row: T; label: string }[]): void;
  clock?: TickerClock;
}

export class LabelTicker<T> extends Disposable {
  private readonly clock: TickerClock;
  /** The rows shown, by the group (a parent row, '' for the top level) that listed them. */
  private readonly groups = new Map<string, T[]>();
  /** Each tracked row's label as last shown. */
  private readonly labels = new Map<T, string>();
  private active = false;
  private timer: { handle: unknown; at: number } | undefined;

  constructor(private readonly options: LabelTickerOptions<T>) {
    super();
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.onDispose(() => {
      this.active = false;
      this.clear();
    });
  }

  /** How many rows are tracked. */
  get size(): number {
    return this.labels.size;
  }

  /** The rows a group shows now, labelled as of now; they replace what the group showed before. */
  track(group: string, rows: readonly T[]): void {
    if (this.isDisposed) return;
    for (const row of this.groups.get(group) ?? []) this.labels.delete(row);
    const now = this.clock.now();
    for (const row of rows) this.labels.set(row, this.options.label(row, now));
    this.groups.set(group, [...rows]);
    if (!this.active) return;
    // Only the new rows can bring the next change forward.
    const earliest = this.earliest(rows, now);
    if (earliest !== undefined && (!this.timer || earliest < this.timer.at)) this.schedule(earliest, now);
  }

  /** Forgets every row (the view lists them all again). */
  clear(): void {
    this.groups.clear();
    this.labels.clear();
    this.cancel();
  }

  /** Shown: catch up at once and keep labels true; hidden: stop. */
  setActive(active: boolean): void {
    if (this.isDisposed || active === this.active) return;
    this.active = active;
    if (active) this.tick();
    else this.cancel();
  }

  /** Relabels the rows whose words changed, then waits for the next change. */
  private tick(): void {
    this.timer = undefined;
    if (!this.active) return;
    const now = this.clock.now();
    const changed: { row: T; label: string }[] = [];
    for (const [row, shown] of this.labels) {
      const label = this.options.label(row, now);
      if (label === shown) continue;
      this.labels.set(row, label);
      changed.push({ row, label });
    }
    if (changed.length) this.options.changed(changed);
    const earliest = this.earliest(this.labels.keys(), now);
    if (earliest !== undefined) this.schedule(earliest, now);
  }

  private earliest(rows: Iterable<T>, now: Date): number | undefined {
    let earliest: number | undefined;
    for (const row of rows) {
      const at = this.options.nextChange(row, now)?.getTime();
      if (at !== undefined && (earliest === undefined || at < earliest)) earliest = at;
    }
    return earliest;
  }

  private schedule(at: number, now: Date): void {
    this.cancel();
    const wait = Math.min(Math.max(1, at - now.getTime()), MAX_WAIT_MS);
    this.timer = { handle: this.clock.setTimeout(() => this.tick(), wait), at: now.getTime() + wait };
  }

  private cancel(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = undefined;
  }
}
