import type { SandboxState } from '../state';
import { StateTracker, type Unit } from './tracking';

/** Told of every change: the durable store (to journal it) and the advance schedule (to judge deadlines). */
export interface StateListener {
  /** A unit of the current state changed. */
  changed(unit: Unit): void;
  /** The state was replaced as a whole (a reset, a fresh seed). */
  replaced(): void;
}

/**
 * The running sandbox's state as handlers see it: a tracking view of whatever state is current. The server keeps the
 * raw state in a variable that a reset replaces; the view follows it, and reports the replacement.
 */
export class TrackedState {
  private tracker: StateTracker<SandboxState>;
  /** Counts changes: a request that saw it unchanged changed nothing, and waits for no write. */
  changes = 0;

  constructor(
    private readonly current: () => SandboxState,
    private readonly listeners: readonly StateListener[],
  ) {
    this.tracker = this.track(current());
  }

  /** The tracking view of the current state: what handlers, `advance()` and the notifier change. */
  get view(): SandboxState {
    this.follow();
    return this.tracker.view;
  }

  /** The current state itself, for reads that must not pay for the view (and must change nothing). */
  get raw(): SandboxState {
    this.follow();
    return this.tracker.raw;
  }

  /** Reports a change made outside the view (a notification record the notifier updates after an await). */
  mark(unit: Unit): void {
    this.report(unit);
  }

  /** Notices a replaced state and reports it. */
  follow(): void {
    const raw = this.current();
    if (raw === this.tracker.raw) return;
    this.tracker = this.track(raw);
    this.changes++;
    for (const listener of this.listeners) listener.replaced();
  }

  private track(raw: SandboxState): StateTracker<SandboxState> {
    return new StateTracker(raw, (unit) => this.report(unit));
  }

  private report(unit: Unit): void {
    this.changes++;
    for (const listener of this.listeners) listener.changed(unit);
  }
}
