// Completion and hover content for payload files, without VS Code: what the API knows and a schema cannot (the
// sale terms of the file's category, their values and units, the site's measurements, the seller's listings).
import * as l10n from '@vscode/l10n';
import { getLocation, type Node } from 'jsonc-parser';
import type { SaleTermDefinition } from '../../model/item';
import { MAX_JSON_DEPTH } from '../../model/jsonDepth';
import { classifyPayloadFile, type PayloadFile } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import type { MeasurementAttribute } from '../../model/sizeChart';
import { type JsonPath, valueAt } from '../../rules/finding';
import { MAX_MANUFACTURING_DAYS, NO_MANUFACTURING_TIME_VERTICALS } from '../../rules/saleTerms';
import { type ParsedJson, parseJson, type TextSpan, tooDeepAt } from '../../text/jsonText';
import { fileCategoryId } from './analysis';
import { LiveLookups, type LiveRequest, type LiveSnapshot } from './liveLookups';

/** One completion entry; `replace` is the text it replaces (the whole string literal under the cursor). */
export interface Suggestion {
  label: string;
  /** JSON text to insert; a snippet when `snippet` is set. */
  insertText: string;
  snippet?: boolean;
  kind: 'saleTerm' | 'value' | 'unit' | 'measurement' | 'item';
  detail?: string;
  /** Markdown. */
  documentation?: string;
  replace: TextSpan;
  filterText?: string;
  sortText?: string;
  preselect?: boolean;
}

export interface SuggestionResult {
  suggestions: Suggestion[];
  /** Live data the suggestions need and the cache lacks: fetch it, then ask again. */
  requests: LiveRequest[];
  /** Why there is nothing to offer yet, when that is the case (for a status message). */
  waitingFor: string[];
}

export interface HoverResult {
  markdown: string;
  range: TextSpan;
}

const VERTICAL_NAMES = NO_MANUFACTURING_TIME_VERTICALS.map((vertical) =>
  vertical.replace('_', ' ').replace(/\b\w/g, (letter) => letter.toUpperCase()),
);

/** Rules the spec attaches to a sale term, beyond what its definition says, in the display language. */
const termNotes = (): Record<string, string> => ({
  MANUFACTURING_TIME: l10n.t(
    'Stock availability time: at most {0} días. Not allowed for listings of the {1} verticals, nor for items with flex delivery or in fulfillment. Items with an availability time are shown after items with stock. Remove it with value_id and value_name null.',
    MAX_MANUFACTURING_DAYS,
    VERTICAL_NAMES.join(', '),
  ),
  PURCHASE_MAX_QUANTITY: l10n.t(
    'Maximum purchase quantity, for supermarket-type categories that list it: a whole number sent as text.',
  ),
});

/** Markdown of a sale term definition, as hover and completion documentation show it. */
export function definitionMarkdown(definition: SaleTermDefinition, categoryId: string | undefined): string {
  const rows: [string, string][] = [[l10n.t('value type'), `\`${definition.value_type}\``]];
  const units = definition.allowed_units ?? [];
  if (units.length) {
    const list = units.map((unit) => `\`${unit.id}\``).join(', ');
    rows.push([
      l10n.t('allowed units'),
      definition.default_unit ? l10n.t('{0} (default `{1}`)', list, definition.default_unit) : list,
    ]);
  }
  const values = definition.values ?? [];
  if (values.length) rows.push([l10n.t('values'), values.map((value) => `\`${value.name}\` (${value.id})`).join(', ')]);
  if (definition.value_max_length)
    rows.push([l10n.t('max length'), l10n.t('{0} characters', definition.value_max_length)]);
  const tags = Object.entries(definition.tags ?? {})
    .filter(([, on]) => on === true)
    .map(([tag]) => tag.replace('_', ' '));
  if (tags.length) rows.push([l10n.t('tags'), tags.join(', ')]);
  const lines = [
    `**${definition.id}** · ${definition.name}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value.replace(/\|/g, '\\|')} |`),
  ];
  const note = termNotes()[definition.id];
  if (note) lines.push('', note);
  if (categoryId) lines.push('', l10n.t('Sale term of category {0} (`GET /categories/{0}/sale_terms`).', categoryId));
  return lines.join('\n');
}

