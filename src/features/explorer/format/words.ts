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

// Counts and money: the one formatter every surface uses (toasts and the sandbox's summaries too).
export { formatMoney, formatNumber, plural } from '../../../model/numberFormat';
export { humanize } from './statusWords';

/**
 * A timestamp at the site's own clock, to the minute: without a locale as the site wrote it (`2026-03-02 07:23`),
 * with one in that locale's words through `Intl` (`2 mar 2026, 7:23` in `es`, `2 de mar. de 2026, 07:23` in
 * `pt-BR`). The site's offset is kept, not turned into the machine's time zone. Anything else is returned unchanged.
 */
export function formatDate(value: string | null | undefined, locale?: string): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute] = match as unknown as [string, string, string, string, string?, string?];
  if (!locale) return hour ? `${year}-${month}-${day} ${hour}:${minute}` : `${year}-${month}-${day}`;
  const wallClock = new Date(Date.UTC(+year, +month - 1, +day, +(hour ?? 0), +(minute ?? 0)));
  const options: Intl.DateTimeFormatOptions = hour
    ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(wallClock);
}

/** The day of a timestamp, at the site's own clock: as written without a locale, in the locale's words with one. */
export function formatDay(value: string | null | undefined, locale?: string): string {
  if (!value) return '—';
  return formatDate(/^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value, locale);
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
