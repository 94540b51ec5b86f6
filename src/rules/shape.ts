import * as l10n from '@vscode/l10n';
import type * as z from 'zod';
import { type Finding, finding, formatPath, type JsonPath } from './finding';
import { issueMessage, REQUEST_PARSE } from './issueWords';

/** Whose body a shape check reads: the prefix of its codes and the root of its paths (`item`, `size_chart`…). */
export interface ShapeFamily {
  /** Prefix of the finding codes: `item` gives `item.price.invalid` and `item.field.unknown`. */
  code: string;
  /** Root of the paths in messages, as the API's `references` write it: `item.shipping`. */
  root: string;
  /** The message of a field at the body's top that the spec does not name, whole in each language. */
  unknownAtTop: (key: string) => string;
}

export const ITEM_SHAPE: ShapeFamily = {
  code: 'item',
  root: 'item',
  unknownAtTop: (key) => l10n.t('{0} is not a field of the item in the spec; the API may ignore it or refuse it.', key),
};

/**
 * The message of a field that no model of the spec has, inside the body (`where` is its parent's path, such as
 * `item.shipping`): a hint, since the real API knows fields the spec does not.
 */
export function unknownFieldMessage(key: string, where: string): string {
  return l10n.t('{0} is not a field of {1} in the spec; the API may ignore it or refuse it.', key, where);
}

/**
 * Converts a zod failure of a request schema into findings, in the words of `issueWords.ts`: wrong types are errors
 * that name the type found, fields the model does not know are Information (never a refusal), each at its path.
 * Paths `skip` names (already reported by a more specific rule) are left out.
 */
export function shapeFindings(
  schema: z.ZodType,
  payload: unknown,
  skip: (path: JsonPath) => boolean,
  family: ShapeFamily = ITEM_SHAPE,
): Finding[] {
  const result = schema.safeParse(payload, REQUEST_PARSE);
  if (result.success) return [];
  const findings: Finding[] = [];
  for (const issue of result.error.issues) {
    const base = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const where = base.length ? formatPath(base, family.root) : undefined;
      for (const key of issue.keys) {
        const path = [...base, key];
        if (skip(path)) continue;
        const message = where === undefined ? family.unknownAtTop(key) : unknownFieldMessage(key, where);
        // l10n: not translated (a severity, not a word)
        findings.push(finding(`${family.code}.field.unknown`, path, message, 'info'));
      }
      continue;
    }
    if (skip(base)) continue;
    const code = `${family.code}.${base.filter((part) => typeof part === 'string').join('.') || 'body'}.invalid`;
    findings.push(finding(code, base, issueMessage(issue)));
  }
  return findings;
}