function measurementMarkdown(measurement: MeasurementAttribute, siteId: string): string {
  const unit = measurement.type?.default_unit;
  return [
    `**${measurement.id}** · ${measurement.name ?? ''}`,
    '',
    l10n.t(
      '{0}{1}: a number such as `92` or a range such as `90 - 94`.',
      measurement.type?.id ?? 'NUMBER_UNIT',
      unit ? ` in ${unit}` : '',
    ),
    '',
    l10n.t(
      'Measurement attribute of site {0} (`GET /size_charts/measurements?site_id={0}`). A chart uses 1 to 5 of them.',
      siteId,
    ),
  ].join('\n');
}

interface Context {
  file: PayloadFile;
  parsed: ParsedJson;
  live: LiveLookups | undefined;
  /** The path of the location in rule terms (a bare `.sale-terms.json` array is read as `sale_terms`). */
  path: JsonPath;
}

/** Whether completion or hover has anything to say at a path of a file of this kind. */
function interesting(file: PayloadFile, path: JsonPath): boolean {
  switch (file.kind) {
    case 'item':
    case 'saleTerms':
      return path[0] === 'sale_terms' && typeof path[1] === 'number' && path.length <= 3;
    case 'sizeChart':
      return path.length === 5 && path[0] === 'sizes' && path[2] === 'measurements' && path[4] === 'id';
    case 'chartItems':
      return path.length === 2 && path[0] === 'items' && typeof path[1] === 'number';
    default:
      return false;
  }
}

/** Why completion offers nothing in a file that nests deeper than MAX_JSON_DEPTH (its diagnostic says more). */
const TOO_DEEP_REASON = l10n.t('The file nests deeper than {0} levels: fix its nesting first', MAX_JSON_DEPTH);

function contextAt(fileName: string, content: string, offset: number, live?: LiveSnapshot) {
  const file = classifyPayloadFile(fileName);
  if (!file) return undefined;
  // getLocation, like jsonc-parser's parser, recurses once per level: a file past the limit is not read.
  if (tooDeepAt(content) !== undefined) return 'tooDeep' as const;
  // The location scan stops at the cursor; the whole file is parsed only where there is something to offer.
  const location = getLocation(content, offset);
  const bare = file.kind === 'saleTerms' && content.trimStart().startsWith('[');
  const path: JsonPath = bare ? ['sale_terms', ...location.path] : location.path;
  if (!interesting(file, path)) return undefined;
  const parsed = parseJson(content);
  const context: Context = { file, parsed, live: live ? new LiveLookups(live) : undefined, path };
  return { context, location };
}

const isTermPath = (path: JsonPath, field?: string) =>
  path[0] === 'sale_terms' &&
  typeof path[1] === 'number' &&
  (field === undefined ? path.length === 2 : path.length === 3 && path[2] === field);

/** The sale term definitions of the file's category (the payload's for a creation, the live item's for an update). */
function definitionsOf(context: Context, waitingFor: string[]): { id: string; list: SaleTermDefinition[] } | undefined {
  if (!context.live) {
    waitingFor.push(l10n.t('Sign in to complete the sale terms of the category'));
    return undefined;
  }
  const value = context.file.kind === 'saleTerms' && Array.isArray(context.parsed.value) ? {} : context.parsed.value;
  const categoryId = fileCategoryId(context.file, value, context.live);
  if (!categoryId) {
    if (context.file.kind === 'item' && !context.file.target) waitingFor.push(l10n.t('Set category_id first'));
    else waitingFor.push(l10n.t('Loading the item'));
    return undefined;
  }
  const list = context.live.value('category', categoryId, l10n.t('the sale terms of category {0}', categoryId));
  if (!list) {
    waitingFor.push(l10n.t('Loading the sale terms of category {0}', categoryId));
    return undefined;
  }
  return { id: categoryId, list };
}

