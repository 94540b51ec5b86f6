// Pure (no `vscode`): what *Export Data as Fixtures…* writes and says. The document comes whole from the sandbox
// (`GET /_sandbox/fixtures`, the format of src/model/fixtures.ts); here it is only named, written out and counted.
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../model/numberFormat';
import { isRecord } from '../../model/records';

/** The file the save dialog offers in the workspace folder. */
export const FIXTURES_FILE_NAME = 'marketplace-sandbox.fixtures.json';
/** The ending `contributes.jsonValidation` gives the fixtures schema to (completion, hover, validation). */
export const FIXTURES_SUFFIX = '.fixtures.json';

/**
 * The save dialog's filter. An extension there is what follows a name's *last* dot (VS Code's own dialog, the one of
 * a remote or browser window, appends the first extension to a name whose last one is not listed): `fixtures.json`
 * would turn `shop.fixtures.json` into `shop.fixtures.json.fixtures.json`. So the filter is JSON, and a name without
 * the `.fixtures.json` ending is asked about after the dialog.
 */
export const fixturesDialogFilters = (): Record<string, string[]> => ({
  [l10n.t('Sandbox fixtures (*.fixtures.json)')]: ['json'],
});

/** Whether a file name gets the fixtures schema in VS Code (`*.fixtures.json`, any case, as jsonValidation). */
export const isFixturesFileName = (name: string): boolean => name.toLowerCase().endsWith(FIXTURES_SUFFIX);

/**
 * The name the fixtures schema applies to, for a name chosen without the ending: `shop.json` and `shop` become
 * `shop.fixtures.json`; a name that has it stays.
 */
export function withFixturesSuffix(name: string): string {
  if (isFixturesFileName(name)) return name;
  return `${name.replace(/\.json$/i, '')}${FIXTURES_SUFFIX}`;
}

/**
 * The file's text: the sandbox's document pretty-printed (two spaces, a final newline), without `$schema`. VS Code
 * gives `*.fixtures.json` the schema the extension ships (jsonValidation), and a `$schema` in the file would win over
 * it: one the editor cannot load (a URL offline or unpublished, a path to a package not installed) leaves the file
 * with a load error and no completion. The CLI needs none either.
 */
export function fixturesText(document: Record<string, unknown>): string {
  const { $schema: _schema, ...rest } = document;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

/** The lists of a fixtures document, in the order the export's message names them. */
const COUNTED: readonly { key: string; always: boolean }[] = [
  { key: 'items', always: true },
  { key: 'orders', always: true },
  { key: 'size_charts', always: false },
  { key: 'blacklist', always: false },
  { key: 'campaigns', always: false },
];

/** `5 listings`, `1 size chart`: a list's count in words, one whole message per form. */
function countWords(key: string, count: number, locale: string): string {
  const n = formatNumber(count, locale);
  const one = count === 1;
  switch (key) {
    case 'items':
      return one ? l10n.t('{0} listing', n) : l10n.t('{0} listings', n);
    case 'orders':
      return one ? l10n.t('{0} order', n) : l10n.t('{0} orders', n);
    case 'size_charts':
      return one ? l10n.t('{0} size chart', n) : l10n.t('{0} size charts', n);
    case 'blacklist':
      return one ? l10n.t('{0} blacklisted buyer', n) : l10n.t('{0} blacklisted buyers', n);
    default:
      return one ? l10n.t('{0} campaign', n) : l10n.t('{0} campaigns', n);
  }
}

/** How many records of each list the document holds (a list it lacks counts 0). */
export function fixturesCounts(document: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { key } of COUNTED) {
    const list = isRecord(document) && Object.hasOwn(document, key) ? document[key] : undefined;
    counts[key] = Array.isArray(list) ? list.length : 0;
  }
  return counts;
}

/** `5 listings, 12 orders, 1 size chart and 2 campaigns`: listings and orders always, the others when there are some. */
export function countsText(counts: Record<string, number>, locale = 'en-US'): string {
  const parts = COUNTED.filter(({ key, always }) => always || (counts[key] ?? 0) > 0).map(({ key }) =>
    countWords(key, counts[key] ?? 0, locale),
  );
  return parts.length > 1 ? l10n.t('{0} and {1}', parts.slice(0, -1).join(', '), parts.at(-1) ?? '') : (parts[0] ?? '');
}

/**
 * The export's notification: what was written where, and, when the sandbox plays a large seller (`scale`), that its
 * generated records stay out of the file (they are built from the seed on demand, not stored data).
 */
export function exportedMessage(counts: Record<string, number>, where: string, scale = 0, locale = 'en-US'): string {
  const written = countsText(counts, locale);
  if (scale <= 0) return l10n.t('Exported {0} to {1}.', written, where);
  const generated = formatNumber(scale, locale);
  return scale === 1
    ? l10n.t(
        'Exported {0} to {1}. The {2} generated listing and its orders (marketplace.sandbox.scale) are not exported, only the data stored.',
        written,
        where,
        generated,
      )
    : l10n.t(
        'Exported {0} to {1}. The {2} generated listings and their orders (marketplace.sandbox.scale) are not exported, only the data stored.',
        written,
        where,
        generated,
      );
}

/** The first of `tokens` that `text` contains, if any: the export must never write one. */
export function tokenIn(text: string, tokens: readonly string[]): string | undefined {
  return tokens.find((token) => token.length > 0 && text.includes(token));
}
