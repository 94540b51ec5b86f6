import type { MarketplaceClient } from '../../../../src/api/client';
import { getMe } from '../../../../src/api/users';
import type { Session, SessionSource } from '../../../../src/features/auth/session';
import { analyzePayload, type PayloadAnalysis } from '../../../../src/features/authoring/analysis';
import { LiveContext, type LiveContextOptions } from '../../../../src/features/authoring/liveContext';
import { hoverAt, type SuggestionResult, suggestionsAt } from '../../../../src/features/authoring/suggestions';
import { parseJson, type TextEditData } from '../../../../src/text/jsonText';
import type { SandboxHarness } from '../../support/sandbox';

/** A session source as the extension's session manager is one: the current session and its change event. */
export class TestSessions implements SessionSource {
  current: Session | undefined;
  private readonly listeners = new Set<(session: Session | undefined) => unknown>();

  readonly onDidChange = (listener: (session: Session | undefined) => unknown) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  set(session: Session | undefined): void {
    this.current = session;
    for (const listener of this.listeners) listener(session);
  }
}

/** The sandbox seller's session, with the given client (the harness's by default). */
export async function sandboxSession(harness: SandboxHarness, client?: MarketplaceClient): Promise<Session> {
  const me = await getMe(harness.client);
  return {
    environment: 'sandbox',
    baseUrl: harness.url,
    account: { environment: 'sandbox', userId: me.id, nickname: me.nickname ?? String(me.id), siteId: me.site_id },
    client: client ?? harness.client,
  };
}

/** A live context signed in to the sandbox. */
export async function liveContextFor(
  harness: SandboxHarness,
  options: LiveContextOptions & { client?: MarketplaceClient } = {},
): Promise<{ live: LiveContext; sessions: TestSessions }> {
  const sessions = new TestSessions();
  sessions.set(await sandboxSession(harness, options.client));
  return { live: new LiveContext(sessions, options), sessions };
}

/** What the editor does: analyse with the cache, fetch what the analysis asked for, analyse again until it settles. */
export async function analyzeLive(live: LiveContext, fileName: string, text: string): Promise<PayloadAnalysis> {
  let analysis = analyzePayload(fileName, text, live.snapshot());
  for (let round = 0; round < 4 && analysis.requests.length; round += 1) {
    await live.fetch(analysis.requests);
    analysis = analyzePayload(fileName, text, live.snapshot());
  }
  return analysis;
}

/** Completion as the provider does it: ask, fetch what is missing, ask again. */
export async function suggestLive(
  live: LiveContext,
  fileName: string,
  text: string,
  offset: number,
): Promise<SuggestionResult> {
  let result = suggestionsAt(fileName, text, offset, live.snapshot());
  for (let round = 0; round < 4 && result.requests.length; round += 1) {
    await live.fetch(result.requests);
    result = suggestionsAt(fileName, text, offset, live.snapshot());
  }
  return result;
}

/** Hover as the provider does it. */
export async function hoverLive(live: LiveContext, fileName: string, text: string, offset: number) {
  let result = hoverAt(fileName, text, offset, live.snapshot());
  for (let round = 0; round < 4 && result.requests.length; round += 1) {
    await live.fetch(result.requests);
    result = hoverAt(fileName, text, offset, live.snapshot());
  }
  return result.hover;
}

/** Applies edits (non-overlapping) to a text, last first. */
export function applyEdits(text: string, edits: readonly TextEditData[]): string {
  return [...edits]
    .sort((a, b) => b.offset - a.offset)
    .reduce((out, edit) => out.slice(0, edit.offset) + edit.newText + out.slice(edit.offset + edit.length), text);
}

/** The text a diagnostic underlines. */
export const underlined = (text: string, range: { offset: number; length: number }) =>
  text.slice(range.offset, range.offset + range.length);

/** Whether a text is valid JSON (what a fix must leave behind). */
export const isValidJson = (text: string) => parseJson(text).errors.length === 0;

/** The offset just after the first occurrence of `marker` (the cursor for completion and hover). */
export function offsetAfter(text: string, marker: string): number {
  const index = text.indexOf(marker);
  if (index < 0) throw new Error(`"${marker}" is not in the text`);
  return index + marker.length;
}
