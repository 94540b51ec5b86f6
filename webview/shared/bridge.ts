// The one way a webview talks to its host: post validated messages, receive validated ones, and keep its own state
// across reloads. Every panel's script starts with `connect` and says `ready` through it; the host posts nothing
// before that. The bridge also sets what every panel needs: esbuild injects it into each panel's script
// (scripts/webviewBundles.mjs), so it runs before any module that builds a schema or says a word.
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { pageWords } from './words';

// The webviews' CSP forbids evaluating strings as code: zod probes `new Function('')` when it builds an object schema,
// to compile its parsers, and the refused probe is logged as a CSP violation in the webview's console. Jitless parsing
// never probes (the extension host does the same in src/zodHost.ts).
z.config({ jitless: true });

// The display language's words, which the host wrote into the page: every `l10n.t` of the panel (and of the shared
// model and rules it draws with) answers from them; without words (English) it answers the English key.
l10n.config({ contents: pageWords() });

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export interface Bridge<View extends { type: string }, State> {
  /** Sends a message to the host; the type is the panel's webview → host union. */
  post(message: View): void;
  /** What the webview kept across a reload (hidden and shown again), if it parses. */
  state(): State | undefined;
  /** Keeps a value across reloads of this webview (the host keeps what must outlive VS Code). */
  keep(state: State): void;
}

/**
 * Connects a panel's script to its host: messages from the host are validated with `hostMessages` before `receive`
 * sees them, and `ready` is posted at once.
 */
export function connect<Host extends { type: string }, View extends { type: string }, State = never>(
  hostMessages: z.ZodType<Host>,
  receive: (message: Host) => void,
  stateSchema?: z.ZodType<State>,
): Bridge<View, State> {
  const api = acquireVsCodeApi();
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = hostMessages.safeParse(event.data);
    if (parsed.success) receive(parsed.data);
  });
  const bridge: Bridge<View, State> = {
    post: (message) => api.postMessage(message),
    state: () => {
      if (!stateSchema) return undefined;
      const parsed = stateSchema.safeParse(api.getState());
      return parsed.success ? parsed.data : undefined;
    },
    keep: (state) => api.setState(state),
  };
  api.postMessage({ type: 'ready' });
  return bridge;
}