const escapeSnippet = (text: string) => text.replace(/[$}\\]/g, (char) => `\\${char}`);

/** The literal under the cursor (a suggestion replaces it whole), or an empty span at the cursor. */
function replaceSpan(parsed: ParsedJson, previous: Node | undefined, offset: number): TextSpan {
  const literal = previous && ['string', 'number', 'boolean', 'null'].includes(previous.type);
  // getLocation's previous node may be the key before the colon: never replace a key.
  const isKey = previous?.parent?.type === 'property' && previous.parent.children?.[0] === previous;
  if (previous && literal && !isKey && offset >= previous.offset && offset <= previous.offset + previous.length) {
    return parsed.span(previous.offset, previous.length);
  }
  return parsed.span(offset, 0);
}

/**
 * What to offer at `offset`: inside `sale_terms[].id` the category's sale term ids, inside `value_name` their values
 * or units, inside `value_id` their value ids, in a `sale_terms` array whole terms; measurement ids inside a size
 * chart's `measurements[].id`; the seller's listings inside a chart-items file's `items`.
 */
export function suggestionsAt(
  fileName: string,
  content: string,
  offset: number,
  live?: LiveSnapshot,
): SuggestionResult {
  const result: SuggestionResult = { suggestions: [], requests: [], waitingFor: [] };
  const found = contextAt(fileName, content, offset, live);
  if (found === 'tooDeep') result.waitingFor.push(TOO_DEEP_REASON);
  if (!found || found === 'tooDeep') return result;
  const { context, location } = found;
  if (location.isAtPropertyKey) return result;
  const { path, parsed, file } = context;
  const replace = replaceSpan(parsed, location.previousNode, offset);
  const typed = typeof location.previousNode?.value === 'string' && replace.length ? location.previousNode.value : '';

  if ((file.kind === 'item' || file.kind === 'saleTerms') && path[0] === 'sale_terms') {
    const index = path[1];
    if (
      typeof index === 'number' &&
      (isTermPath(path, 'id') || isTermPath(path, 'value_name') || isTermPath(path, 'value_id') || isTermPath(path))
    ) {
      const definitions = definitionsOf(context, result.waitingFor);
      if (definitions) result.suggestions.push(...termSuggestions(context, definitions, index, typed, replace, offset));
    }
  } else if (
    file.kind === 'sizeChart' &&
    path.length === 5 &&
    path[0] === 'sizes' &&
    path[2] === 'measurements' &&
    path[4] === 'id'
  ) {
    if (!context.live) result.waitingFor.push(l10n.t("Sign in to complete your site's measurement ids"));
    else {
      const siteId = context.live.snapshot.account.siteId;
      const measurements = context.live.value(
        'measurements',
        siteId,
        l10n.t('the measurement attributes of site {0}', siteId),
      );
      if (!measurements) result.waitingFor.push(l10n.t('Loading the measurement attributes of site {0}', siteId));
      for (const measurement of measurements ?? []) {
        result.suggestions.push({
          label: measurement.id,
          insertText: JSON.stringify(measurement.id),
          filterText: JSON.stringify(measurement.id),
          kind: 'measurement',
          detail: `${measurement.name ?? ''}${measurement.type?.default_unit ? ` (${measurement.type.default_unit})` : ''}`,
          documentation: measurementMarkdown(measurement, siteId),
          replace,
        });
      }
    }
  } else if (file.kind === 'chartItems' && path.length === 2 && path[0] === 'items' && typeof path[1] === 'number') {
    if (!context.live) result.waitingFor.push(l10n.t('Sign in to complete your item ids'));
    else {
      const items = context.live.value('sellerItems', '', l10n.t('your listings'));
      if (!items) result.waitingFor.push(l10n.t('Loading your listings'));
      const listed = valueAt(parsed.value, ['items']);
      const others = new Set(
        Array.isArray(listed) ? listed.filter((id, index) => index !== path[1] && typeof id === 'string') : [],
      );
      (items ?? []).forEach((item, rank) => {
        if (others.has(item.id)) return;
        result.suggestions.push({
          label: item.id,
          insertText: JSON.stringify(item.id),
          filterText: JSON.stringify(item.id),
          kind: 'item',
          detail: [item.title, item.status].filter(Boolean).join(' · '),
          replace,
          sortText: String(rank).padStart(5, '0'),
        });
      });
    }
  }
  if (context.live) result.requests = context.live.requests;
  return result;
}

