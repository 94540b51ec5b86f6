import type * as z from 'zod';
import { scrubText } from '../model/scrub';

/**
 * The words of a request body's zod issues, one place for the editor's diagnostics (through `shapeFindings`) and the
 * sandbox's answers, so both say the same. A field of the wrong type is a type error that names what it must be and
 * what was found ("title must be text (found the number 5)"); only a field that is absent is "required". zod's own
 * words ("Invalid input: expected string, received number") never reach a person.
 */

/** What a field must be, by zod's `expected`. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const expectedWords = (expected: string): string => EXPECTED[expected] ?? `a ${expected}`;

/**
 * A value as found in the JSON, in words: `the number 5`, `text "abc"` (scrubbed, cut at 24 characters), `true`,
 * `null`, `a list`, `an object`.
 */
export function foundWords(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string': {
      // Scrubbed before it is cut, so a token pasted into a field is never echoed, whole or in part.
      const said = [...scrubText(value)];
      return said.length > 24 ? `text "${said.slice(0, 24).join('')}…"` : `text "${said.join('')}"`;
    }
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
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
  return text || 'the body';
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
    return issue.input === undefined ? `${field} is required` : `${field} must be ${expectedWords(issue.expected)}`;
  }
  const types = unionTypes(issue);
  if (types) return issue.input === undefined ? `${field} is required` : `${field} must be ${types.join(' or ')}`;
  if (issue.code === 'invalid_value') {
    const values = issue.values.map((value) => JSON.stringify(value));
    return values.length === 1 ? `${field} must be ${values[0]}` : `${field} must be one of ${values.join(', ')}`;
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
  return `${issue.message.replace(/[.\s]+$/, '')} (found ${foundWords(input)})`;
}
