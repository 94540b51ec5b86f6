// Secrets in free text (an error message, an output line, a header value, a string in a body), found by where they
// sit: after a credential scheme (`Bearer`, `Basic`), in an authorization or cookie header line, in a URL's user
// information, behind a known prefix (`APP_USR-`, `TG-`, `SBX-`, `SBXR-`, `SBXC-`…), as the value of a
// `name=value` or `name: value` pair whose name is a secret's, and the exact values the caller knows. Every pattern
// is linear: no rule can rescan what an earlier attempt read.
import { isSecretName, isSecretParam, REDACTED, type ScrubOptions } from './names';

/** The characters of a token's value (RFC 6750's b64token, and a JWT's dots). */
const TOKEN_CHARS = '[A-Za-z0-9._~+/=-]';
/** A URL's user information (`user:password@`), after a scheme. */
const USERINFO = /\b([A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/)[^\s?#@"'<>\\]{1,256}@/g;
/** A header line (`Authorization: Bearer …`, `Cookie: …`), in a log line, a message or JSON text. */
const HEADER_LINE =
  /\b(proxy-authorization|authorization|set-cookie|cookie)(\\?["']?[ \t]*[:=][ \t]*)(\\?["']?)([^\r\n]*)/gi;
/** A credential after its scheme: `Bearer x`, `bearer x`, `Basic base64(user:password)`. */
const SCHEME = new RegExp(`\\b(bearer|basic)(\\s+)(${TOKEN_CHARS}+)`, 'gi');
/** Tokens whose prefix says what they are: the marketplace's access tokens and codes, the sandbox's three kinds. */
const PREFIXED = new RegExp(`(?<![A-Za-z0-9_])(APP_USR|TG|SBX[A-Z]{0,3})-${TOKEN_CHARS}+`, 'g');
/**
 * The name and separator of `name=value`, `name: value`, `"name":"value"`: the name decides (names.ts). The value is
 * read apart (VALUE), so that a pair whose name is not a secret's is read on: `redirect=http://x/cb?code=…`.
 */
const PAIR = /(?<![A-Za-z0-9_.%-])([A-Za-z%][A-Za-z0-9_.%-]{0,63})(\\?["']?[ \t]*[:=][ \t]*\\?["']?)/g;
/** A pair's value: up to a delimiter. */
const VALUE = /[^\s"'&;#,<>(){}[\]\\]+/y;
/** Names a header line covers (its value runs to the end of the line), left out of the pair rule. */
const HEADER_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** What comes before a URL parameter: `code` and `key` are secrets there only. */
const PARAMETER_START = new Set(['?', '&', ';', '#']);

/** The forms a known value takes in text: itself, URL-encoded, form-encoded and JSON-escaped; longest first. */
export function knownForms(known: ScrubOptions['known']): string[] {
  const forms = new Set<string>();
  for (const value of known ?? []) {
    if (typeof value !== 'string' || value.length < 4) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Whether a `Basic` value is credentials (base64 of printable `user:password`), not the English word's next word.
 * Its whole groups of four are read, so that text glued to its end does not hide it.
 */
function isBasicCredentials(value: string): boolean {
  const run = /^[A-Za-z0-9+/]*/.exec(value)?.[0] ?? '';
  const groups = run.slice(0, run.length - (run.length % 4));
  if (groups.length < 4) return false;
  return /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(atob(groups));
}

/** A header line's value with its secret replaced: the scheme word kept, the rest up to a closing quote gone. */
function headerValue(value: string, quote: string, mark: string): string {
  const closing = quote ? value.indexOf(quote) : -1;
  const secret = closing === -1 ? value : value.slice(0, closing);
  const rest = closing === -1 ? '' : value.slice(closing);
  if (secret.trim() === '' || secret.trim() === mark) return value;
  const scheme = /^([A-Za-z][A-Za-z0-9-]*)\s+\S/.exec(secret);
  return `${scheme ? `${scheme[1]} ` : ''}${mark}${rest}`;
}

/** A text with the values of its pairs whose name is a secret's replaced by the mark; one pass, left to right. */
function scrubPairs(text: string, mark: string): string {
  let out = '';
  let from = 0;
  PAIR.lastIndex = 0;
  for (let pair = PAIR.exec(text); pair; pair = PAIR.exec(text)) {
    const name = pair[1] ?? '';
    const secret = PARAMETER_START.has(text[pair.index - 1] ?? '') ? isSecretParam(name) : isSecretName(name);
    // Only a secret's value is read: it is then skipped whole, so no character is read twice.
    if (!secret || HEADER_NAMES.has(name.toLowerCase())) continue;
    const end = pair.index + pair[0].length;
    VALUE.lastIndex = end;
    const value = VALUE.exec(text)?.[0];
    if (value === undefined || value.startsWith(mark)) continue;
    out += text.slice(from, end) + mark;
    from = end + value.length;
    PAIR.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** A text with every secret it holds replaced by the mark. */
export function scrubText(text: string, options: ScrubOptions = {}): string {
  return textScrubber(options)(text);
}

/** `scrubText` with its options read once: for the many strings of one body. */
export function textScrubber(options: ScrubOptions = {}): (text: string) => string {
  const mark = options.mark ?? REDACTED;
  const forms = knownForms(options.known);
  return (text) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(mark);
    // Most strings (ids, dates, titles) hold nothing any rule below starts with.
    if (!/[:=@]|bearer|basic|APP_USR|TG-|SBX/i.test(out)) return out;
    const scrubbed = out
      .replace(USERINFO, (_match, scheme: string) => scheme)
      .replace(HEADER_LINE, (_match, name: string, separator: string, quote: string, value: string) => {
        return `${name}${separator}${quote}${headerValue(value, quote, mark)}`;
      })
      .replace(SCHEME, (match, scheme: string, space: string, value: string) =>
        scheme.toLowerCase() === 'basic' && !isBasicCredentials(value) ? match : `${scheme}${space}${mark}`,
      )
      .replace(PREFIXED, (_match, prefix: string) => `${prefix}-${mark}`);
    return scrubPairs(scrubbed, mark);
  };
}