function termSuggestions(
  context: Context,
  definitions: { id: string; list: SaleTermDefinition[] },
  index: number,
  typed: string,
  replace: TextSpan,
  offset: number,
): Suggestion[] {
  const { path, parsed } = context;
  const terms =
    context.file.kind === 'saleTerms' && Array.isArray(parsed.value)
      ? parsed.value
      : valueAt(parsed.value, ['sale_terms']);
  const term = Array.isArray(terms) ? terms[index] : undefined;
  const field = path[2];
  if (field === 'id') {
    return definitions.list.map((definition) => ({
      label: definition.id,
      insertText: JSON.stringify(definition.id),
      filterText: JSON.stringify(definition.id),
      kind: 'saleTerm',
      detail: `${definition.name} · ${definition.value_type}`,
      documentation: definitionMarkdown(definition, definitions.id),
      replace,
      sortText: `${String(definition.relevance ?? 9).padStart(3, '0')}${definition.id}`,
    }));
  }
  if (field === undefined) {
    // Between the elements of the array: whole terms, with the value as a placeholder.
    if (replace.length || parsed.nodeAt([...context.path])) return [];
    return definitions.list.map((definition) => ({
      label: `{ "id": "${definition.id}", … }`,
      insertText: `{ "id": ${escapeSnippet(JSON.stringify(definition.id))}, "value_name": "${placeholderFor(definition)}" }`,
      snippet: true,
      kind: 'saleTerm',
      filterText: definition.id,
      detail: `${definition.name} · ${definition.value_type}`,
      documentation: definitionMarkdown(definition, definitions.id),
      replace: parsed.span(offset, 0),
    }));
  }
  const termId = isRecord(term) && typeof term.id === 'string' ? term.id : undefined;
  const definition = definitions.list.find((candidate) => candidate.id === termId);
  if (!definition) return [];
  if (field === 'value_id') {
    return (definition.values ?? []).map((value) => ({
      label: value.id,
      insertText: JSON.stringify(value.id),
      filterText: JSON.stringify(value.id),
      kind: 'value',
      detail: value.name,
      replace,
    }));
  }
  if (definition.value_type === 'list' || definition.value_type === 'boolean') {
    return (definition.values ?? []).map((value) => ({
      label: value.name,
      insertText: JSON.stringify(value.name),
      filterText: JSON.stringify(value.name),
      kind: 'value',
      detail: `value_id ${value.id}`,
      replace,
    }));
  }
  if (definition.value_type !== 'number_unit') return [];
  const number = /^\s*(\d+(?:[.,]\d+)?)/.exec(typed)?.[1];
  const units = definition.allowed_units ?? [];
  const max = definition.id === 'MANUFACTURING_TIME' ? l10n.t(' (at most {0})', MAX_MANUFACTURING_DAYS) : '';
  return units.map((unit) => {
    const preselect = unit.id === (definition.default_unit ?? units[0]?.id);
    const base = {
      kind: 'unit' as const,
      detail: l10n.t('{0} in {1}{2}', definition.id, String(unit.name), max),
      replace,
      preselect,
    };
    if (number !== undefined) {
      // Never suggest a value the rules refuse: past 45 días the suggestion is the longest allowed time.
      const tooLong =
        definition.id === 'MANUFACTURING_TIME' && Number(number.replace(',', '.')) > MAX_MANUFACTURING_DAYS;
      const shown = tooLong ? String(MAX_MANUFACTURING_DAYS) : number;
      const text = JSON.stringify(`${shown} ${unit.id}`);
      const detail = tooLong
        ? l10n.t('{0} may not exceed {1} {2}', definition.id, MAX_MANUFACTURING_DAYS, unit.id)
        : base.detail;
      return {
        ...base,
        detail,
        label: `${shown} ${unit.id}`,
        insertText: text,
        filterText: JSON.stringify(`${number} ${unit.id}`),
      };
    }
    return {
      ...base,
      label: `N ${unit.id}`,
      insertText: `"\${1:${placeholderNumber(definition)}} ${escapeSnippet(unit.id)}"`,
      snippet: true,
      filterText: JSON.stringify(`${placeholderNumber(definition)} ${unit.id}`),
    };
  });
}

