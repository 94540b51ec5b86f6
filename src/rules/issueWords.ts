import * as l10n from '@vscode/l10n';
import type * as z from 'zod';
import { scrubText } from '../model/scrub';

/**
 * The words of a request body's zod issues, one place for the editor's diagnostics (through `shapeFindings`) and the
 * sandbox's answers, so both say the same. A field of the wrong type is a type error that names what it must be and
 * what was found ("title must be text (found the number 5)"); only a field that is absent is "required". zod's own
 * words ("Invalid input: expected string, received number") never reach a person.
 */

/** What a field must be, by zod's `expected`, in the display language (English in the sandbox). */
function expectedWords(expected: string): string {
  switch (expected) {
    case 'string':
      return l10n.t('text');
    case 'number':
      return l10n.t('a number');
    case 'int':
    case 'bigint':
      return l10n.t('a whole number');
    case 'boolean':
      return l10n.t('true or false');
    case 'array':
      return l10n.t('a list');
    case 'object':
      return l10n.t('an object');
    case 'null':
      return 'null';
    default:
      return l10n.t('a {0}', expected);
  }
}

/**
 * A value as found in the JSON, in words: `the number 5`, `text "abc"` (scrubbed, cut at 24 characters), `true`,
 * `null`, `a list`, `an object`.
 */
export function foundWords(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return l10n.t('a list');
  switch (typeof value) {
    case 'string': {
      // Scrubbed before it is cut, so a token pasted into a field is never echoed, whole or in part.
      const said = [...scrubText(value)];
      return said.length > 24 ? l10n.t('text "{0}…"', said.slice(0, 24).join('')) : l10n.t('text "{0}"', said.join(''));
    }
    case 'number':
      return l10n.t('the number {0}', value);
    case 'boolean':
      return String(value);
    case 'object':
      return l10n.t('an object');
    default:
      return typeof value;
  }
}

/** A path as the message names the field: `title`, `sale_terms[0].id`; the body itself when empty. */
export function fieldWords(path: readonly PropertyKey[]): string {
  const text = path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    '',
  );
  return text || l10n.t('the body');
}

/** The issue's value in the JSON (reported when parsed with `REQUEST_PARSE`); absent for a missing field. */
const inputOf = (issue: { input?: unknown }): unknown => issue.input;

/** A union whose every branch failed on the value's type: the types it takes. */
function unionTypes(issue: z.core.$ZodRawIssue): string[] | undefined {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || !issue.errors.length) return undefined;
  const types: string[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (branch.length !== 1 || first?.code !== 'invalid_type' || first.path.length) return undefined;
    const words = expectedWords(first.expected);
    if (!types.includes(words)) types.push(words);
  }
  return types;
}

/**
 * zod's error map for request bodies: words for the issues a schema leaves to zod's defaults (its own messages, such
 * as "title must be text", stay). Other issues keep zod's words.
 */
const requestWords: z.core.$ZodErrorMap = (issue) => {
  const field = fieldWords(issue.path ?? []);
  if (issue.code === 'invalid_type') {
    return issue.input === undefined
      ? l10n.t('{0} is required', field)
      : l10n.t('{0} must be {1}', field, expectedWords(issue.expected));
  }
  const types = unionTypes(issue);
  if (types) {
    const either = types.reduce((all, type) => l10n.t('{0} or {1}', all, type));
    return issue.input === undefined ? l10n.t('{0} is required', field) : l10n.t('{0} must be {1}', field, either);
  }
  if (issue.code === 'invalid_value') {
    const values = issue.values.map((value) => JSON.stringify(value));
    return values.length === 1
      ? l10n.t('{0} must be {1}', field, String(values[0]))
      : l10n.t('{0} must be one of {1}', field, values.join(', '));
  }
  return undefined;
};

/** Parse options for a request body: issues carry the value found and the words above. */
export const REQUEST_PARSE: z.core.ParseContext<z.core.$ZodIssue> = { reportInput: true, error: requestWords };

/**
 * The message of one issue of a body parsed with `REQUEST_PARSE`: a value of the wrong type (or not among the values
 * a field takes) adds what was found, whoever wrote the message.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const input = inputOf(issue as { input?: unknown });
  const typed = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union';
  if (!typed || input === undefined || issue.message.includes('(found ')) return issue.message;
  return l10n.t('{0} (found {1})', issue.message.replace(/[.\s]+$/, ''), foundWords(input));
}
