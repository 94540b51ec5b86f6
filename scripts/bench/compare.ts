// `npm run bench -- --compare BEFORE.json [AFTER.json]`: two saved runs side by side (AFTER defaults to the latest,
// test-results/bench.json), each figure's value and ratio in both and how its ratio changed, so a pull request can
// show what it did to the figures. Ratios are what travel between machines and loads; absolute values are printed
// for reading, with their change in brackets. Nothing is measured. Printed, and written to
// test-results/bench-compare.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Figure, formatNumber, loadText, type MachineLoad, ratioText } from './report';

/** A saved run as bench.json holds it (older runs lack the load, the commit and the ratios). */
export interface SavedRun {
  date: string;
  machine: string;
  node?: string;
  commit?: string;
  load?: { before?: MachineLoad; after?: MachineLoad };
  /** Older runs said the load when they began as "load 0.70". */
  at?: string;
  only?: string;
  figures: Figure[];
}

/** One figure in both runs (either may lack it). */
export interface ComparedRow {
  section: string;
  name: string;
  before?: Figure;
  after?: Figure;
  /** (after ÷ before − 1) of the ratios, when both have one. */
  ratioChange?: number;
  /** (after ÷ before − 1) of the values, when both have one. */
  valueChange?: number;
}

/** Reads a saved run, or says clearly why the file is not one. */
export function readRun(file: string): SavedRun {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a saved bench run: ${(error as Error).message}`);
  }
  const run = parsed as Partial<SavedRun> | null;
  if (!run || typeof run !== 'object' || !Array.isArray(run.figures) || typeof run.date !== 'string')
    throw new Error(`${file} is not a saved bench run (test-results/bench.json): it has no date and figures`);
  return run as SavedRun;
}

const key = (figure: Pick<Figure, 'section' | 'name'>) => `${figure.section}\u0000${figure.name}`;

const change = (before: number | null | undefined, after: number | null | undefined) =>
  typeof before === 'number' && typeof after === 'number' && before !== 0 ? after / before - 1 : undefined;

/** The figures of both runs in the order they appear (the later run's order, then those only the earlier has). */
export function compareRuns(before: SavedRun, after: SavedRun): ComparedRow[] {
  const earlier = new Map(before.figures.map((figure) => [key(figure), figure]));
  const rows: ComparedRow[] = [];
  const seen = new Set<string>();
  for (const figure of after.figures) {
    const id = key(figure);
    seen.add(id);
    rows.push(row(figure.section, figure.name, earlier.get(id), figure));
  }
  for (const figure of before.figures) {
    if (!seen.has(key(figure))) rows.push(row(figure.section, figure.name, figure, undefined));
  }
  return rows;
}

function row(section: string, name: string, before?: Figure, after?: Figure): ComparedRow {
  const compared: ComparedRow = { section, name, before, after };
  const ratioChange = change(before?.ratio, after?.ratio);
  const valueChange = change(before?.value, after?.value);
  if (ratioChange !== undefined) compared.ratioChange = ratioChange;
  if (valueChange !== undefined) compared.valueChange = valueChange;
  return compared;
}

/** "+12%", "−3%", "±0%". */
export function percent(change: number): string {
  const rounded = Math.round(change * 100);
  if (rounded === 0) return '±0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

function cell(figure: Figure | undefined): string {
  if (!figure) return '—';
  if (figure.value === null) return 'not available';
  const unit = figure.unit === '×' || !figure.unit ? figure.unit : ` ${figure.unit}`;
  const ratio = ratioText(figure);
  return `${formatNumber(figure.value)}${unit}${ratio ? ` · **${ratio}**` : ''}`;
}

function verdictCell(compared: ComparedRow): string {
  const before = compared.before?.verdict;
  const after = compared.after?.verdict;
  if (!before && !after) return compared.before?.target || compared.after?.target ? 'not checked' : '';
  if (before === after) return after!;
  return `${before ?? 'no target'} → ${after ?? 'no target'}`;
}

function changeCell(compared: ComparedRow): string {
  const parts: string[] = [];
  if (compared.ratioChange !== undefined) parts.push(`ratio ${percent(compared.ratioChange)}`);
  if (compared.valueChange !== undefined) parts.push(`(value ${percent(compared.valueChange)})`);
  if (!compared.before) parts.push('only after');
  if (!compared.after) parts.push('only before');
  return parts.join(' ');
}

function header(label: string, run: SavedRun): string {
  const load = run.load?.before
    ? `load before ${loadText(run.load.before)}${run.load.after ? `, after ${loadText(run.load.after)}` : ''}`
    : (run.at ?? 'load not recorded');
  const only = run.only ? ` · only ${run.only}` : '';
  return `- **${label}**: ${run.date.slice(0, 16).replace('T', ' ')} · commit ${run.commit ?? 'not recorded'} · ${run.machine} · ${load}${only}`;
}

/** The markdown of the comparison: both runs' facts, the table, and a line on what changed. */
export function comparisonMarkdown(before: SavedRun, after: SavedRun, rows = compareRuns(before, after)): string {
  const lines = [header('before', before), header('after', after), ''];
  lines.push('| figure | before | after | change | verdict |', '|---|---|---|---|---|');
  let section = '';
  for (const compared of rows) {
    if (compared.section !== section) {
      section = compared.section;
      lines.push(`| **${section}** | | | | |`);
    }
    lines.push(
      `| ${compared.name} | ${cell(compared.before)} | ${cell(compared.after)} | ${changeCell(compared)} | ${verdictCell(compared)} |`,
    );
  }
  lines.push('', summary(rows));
  return `${lines.join('\n')}\n`;
}

/** How many verdicts changed, and the ratios that moved most (a ratio moves a few % from run to run). */
export function summary(rows: readonly ComparedRow[]): string {
  const flipped = rows.filter(
    (compared) =>
      compared.before?.verdict && compared.after?.verdict && compared.before.verdict !== compared.after.verdict,
  );
  const moved = rows
    .filter((compared) => compared.ratioChange !== undefined && Math.abs(compared.ratioChange) >= 0.1)
    .sort((a, b) => Math.abs(b.ratioChange!) - Math.abs(a.ratioChange!));
  const parts = [
    flipped.length
      ? `Verdicts changed: ${flipped.map((compared) => `${compared.name} (${verdictCell(compared)})`).join('; ')}.`
      : 'No verdict changed.',
  ];
  parts.push(
    moved.length
      ? `Ratios that moved by 10% or more: ${moved.map((compared) => `${compared.name} ${percent(compared.ratioChange!)}`).join('; ')}.`
      : 'No ratio moved by 10% or more.',
  );
  return parts.join(' ');
}

/** Prints the comparison of two saved runs and writes it to test-results/bench-compare.md. */
export function compareFiles(
  root: string,
  beforeFile: string,
  afterFile = join(root, 'test-results', 'bench.json'),
): void {
  const markdown = comparisonMarkdown(readRun(beforeFile), readRun(afterFile));
  const folder = join(root, 'test-results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bench-compare.md'), markdown);
  process.stdout.write(`${markdown}\nwritten to test-results/bench-compare.md\n`);
}
