// The figures the code-server bench takes, by name: each the median of its repetitions (all kept for the JSON), or
// the reason it could not be taken; those taken with the sandbox at scale are kept apart, under the same names, and a
// figure measured in several rounds gathers the runs of all of them. A figure taken in turns with its limit (an empty
// webview's first paint, a bare server's start) carries the limit's runs and each turn's ratio beside its own runs.
// No vscode import: the explorer and panel files share it.
import { performance } from 'node:perf_hooks';
import type { PairedRuns } from '../../scripts/bench/paired';

export interface VsCodeFigure {
  /** The table's section it belongs to. */
  group: string;
  /** Median of `runs`, in ms. */
  ms?: number;
  runs?: number[];
  /** Why the figure is missing, or what it includes. */
  note?: string;
  /** The limit it was taken beside, in turns with it (absent for a figure taken alone). */
  baseline?: VsCodeBaseline;
  /** Each turn's cost ratio (the figure's time ÷ the limit's), in the order of `runs`. */
  ratios?: number[];
}

/** A limit measured in the same window, in turns with the figure. */
export interface VsCodeBaseline {
  /** As the table prints it: "empty webview panel, first paint". */
  name: string;
  /** Median of `runs`, in ms. */
  ms: number;
  runs: number[];
}

export interface Measured {
  figures: Record<string, VsCodeFigure>;
  /** Counts that say what was measured (the listings and orders the explorer saw). */
  facts: Record<string, number>;
}

/** At the default seed, and with the sandbox at scale. */
export const measured: { base: Measured; scaled: Measured } = {
  base: { figures: {}, facts: {} },
  scaled: { figures: {}, facts: {} },
};
let current = measured.base;
let currentGroup = '';

/** Figures recorded from now on were taken with the sandbox at scale (true) or at the default seed. */
export function atScale(scaled: boolean): void {
  current = scaled ? measured.scaled : measured.base;
}

/** Notes a count about what is measured now. */
export function fact(name: string, value: number): void {
  current.facts[name] = value;
}

/** Figures recorded from now on belong to this section of the table. */
export function group(name: string): void {
  currentGroup = name;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Records a figure from the given runs, added to those of an earlier round. */
export function record(name: string, runs: readonly number[], note?: string): void {
  const all = [...(current.figures[name]?.runs ?? []), ...runs.map(round)];
  current.figures[name] = { group: currentGroup, ms: round(median(all)), runs: all, ...(note ? { note } : {}) };
}

/**
 * Records a figure taken in turns with its limit (see scripts/bench/paired.ts): both sides' runs and each turn's
 * ratio, added to those of an earlier round. The ratios are kept as measured (unrounded runs give them).
 */
export function recordPaired(name: string, runs: PairedRuns, baselineName: string, note?: string): void {
  const earlier = current.figures[name];
  const all = [...(earlier?.runs ?? []), ...runs.subject.map(round)];
  const limit = [...(earlier?.baseline?.runs ?? []), ...runs.baseline.map(round)];
  current.figures[name] = {
    group: currentGroup,
    ms: round(median(all)),
    runs: all,
    baseline: { name: baselineName, ms: round(median(limit)), runs: limit },
    ratios: [...(earlier?.ratios ?? []), ...runs.ratios.map((ratio) => Math.round(ratio * 1000) / 1000)],
    ...(note ? { note } : {}),
  };
}

/** Records that a figure could not be taken, and why. */
export function unavailable(name: string, why: string): void {
  current.figures[name] = { group: currentGroup, note: why };
}

/** Times one call of `work` and records it. */
export async function time<T>(name: string, work: () => Promise<T>, note?: string): Promise<T> {
  const started = performance.now();
  const value = await work();
  record(name, [performance.now() - started], note);
  return value;
}

/**
 * `times` repetitions: `prepare` (not timed) then `work` (timed); records the median. Resolves with the last work's
 * value.
 */
export async function repeat<T>(
  name: string,
  times: number,
  prepare: () => Promise<unknown>,
  work: () => Promise<T>,
  note?: string,
): Promise<T> {
  const runs: number[] = [];
  let value: T | undefined;
  for (let run = 0; run < times; run += 1) {
    await prepare();
    const started = performance.now();
    value = await work();
    runs.push(performance.now() - started);
  }
  record(name, runs, note);
  return value as T;
}

/** Polls until a value exists (a panel is created inside its command). */
export async function waitFor<T>(check: () => T | undefined, what = 'a value', limitMs = 30_000): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The promise's value, or a failure naming what did not come within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