const placeholderNumber = (definition: SaleTermDefinition) => (definition.id === 'MANUFACTURING_TIME' ? 30 : 1);

function placeholderFor(definition: SaleTermDefinition): string {
  if (definition.value_type === 'number_unit') {
    const unit = definition.default_unit ?? definition.allowed_units?.[0]?.id ?? '';
    return `\${1:${placeholderNumber(definition)}} ${escapeSnippet(unit)}`.trim();
  }
  if (definition.value_type === 'number') return `\${1:1}`;
  const first = definition.values?.[0]?.name;
  return `\${1:${escapeSnippet(first ?? '')}}`;
}

/**
 * Hover over a sale term id (its definition), a measurement id (name and unit) or an item id of a chart-items file
 * (title and status). `requests` lists live data that was missing.
 */
export function hoverAt(
  fileName: string,
  content: string,
  offset: number,
  live?: LiveSnapshot,
): { hover: HoverResult | undefined; requests: LiveRequest[] } {
  const found = contextAt(fileName, content, offset, live);
  if (!found || found === 'tooDeep') return { hover: undefined, requests: [] };
  const { context, location } = found;
  const node = location.previousNode;
  const lookups = context.live;
  if (node?.type !== 'string' || location.isAtPropertyKey || !lookups) return { hover: undefined, requests: [] };
  if (offset < node.offset || offset > node.offset + node.length) return { hover: undefined, requests: [] };
  const range = context.parsed.span(node.offset, node.length);
  const { path, file } = context;
  const id = String(node.value);
  let markdown: string | undefined;
  if ((file.kind === 'item' || file.kind === 'saleTerms') && isTermPath(path, 'id')) {
    const definitions = definitionsOf(context, []);
    const definition = definitions?.list.find((candidate) => candidate.id === id);
    if (definitions && definition) markdown = definitionMarkdown(definition, definitions.id);
    else if (definitions) {
      markdown = l10n.t(
        '**{0}** is not a sale term of category {1}. Its sale terms: {2}.',
        id,
        definitions.id,
        definitions.list.map((entry) => `\`${entry.id}\``).join(', '),
      );
    }
  } else if (file.kind === 'sizeChart' && path[0] === 'sizes' && path[2] === 'measurements' && path[4] === 'id') {
    const siteId = lookups.snapshot.account.siteId;
    const measurement = lookups
      .value('measurements', siteId, l10n.t('the measurement attributes of site {0}', siteId))
      ?.find((entry) => entry.id === id);
    if (measurement) markdown = measurementMarkdown(measurement, siteId);
  } else if (file.kind === 'chartItems' && path[0] === 'items' && path.length === 2) {
    const item = lookups.value('item', id, l10n.t('item {0}', id));
    if (item) {
      const size = item.attributes?.find((attribute) => attribute.id === 'SIZE')?.value_name;
      const subStatus = item.sub_status?.length ? ` (${item.sub_status.join(', ')})` : '';
      const stock = item.available_quantity ?? 0;
      markdown = [
        `**${item.id}** · ${item.title}`,
        '',
        size
          ? l10n.t('{0}{1} · {2} in stock · SIZE {3}', String(item.status), subStatus, stock, `\`${size}\``)
          : l10n.t(
              '{0}{1} · {2} in stock · SIZE missing: set it before associating a chart',
              String(item.status),
              subStatus,
              stock,
            ),
      ].join('\n');
    }
  }
  return { hover: markdown ? { markdown, range } : undefined, requests: lookups.requests };
}
