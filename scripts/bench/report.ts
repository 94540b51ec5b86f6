// The bench's figures: each the median of its runs, with a unit, and where it has one the limit it is set beside (a
// bare server, an empty bundle, plain fetch, measured in the same run in turns with it) and the ratio of the two. Targets
// judge ratios, never absolute values: an absolute value measures the machine as much as the project. Printed as a table
// (console and markdown) under the date, the machine and its load before and after, and written to
// test-results/bench.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import type { PairedRuns } from './paired';

/** A bound the issue sets: `value ≤ max` (or `< max` when strict), or `value ≥ min` (`> min` when strict). */
export interface Target {
  max?: number;
  min?: number;
  strict?: boolean;
  /** As printed: "≤ 1.1×", "< 20 ms", "scale ≤ 1.5× default". */
  text: string;
}

/**
 * What a figure is set beside: the least any code could do for the same work (a bare `node:http` server answering the
 * same bytes, an empty bundle, plain fetch), measured in the same run, in turns with the figure.
 */
export interface Baseline {
  /** As printed: "bare node:http, same bytes". */
  name: string;
  /** The median of its runs, in the figure's unit. */
  value: number;
  /** Every run, for the JSON. */
  runs?: number[];
}

export interface Figure {
  /** Group the table prints it under ("Bundles", "Sandbox", …). */
  section: string;
  name: string;
  /** The median of the runs; null when the figure could not be taken (see `note`). */
  value: number | null;
  unit: string;
  /** Companion numbers as printed next to the value ("p99 9.1 ms", "gzip 156 KB"). */
  detail?: string;
  /** The number the target is checked on, when it is not `value` (a ratio beside an absolute time). */
  checked?: number | null;
  /** The limit the figure is set beside, taken in the same run. */
  baseline?: Baseline;
  /**
   * How many times the limit's cost the figure costs (time ÷ the limit's time, or the limit's rate ÷ the rate): the
   * median of the turns' ratios. The target, when there is one, judges this.
   */
  ratio?: number | null;
  /** Every turn's ratio, for the JSON. */
  ratioRuns?: number[];
  target?: Target;
  verdict?: 'met' | 'missed';
  /** Every run's value, for the JSON. */
  runs?: number[];
  /** Companion numbers by name, for the JSON. */
  extra?: Record<string, number | string | null>;
  /** Why a figure is missing, or what it includes. */
  note?: string;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounds for reading: 2 decimals under 10, 1 under 100, none above (with thousands separators). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  // Counts stay whole: "83 listings", not "83.0".
  const digits = Number.isInteger(value) ? 0 : abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export class Report {
  readonly figures: Figure[] = [];
  readonly started = new Date();
  /** What a section's figures measure, when its heading alone would mislead (printed under it). */
  readonly about = new Map<string, string>();
  private section = '';

  /** Figures added from now on go under this heading; `about` says what they measure. */
  heading(section: string, about?: string): void {
    this.section = section;
    if (about) {
      this.about.set(section, about);
      process.stdout.write(`${section}: ${about}\n`);
    }
  }

  /** Adds a figure (the median of `runs` when given as an array) and prints its line at once. */
  add(
    name: string,
    runs: number | readonly number[] | null,
    unit: string,
    more: Partial<Omit<Figure, 'section' | 'name' | 'value' | 'unit'>> = {},
  ): Figure {
    const list = runs === null ? undefined : typeof runs === 'number' ? [runs] : [...runs];
    const value = list?.length ? median(list) : null;
    const figure: Figure = { section: this.section, name, value, unit };
    if (list && list.length > 1) figure.runs = list;
    Object.assign(figure, more);
    const checked = more.ratio !== undefined ? more.ratio : more.checked === undefined ? value : more.checked;
    if (figure.target && checked !== null && checked !== undefined) {
      const { max, min, strict } = figure.target;
      const underMax = max === undefined || (strict ? checked < max : checked <= max);
      const overMin = min === undefined || (strict ? checked > min : checked >= min);
      figure.verdict = underMax && overMin ? 'met' : 'missed';
    }
    this.figures.push(figure);
    process.stdout.write(`${line(figure)}\n`);
    return figure;
  }

  /**
   * A figure set beside its limit: `paired` holds the runs of both, taken in turns, and each turn's ratio (see
   * paired.ts). The value is the figure's median, the ratio the median of the turns' ratios.
   */
  paired(
    name: string,
    paired: PairedRuns,
    unit: string,
    baselineName: string,
    more: Partial<Omit<Figure, 'section' | 'name' | 'value' | 'unit' | 'baseline' | 'ratio' | 'ratioRuns'>> = {},
  ): Figure {
    const ratio = paired.ratios.length ? median(paired.ratios) : null;
    return this.add(name, paired.subject, unit, {
      ...more,
      baseline: { name: baselineName, value: median(paired.baseline), runs: [...paired.baseline] },
      ratio,
      ratioRuns: [...paired.ratios],
    });
  }

  /** A figure that could not be taken this run, with the reason. */
  unavailable(name: string, unit: string, why: string, target?: Target): Figure {
    return this.add(name, null, unit, { note: why, target });
  }

  /** The whole table in markdown, under the date and the machine. */
  markdown(context: RunContext): string {
    const rows = ['| figure | value | limit (same run) | ratio | target | |', '|---|---|---|---|---|---|'];
    let section = '';
    for (const figure of this.figures) {
      if (figure.section !== section) {
        section = figure.section;
        const about = this.about.get(section);
        rows.push(`| **${section}**${about ? ` — ${about}` : ''} | | | | | |`);
      }
      const verdict = figure.verdict ?? '';
      const cells = [codeSpans(figure.name), valueText(figure), limitText(figure), ratioText(figure)];
      rows.push(`| ${cells.join(' | ')} | ${figure.target?.text ?? ''} | ${verdict} |`);
    }
    return `${describeRun(context)}\n\n${rows.join('\n')}\n\n${verdicts(this.figures)}\n`;
  }

  /** The whole table as text columns, under the date and the machine. */
  text(context: RunContext): string {
    const width = Math.min(70, Math.max(...this.figures.map((figure) => figure.name.length)));
    const lines = [describeRun(context), ''];
    let section = '';
    for (const figure of this.figures) {
      if (figure.section !== section) {
        section = figure.section;
        lines.push('', section);
        const about = this.about.get(section);
        if (about) lines.push(`  (${about})`);
      }
      lines.push(`  ${figure.name.padEnd(width)}  ${besideText(figure)}${targetText(figure)}`);
    }
    lines.push('', verdicts(this.figures));
    return `${lines.join('\n')}\n`;
  }

  /** Writes test-results/bench.json and bench.md. */
  write(root: string, context: RunContext): void {
    const folder = join(root, 'test-results');
    mkdirSync(folder, { recursive: true });
    const json = {
      date: this.started.toISOString(),
      machine: context.machine,
      node: process.version,
      load: context.load,
      ...context.extra,
      missed: this.figures.filter((figure) => figure.verdict === 'missed').map((figure) => figure.name),
      figures: this.figures,
    };
    writeFileSync(join(folder, 'bench.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(join(folder, 'bench.md'), this.markdown(context));
  }
}

export interface RunContext {
  date: Date;
  machine: string;
  /** The machine's load sampled before the first figure and after the last. */
  load?: { before?: MachineLoad; after?: MachineLoad };
  /** Other facts of the run for the JSON (VS Code version, bundle kind, total time). */
  extra?: Record<string, unknown>;
}

/** "2026-11-25, 2 × Intel Xeon …, node v20.20.2". */
export function describeRun(context: RunContext): string {
  const facts = Object.entries(context.extra ?? {})
    .filter(([, value]) => typeof value === 'string')
    .map(([key, value]) => `${key} ${value}`);
  const load = (['before', 'after'] as const)
    .filter((when) => context.load?.[when])
    .map((when) => `load ${when} ${loadText(context.load![when]!)}`);
  return [
    `${context.date.toISOString().slice(0, 10)}`,
    context.machine,
    `node ${process.version}`,
    ...load,
    ...facts,
  ].join(' · ');
}

/** The machine's load at one moment: the 1-minute load average and how busy its CPUs were over a short sample. */
export interface MachineLoad {
  loadavg1: number;
  /** Share of all CPUs' time spent busy during the sample, 0–100. */
  busyPercent: number;
  sampleMs: number;
}

/** "1.95 (CPUs 98% busy)". */
export function loadText(load: MachineLoad): string {
  return `${load.loadavg1.toFixed(2)} (CPUs ${Math.round(load.busyPercent)}% busy)`;
}

/** Samples the CPUs' busy share over `ms` (nothing of the bench runs meanwhile) with the load average. */
export async function sampleLoad(ms = 1_000): Promise<MachineLoad> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { user, nice, sys, irq, idle } = cpu.times;
        return { busy: sum.busy + user + nice + sys + irq, all: sum.all + user + nice + sys + irq + idle };
      },
      { busy: 0, all: 0 },
    );
  const first = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const second = total();
  const all = second.all - first.all;
  return {
    loadavg1: os.loadavg()[0] ?? 0,
    busyPercent: all > 0 ? (100 * (second.busy - first.busy)) / all : 0,
    sampleMs: ms,
  };
}

