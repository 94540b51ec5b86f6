// A panel's page as far as its bundled script touches it while loading and answering messages, in plain Node: a
// `vm` context whose code generation from strings is refused, as the webviews' CSP refuses it, and where every
// attempt to make code from a string (`new Function`, `Function()`, `eval`) is counted. The DOM is a stand-in: any
// property read, call or construction answers another stand-in, and every call is counted, with the strings it was
// given. The page's language and words are the host's (`<html lang>` and the JSON element panelPage.ts writes).
import { createContext, runInContext } from 'node:vm';

export interface LoadedPage {
  /** Strings the script tried to turn into code (each was refused). */
  codeFromStrings: string[];
  /** Calls made on the stand-in DOM so far. */
  domCalls(): number;
  /** Every string the script handed to the stand-in DOM (texts, attributes, class names), in order. */
  texts: string[];
  /** What the script posted to its host. */
  posted: unknown[];
  /** Delivers a message from the host, as VS Code does (a `message` event on the window). */
  deliver(message: unknown): void;
}

/** What the host wrote into the page: its `lang` and the text of its words element (none: no element). */
export interface PageLanguage {
  lang?: string;
  words?: string;
}

/** Evaluates a panel's bundled script on a stand-in page. */
export function loadPanelScript(script: string, language: PageLanguage = {}): LoadedPage {
  let calls = 0;
  const texts: string[] = [];
  const standIn = (): unknown => {
    const handler: ProxyHandler<() => void> = {
      get: (_target, key) => {
        if (key === Symbol.iterator) return function* none() {};
        if (key === Symbol.toPrimitive) return () => '';
        return key === 'then' || typeof key === 'symbol' ? undefined : standIn();
      },
      set: () => true,
      apply: (_target, _self, args: unknown[]) => {
        calls += 1;
        for (const arg of args) if (typeof arg === 'string') texts.push(arg);
        return standIn();
      },
      construct: () => {
        calls += 1;
        return standIn() as object;
      },
    };
    return new Proxy(function standInTarget() {}, handler);
  };
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const posted: unknown[] = [];
  const window = {
    addEventListener: (type: string, listener: (event: { data: unknown }) => void) => {
      if (type === 'message') listeners.push(listener);
    },
  };
  // The document: a stand-in, but for the host's language (`documentElement.lang`) and words (`#l10n-bundle`).
  const page = standIn() as Record<string | symbol, unknown>;
  const root = standIn() as Record<string | symbol, unknown>;
  const documentElement = new Proxy(root, {
    get: (target, key) => (key === 'lang' && language.lang !== undefined ? language.lang : target[key]),
  });
  const document = new Proxy(page, {
    get: (target, key) => {
      if (key === 'documentElement') return documentElement;
      if (key === 'getElementById')
        return (id: string) =>
          id === 'l10n-bundle' && language.words !== undefined
            ? { textContent: language.words }
            : (target.getElementById as (id: string) => unknown)(id);
      return target[key];
    },
  });
  const globals: Record<string, unknown> = {
    window,
    document,
    navigator: { userAgent: 'webview' },
    acquireVsCodeApi: () => ({
      postMessage: (message: unknown) => posted.push(message),
      getState: () => undefined,
      setState: () => undefined,
    }),
    console,
    setTimeout,
    clearTimeout,
  };
  // The browser's names the panels' scripts and their libraries (the toolkit, Chart.js) reach while loading.
  for (const name of [
    'customElements',
    'CSSStyleSheet',
    'HTMLElement',
    'Element',
    'Node',
    'ShadowRoot',
    'Document',
    'MutationObserver',
    'ResizeObserver',
    'matchMedia',
    'getComputedStyle',
    'requestAnimationFrame',
  ]) {
    globals[name] = standIn();
  }
  const context = createContext(globals, { codeGeneration: { strings: false, wasm: false } });
  const codeFromStrings: string[] = [];
  context.recordCodeFromString = (source: string) => codeFromStrings.push(source);
  runInContext(
    `{
      const record = recordCodeFromString;
      const made = (target, args) => {
        record(String(args[args.length - 1] ?? ''));
        return Reflect.construct(target, args);
      };
      globalThis.Function = new Proxy(Function, { construct: made, apply: made });
      globalThis.eval = new Proxy(eval, {
        apply: (target, self, args) => {
          record(String(args[0]));
          return Reflect.apply(target, self, args);
        },
      });
      globalThis.self = globalThis;
    }`,
    context,
  );
  Object.assign(window, { self: window });
  runInContext(script, context);
  return {
    codeFromStrings,
    domCalls: () => calls,
    texts,
    posted,
    deliver: (message) => {
      for (const listener of listeners) listener({ data: message });
    },
  };
}
