// Inputs at the extremes of depth, width and length, as text (a payload file) and as a value (a body the client sends
// or an answer it reads): 100,000 levels of arrays, of objects and of both; 100,000 fields or elements; a string of a
// million characters. Built iteratively: the shapes are deeper than any recursive builder or JSON.stringify reaches.
import { MAX_JSON_DEPTH } from '../../../src/model/jsonDepth';

export const DEPTH = 100_000;
export const WIDTH = 100_000;
export const LONG = 1_000_000;

/** A text and what it is. */
export interface Extreme {
  label: string;
  text: string;
  /** What it holds: nesting past MAX_JSON_DEPTH, many fields or elements, a long string, or nesting within the limit. */
  kind: 'deep' | 'wide' | 'long' | 'within';
  /** Whether the text is one JSON value as the request sends it. */
  valid: boolean;
}

const nestArrays = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestObjects = (depth: number, key: string, inner = '1') =>
  `${`{"${key}":`.repeat(depth)}${inner}${'}'.repeat(depth)}`;
/** Arrays of objects inside each other: `[{"x": [{"x": … }]}]`. */
const nestMixed = (depth: number, key: string) => `${`[{"${key}":`.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;

/** The fields of a wide object after its known ones: `"field_0": 0, …` (numbers, strings, nulls, objects). */
function wideFields(width: number): string {
  const values = ['0', '"text"', 'null', '{}', 'true'];
  return Array.from({ length: width }, (_, index) => `"field_${index}": ${values[index % values.length]}`).join(
    ',\n  ',
  );
}

/** A string of `length` characters: ASCII, accents, an emoji (two UTF-16 units), quotes and backslashes escaped. */
export function longText(length: number): string {
  const unit = 'Celular días 🙂 "x" \\ ';
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * The payload texts: deep in every way a parser nests (arrays, objects, both, inside a field the rules read, unclosed,
 * closed by the wrong brackets, which jsonc-parser skips and so nests deeper still), just within the limit and one past
 * it, brackets that only look deep (inside a string), wide (fields, elements, a broken wide file) and long.
 */
export function extremeTexts(): Extreme[] {
  const title = '"title": "Celular Samsung Galaxy A15", "category_id": "MLA1055"';
  return [
    { label: `arrays ${DEPTH} deep`, kind: 'deep', valid: true, text: nestArrays(DEPTH) },
    { label: `objects ${DEPTH} deep`, kind: 'deep', valid: true, text: nestObjects(DEPTH, 'a') },
    { label: `arrays and objects ${DEPTH} deep`, kind: 'deep', valid: true, text: nestMixed(DEPTH, 'sale_terms') },
    {
      label: `sale_terms[0].value_name ${DEPTH} deep`,
      kind: 'deep',
      valid: true,
      text: `{${title}, "sale_terms": [{"id": "WARRANTY_TYPE", "value_name": ${nestMixed(DEPTH, 'value_name')}}]}`,
    },
    { label: `${DEPTH} unclosed arrays`, kind: 'deep', valid: false, text: `{${title}, "x": ${'['.repeat(DEPTH)}` },
    { label: `${DEPTH} arrays closed by braces`, kind: 'deep', valid: false, text: '[}'.repeat(DEPTH) },
    { label: `${DEPTH} objects closed by brackets`, kind: 'deep', valid: false, text: '{"a":]'.repeat(DEPTH) },
    {
      label: `${MAX_JSON_DEPTH + 1} levels: one past the limit`,
      kind: 'deep',
      valid: true,
      text: `{${title}, "x": ${nestArrays(MAX_JSON_DEPTH)}}`,
    },
    {
      label: `${MAX_JSON_DEPTH} levels: the limit`,
      kind: 'within',
      valid: true,
      text: `{${title}, "x": ${nestArrays(MAX_JSON_DEPTH - 1)}}`,
    },
    {
      label: `${DEPTH} brackets inside a string`,
      kind: 'within',
      valid: true,
      text: `{${title}, "description": "${'['.repeat(DEPTH)}"}`,
    },
    {
      label: `${DEPTH} brackets inside a comment`,
      kind: 'within',
      valid: false,
      text: `{${title} /* ${'['.repeat(DEPTH)} */}`,
    },
    { label: `${WIDTH} fields`, kind: 'wide', valid: true, text: `{\n  ${title},\n  ${wideFields(WIDTH)}\n}` },
    {
      label: `${WIDTH} fields, then a syntax error`,
      kind: 'wide',
      valid: false,
      text: `{${title}, ${wideFields(WIDTH)},`,
    },
    {
      label: `${WIDTH} sale terms`,
      kind: 'wide',
      valid: true,
      text: `{"sale_terms": [${Array.from({ length: WIDTH }, (_, i) => `{"id": "MANUFACTURING_TIME", "value_name": "${i} días"}`).join(', ')}]}`,
    },
    {
      label: `${WIDTH} sizes and items`,
      kind: 'wide',
      valid: true,
      text: `{"name": "Remeras", "sizes": [${Array.from({ length: WIDTH }, (_, i) => `{"name": "S${i}", "measurements": [{"id": "CHEST_CIRCUMFERENCE", "value": "${i}"}]}`).join(', ')}], "items": [${Array.from({ length: WIDTH }, (_, i) => `"MLA${1_400_000_000 + i}"`).join(', ')}]}`,
    },
    {
      label: `a ${LONG}-character title, note and message`,
      kind: 'long',
      valid: true,
      text: JSON.stringify({ title: longText(LONG), note: longText(LONG), message: longText(LONG), fulfilled: true }),
    },
  ];
}

/** A value and what it is. */
export interface ExtremeValue {
  label: string;
  value: unknown;
  kind: 'deep' | 'wide' | 'long';
}

/**
 * Values of the same shapes, built without recursion: what JSON.parse gives of a deep answer (it reads any depth).
 * Each deep one holds a secret-looking field at its top, which must stay redacted wherever the value is shown.
 */
export function extremeValues(): ExtremeValue[] {
  const deepArrays: unknown[] = [];
  let arrays = deepArrays;
  for (let level = 1; level < DEPTH; level++) arrays = arrays[0] = [] as unknown[];
  const deepObjects: Record<string, unknown> = {};
  let objects = deepObjects;
  for (let level = 1; level < DEPTH; level++) objects = objects.cause = {} as Record<string, unknown>;
  const deepMixed: Record<string, unknown> = {};
  let mixed: Record<string, unknown> = deepMixed;
  for (let level = 1; level < DEPTH / 2; level++) {
    const inner: Record<string, unknown> = {};
    mixed.cause = [inner];
    mixed = inner;
  }
  const wideObject = Object.fromEntries(Array.from({ length: WIDTH }, (_, index) => [`field_${index}`, index]));
  return [
    { label: `arrays ${DEPTH} deep`, kind: 'deep', value: deepArrays },
    {
      label: `objects ${DEPTH} deep`,
      kind: 'deep',
      value: { message: 'deep', access_token: 'SECRET', cause: deepObjects },
    },
    { label: `arrays and objects ${DEPTH} deep`, kind: 'deep', value: { error: 'deep', cause: [deepMixed] } },
    { label: `${WIDTH} fields`, kind: 'wide', value: { message: 'wide', ...wideObject } },
    {
      label: `${WIDTH} causes`,
      kind: 'wide',
      value: { message: 'wide', cause: Array.from({ length: WIDTH }, (_, index) => ({ code: `C${index}` })) },
    },
    { label: `a ${LONG}-character message`, kind: 'long', value: { message: longText(LONG), error: 'long' } },
  ];
}
