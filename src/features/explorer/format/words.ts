// What the explorer says, the common part: looks, choices, theme colours, words, numbers, money, dates, tooltips.

/** A codicon id, an optional theme colour id and the words that go with them. */
export interface Look {
  icon: string;
  color?: string;
  text: string;
}

/** One entry of a filter or sort quick pick; `value` undefined means "no filter". */
export interface Choice<T> {
  value: T;
  label: string;
  description: string;
  /** How the choice reads in the root node's description ("active", "newest first"). */
  short: string;
}

/** Theme colour ids the explorer uses (all part of VS Code's default colour registry). */
export const COLORS = {
  green: 'charts.green',
  yellow: 'charts.yellow',
  orange: 'charts.orange',
  red: 'charts.red',
  blue: 'charts.blue',
  purple: 'charts.purple',
  muted: 'disabledForeground',
  error: 'errorForeground',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Words, numbers, money, dates

/** `out_of_stock` → `out of stock`. */
export const humanize = (code: string): string => code.replace(/_/g, ' ');

// Counts and money: the one formatter every surface uses (toasts and the sandbox's summaries too).
export { formatMoney, formatNumber, plural } from '../../../model/numberFormat';

/** A timestamp as the site wrote it, minutes precision (`2026-03-02 07:23`); anything else is returned unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  if (!match) return value;
  return match[2] ? `${match[1]} ${match[2]}` : (match[1] as string);
}

/** A group's label with its count: `Sale terms (4)`. */
export const groupLabel = (name: string, count: number) => `${name} (${count})`;

/** Escapes text for Markdown so titles and notes render literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

/** Cuts a text to one line of at most `max` characters. */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** Builds a Markdown tooltip: a bold heading, then `**label** value` lines (empty values skipped). */
export function tooltip(heading: string, sections: (string | [string, string | undefined | null][])[]): string {
  const parts = [`**${escapeMarkdown(heading)}**`];
  for (const section of sections) {
    if (typeof section === 'string') {
      if (section) parts.push(section);
      continue;
    }
    const lines = section
      .filter((row): row is [string, string] => row[1] !== undefined && row[1] !== null && row[1] !== '')
      .map(([label, value]) => `**${escapeMarkdown(label)}:** ${value}`);
    if (lines.length) parts.push(lines.join('  \n'));
  }
  return parts.join('\n\n');
}

/** `` `MLA123` `` for ids in tooltips. */
export const code = (value: string | number) => `\`${String(value).replace(/`/g, '')}\``;
export const text = (value: string | null | undefined) => (value ? escapeMarkdown(value) : undefined);
/** A status in a tooltip, its icon first: `$(pass-filled) active`. */
export const lookText = (look: Look) => `$(${look.icon}) ${escapeMarkdown(look.text)}`;

/** The path of a JSON document under the `marketplace-json` scheme: `/items/MLA123.json`. */
export function jsonPath(segments: readonly (string | number)[]): string {
  return `/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}.json`;
}

/** How a JSON document shows a node's data: two-space indent, final newline. */
export function formatJson(data: unknown): string {
  return `${JSON.stringify(data ?? null, null, 2)}\n`;
}

export const shortOf = <T>(choices: readonly Choice<T>[], value: T, fallback: string) =>
  choices.find((choice) => choice.value === value)?.short ?? fallback;
