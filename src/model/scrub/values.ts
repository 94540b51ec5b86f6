// Secrets in structured values: JSON bodies (fields with a secret's name, at any depth, and every string by the text
// rules), form bodies (fields, or the `a=1&b=2` text), and headers (those that carry credentials are dropped).
// JSON is walked with a stack of its own, never recursion: a body 100,000 levels deep is scrubbed like a flat one.
import { isSecretField, isSecretHeader, isSecretParam, REDACTED, type ScrubOptions } from './names';
import { textScrubber } from './text';

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Sets a field as its own (a `__proto__` key is a field of the body, never the copy's prototype). */
function setOwn(target: Container, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}

/**
 * A copy of a JSON value with every secret field's value replaced by the mark and every string (keys too) passed
 * through the text rules. A value that is not JSON (a Date, a Map) is copied as its own enumerable fields.
 */
export function scrubValue(value: unknown, options: ScrubOptions = {}): unknown {
  const text = textScrubber(options);
  const mark = options.mark ?? REDACTED;
  if (typeof value === 'string') return text(value);
  if (!isContainer(value)) return value;
  const root: Container = Array.isArray(value) ? [] : {};
  const stack: [Container, Container][] = [[value, root]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [source, target] = next;
    const array = Array.isArray(source);
    for (const [key, item] of Object.entries(source)) {
      let copy: unknown;
      if (!array && isSecretField(key) && item !== null && item !== undefined) copy = mark;
      else if (typeof item === 'string') copy = text(item);
      else if (isContainer(item)) {
        copy = Array.isArray(item) ? [] : {};
        stack.push([item, copy as Container]);
      } else copy = item;
      setOwn(target, array ? key : text(key), copy);
    }
  }
  return root;
}

/** A form's fields (undefined ones left out) with the secret ones' values replaced by the mark. */
export function scrubForm(
  form: Record<string, string | undefined>,
  options: ScrubOptions = {},
): Record<string, string> {
  const text = textScrubber(options);
  const mark = options.mark ?? REDACTED;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined) setOwn(out, text(key), isSecretParam(key) ? mark : text(value));
  }
  return out;
}

/** Whether a text is a form body (`a=1&b=2`: every part a `name=value`, no white space). */
const isFormText = (body: string) =>
  body.length > 0 && !/\s/.test(body) && body.split('&').every((part) => /^[^=]+=/.test(part));

/**
 * A request or response body: JSON as `scrubValue`, a form body's text with its secret fields' values replaced (the
 * names stay, so it still reads as the form sent), other text by the text rules.
 */
export function scrubBody(body: unknown, options: ScrubOptions = {}): unknown {
  if (typeof body !== 'string' || !isFormText(body)) return scrubValue(body, options);
  const text = textScrubber(options);
  const mark = options.mark ?? REDACTED;
  return body
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      return isSecretParam(part.slice(0, equals)) ? `${part.slice(0, equals)}=${mark}` : text(part);
    })
    .join('&');
}

/** Headers without those that carry credentials (authorization, cookies, `x-*-token`…), the others' values scrubbed. */
export function scrubHeaders(headers: Record<string, string>, options: ScrubOptions = {}): Record<string, string> {
  const text = textScrubber(options);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretHeader(name)) setOwn(out, name, text(String(value)));
  }
  return out;
}
