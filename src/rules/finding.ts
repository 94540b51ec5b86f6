import { asSentences } from '../model/sentences';

/** A JSON path into a payload: property names and array indexes, e.g. `['sale_terms', 0, 'value_name']`. */
export type JsonPath = (string | number)[];

export type Severity = 'error' | 'warning' | 'info';

/**
 * What a rule reports. `code` is stable (diagnostics, quick fixes and the sandbox's `cause[].code` use it);
 * `message` says the spec's reason in plain words; `path` points at the exact field.
 */
export interface Finding {
  code: string;
  path: JsonPath;
  message: string;
  severity: Severity;
}

/** Builds a finding. */
export function finding(code: string, path: JsonPath, message: string, severity: Severity = 'error'): Finding {
  return { code, path, message, severity };
}

/** The findings' messages in one line of sentences (`asSentences`): what a refusal or a "not sent" says. */
export const findingsText = (findings: readonly Finding[]): string =>
  asSentences(findings.map((entry) => entry.message));

/** Only the findings that block a request. */
export const errorsOf = (findings: readonly Finding[]): Finding[] =>
  findings.filter((item) => item.severity === 'error');

/** Formats a path the way the API's `references` do: `item.sale_terms[0].value_name`. */
export function formatPath(path: JsonPath, root = 'item'): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}.${part}`), root);
}

/** The value at a JSON path of a payload, or undefined where the path leads nowhere. */
export function valueAt(payload: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (value, part) =>
      typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[part] : undefined,
    payload,
  );
}

/**
 * Appends findings one by one and returns the list: `push(...more)` passes each finding as an argument, which
 * overflows the stack past about 100,000 of them (one finding per field of a wide payload).
 */
export function addAll(findings: Finding[], more: readonly Finding[]): Finding[] {
  for (const entry of more) findings.push(entry);
  return findings;
}
