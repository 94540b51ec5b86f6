// The integration suite's entry, with the @vscode/test-electron contract: a module exporting `run()`.
// It runs inside a real VS Code extension host (code-server here, desktop VS Code through @vscode/test-electron).
import { suites } from 'integration-suites:all';
import Mocha from 'mocha';

/** First: activation and the first sign-in, as a new user meets them. */
const FIRST = 'extension.test.ts';
/** Last: what the whole run left behind is scanned for tokens, and every panel's policy checked. */
const LAST = 'safety.test.ts';

/** The suites of a run in another display language: `runIntegration.ts --locale es` sets MI_INTEGRATION_LOCALE. */
const LOCALE_SUITES = 'locale/';

/**
 * The suites in the order they run: every `*.test.ts` below this folder (found at build time), FIRST and LAST pinned;
 * in a locale run only those of locale/, which the English run leaves out.
 */
function runOrder<T extends { file: string }>(found: readonly T[], localeRun: boolean): T[] {
  const rank = (file: string) => (file === FIRST ? 0 : file === LAST ? 2 : 1);
  return found
    .filter((suite) => suite.file.startsWith(LOCALE_SUITES) === localeRun)
    .sort((a, b) => rank(a.file) - rank(b.file) || a.file.localeCompare(b.file));
}

export async function run(): Promise<void> {
  // MI_INTEGRATION_GREP (inherited through code-server) runs only the tests whose full title matches: the dev loop's
  // way to run one suite, e.g. `MI_INTEGRATION_GREP='Shipping' npm run test:integration`.
  const grep = process.env.MI_INTEGRATION_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  // The suites are bundled into this file; they register their tests once mocha's globals exist.
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  const locale = process.env.MI_INTEGRATION_LOCALE;
  for (const suite of runOrder(suites, Boolean(locale) && locale !== 'en')) await suite.load();
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed.`)) : resolve()));
  });
}
