// A figure and its limit measured in turns: subject, limit, limit, subject, … so that whatever else the machine does
// falls on both alike, and each turn's ratio is taken between two runs a moment apart. The ratio reads as a cost: how
// many times the limit's cost the subject costs (a time ÷ the limit's time, or the limit's rate ÷ the rate), so every
// target reads "≤ N×" whatever was measured.

/** Both sides' runs, in turn order, and each turn's cost ratio. */
export interface PairedRuns {
  subject: number[];
  baseline: number[];
  ratios: number[];
}

/** Whether a larger number is worse (a time, a latency) or better (a rate). */
export type Measure = 'time' | 'rate';

/** How many times the limit's cost the subject costs, for one turn. */
export function costRatio(subject: number, baseline: number, measure: Measure): number {
  return measure === 'time' ? subject / baseline : baseline / subject;
}

/**
 * Runs `turns` turns of `subject` and `baseline` (each resolves with its measure), alternating which goes first, and
 * pairs them. Nothing else runs between the two halves of a turn.
 */
export async function interleave(
  turns: number,
  subject: () => Promise<number>,
  baseline: () => Promise<number>,
  measure: Measure = 'time',
): Promise<PairedRuns> {
  const runs: PairedRuns = { subject: [], baseline: [], ratios: [] };
  for (let turn = 0; turn < turns; turn += 1) {
    let mine: number;
    let theirs: number;
    if (turn % 2 === 0) {
      mine = await subject();
      theirs = await baseline();
    } else {
      theirs = await baseline();
      mine = await subject();
    }
    pair(runs, mine, theirs, measure);
  }
  return runs;
}

/** Adds one turn taken elsewhere (a load run's req/s and p99 come from the same two runs). */
export function pair(runs: PairedRuns, subject: number, baseline: number, measure: Measure): void {
  runs.subject.push(subject);
  runs.baseline.push(baseline);
  runs.ratios.push(costRatio(subject, baseline, measure));
}

/** An empty set of paired runs, to fill with `pair`. */
export function pairedRuns(): PairedRuns {
  return { subject: [], baseline: [], ratios: [] };
}