/** The machine the figures were taken on, said with them. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ${os.platform()} ${os.release()}`;
}

/** One line on the targets: how many met, which missed, which could not be checked. */
export function verdicts(figures: readonly Figure[]): string {
  const targeted = figures.filter((figure) => figure.target);
  const names = (list: Figure[]) => list.map((figure) => figure.name).join('; ');
  const missed = targeted.filter((figure) => figure.verdict === 'missed');
  const unchecked = targeted.filter((figure) => !figure.verdict);
  const met = targeted.length - missed.length - unchecked.length;
  const parts = [`Targets: ${met} of ${targeted.length} met.`];
  if (missed.length) parts.push(`Missed: ${names(missed)}.`);
  if (unchecked.length) parts.push(`Not checked (figure not available): ${names(unchecked)}.`);
  return parts.join(' ');
}

/** Paths and requests in a figure's name as code, for the markdown table. */
function codeSpans(name: string): string {
  return name.replace(/^(dist\/\S+)/, '`$1`').replace(/\b((?:GET|PUT|POST) \/[^\s,]+)/, '`$1`');
}

function valueText(figure: Figure): string {
  if (figure.value === null) return `not available${figure.note ? ` (${figure.note})` : ''}`;
  const main = `${formatNumber(figure.value)}${figure.unit ? (figure.unit === '×' ? '×' : ` ${figure.unit}`) : ''}`;
  return figure.detail ? `${main} · ${figure.detail}` : main;
}

/** "1.12×", or "" when the figure has no limit beside it. */
export function ratioText(figure: Pick<Figure, 'ratio' | 'baseline'>): string {
  if (figure.ratio === undefined) return '';
  return figure.ratio === null ? 'not available' : `${formatNumber(figure.ratio)}×`;
}

/** "bare node:http, same bytes: 21,300 req/s", or "" without a limit. */
function limitText(figure: Figure): string {
  if (!figure.baseline) return '';
  const unit = figure.unit === '×' || !figure.unit ? figure.unit : ` ${figure.unit}`;
  return `${figure.baseline.name}: ${formatNumber(figure.baseline.value)}${unit}`;
}

/** The value, then its limit and the ratio when it has one. */
function besideText(figure: Figure): string {
  if (!figure.baseline) return valueText(figure);
  return `${valueText(figure)} · beside ${limitText(figure)} → ${ratioText(figure)}`;
}

function targetText(figure: Figure): string {
  return figure.target ? `  [${figure.target.text}: ${figure.verdict ?? 'not checked'}]` : '';
}

function line(figure: Figure): string {
  return `${`${figure.section}: ${figure.name}`.padEnd(64)} ${besideText(figure)}${targetText(figure)}`;
}
