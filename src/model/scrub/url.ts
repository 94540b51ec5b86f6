// Secrets in a URL, by the part they sit in: the user information (`user:password@`), and query, matrix (`;name=`)
// and fragment (`#access_token=`) parameters with a secret's name (names.ts). The other parameters are kept as they
// were written, so a scrubbed path still reads (and replays) as the one sent; what is left goes through the text
// rules (a token in a path segment, a known value).
import { isSecretParam, type ScrubOptions } from './names';
import { textScrubber } from './text';

/** Scheme and authority of an absolute URL, then the rest. */
const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/)([^/?#]*)/;

/** `a=1&b=2` (or `;`-separated) without the parameters whose name is a secret's; undefined when none is left. */
function withoutSecretParams(params: string, separator: '&' | ';'): string | undefined {
  const kept = params.split(separator).filter((param) => {
    const equals = param.indexOf('=');
    return equals === -1 || !isSecretParam(param.slice(0, equals));
  });
  return kept.length ? kept.join(separator) : undefined;
}

/** A path segment without its secret matrix parameters (`items;access_token=x` → `items`). */
function segment(text: string): string {
  const at = text.indexOf(';');
  if (at === -1) return text;
  const params = withoutSecretParams(text.slice(at + 1), ';');
  return text.slice(0, at) + (params === undefined ? '' : `;${params}`);
}

/** A URL, absolute or a path with its query and fragment, with its secrets removed. */
export function scrubUrl(url: string, options: ScrubOptions = {}): string {
  return scrubUrlWith(url, textScrubber(options));
}

function scrubUrlWith(url: string, text: (value: string) => string): string {
  let rest = url;
  let origin = '';
  const absolute = ABSOLUTE.exec(url);
  if (absolute) {
    const [whole, scheme = '', authority = ''] = absolute;
    origin = scheme + authority.slice(authority.lastIndexOf('@') + 1);
    rest = url.slice(whole.length);
  }
  const hashAt = rest.indexOf('#');
  const fragment = hashAt === -1 ? undefined : rest.slice(hashAt + 1);
  const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : withoutSecretParams(beforeHash.slice(queryAt + 1), '&');
  // A fragment of parameters (an implicit grant's `#access_token=…&state=…`) is read as a query; another is text.
  const params = fragment?.includes('=') ? withoutSecretParams(fragment, '&') : fragment;
  const scrubbed =
    origin +
    path.split('/').map(segment).join('/') +
    (query === undefined ? '' : `?${query}`) +
    (params === undefined ? '' : `#${params}`);
  return text(scrubbed);
}
