import * as l10n from '@vscode/l10n';
// Access tokens written into files end up in commits, screenshots and shared folders. The extension keeps tokens in
// VS Code's secret storage only, so any token found in a workspace file is a mistake worth a warning.

/** Which kind of token a match looks like. */
export type TokenKind = 'api' | 'sandbox';

/** A hard-coded token: where it is (never its text, which must not be repeated anywhere). */
export interface TokenHit {
  offset: number;
  length: number;
  kind: TokenKind;
}

// Marketplace API tokens: APP_USR- followed by the application id, a date-like part, a hash and the user id, joined
// by dashes. Placeholders such as APP_USR-… or APP_USR-XXXX are not flagged: a real token has a long run of digits.
const API_TOKEN = /\bAPP_USR-(?=[A-Za-z0-9_-]*\d{4})[A-Za-z0-9][A-Za-z0-9_-]{15,}/g;
// The sandbox's own form: SBX- (access) or SBXR- (refresh) followed by hex (see src/sandbox/users/tokens.ts).
const SANDBOX_TOKEN = /\bSBXR?-[0-9a-f]{8,}\b/g;

/** Texts longer than this are not scanned (generated files and logs; a token there is not typed by hand). */
export const MAX_SCANNED_LENGTH = 5_000_000;

/** Every hard-coded access token in a text, in order. */
export function findHardcodedTokens(text: string): TokenHit[] {
  if (text.length > MAX_SCANNED_LENGTH) return [];
  // A cheap test first: almost every document has neither prefix.
  if (!text.includes('APP_USR-') && !text.includes('SBX')) return [];
  const hits: TokenHit[] = [];
  for (const [pattern, kind] of [
    [API_TOKEN, 'api'],
    [SANDBOX_TOKEN, 'sandbox'],
  ] as const) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      hits.push({ offset: match.index, length: match[0].length, kind });
    }
  }
  return hits.sort((a, b) => a.offset - b.offset);
}

/** The warning shown on a hard-coded token: why it matters and what to do instead. Never contains the token. */
export function tokenMessage(kind: TokenKind): string {
  return kind === 'api'
    ? l10n.t(
        "Hard-coded marketplace access token: anyone who reads this file can act as your seller account. Remove it (and revoke it if the file was shared or committed), then sign in with Marketplace: Sign In…, which keeps the token in VS Code's secret storage.",
      )
    : l10n.t(
        'Hard-coded sandbox access token: tokens do not belong in files. Remove it and use Marketplace: Use Local Sandbox, which signs in without a token in any file.',
      );
}
