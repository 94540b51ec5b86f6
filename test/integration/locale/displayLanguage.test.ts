// The extension in VS Code's display language (a run with `--locale es`, or `pt-br`): a command's message, a tree
// label, a payload's diagnostics, a panel's text and a command title, each checked to be the translation that the
// extension's own bundles hold for its English (support/translations.ts), never a hard-coded word.
// index.ts runs this folder only in a locale run (MI_INTEGRATION_LOCALE, set by scripts/runIntegration.ts --locale).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../../src/constants';
import type { TestApi } from '../../../src/extension';
import { labelOf, rootNode } from '../support/explorerTree';
import { onFreshSandbox } from '../support/extensionApi';
import { shownMessages } from '../support/shownMessages';
import { assertTranslated, Translations, templatePattern } from '../support/translations';
import { until } from '../support/until';
import { useSuiteFolder } from '../support/workspaceFolder';

const LOCALE = process.env.MI_INTEGRATION_LOCALE ?? '';

describe(`the extension in VS Code's display language (${LOCALE})`, () => {
  let api: TestApi;
  let words: Translations;
  const folder = useSuiteFolder('locale-test');

  before(async () => {
    api = await onFreshSandbox();
    words = new Translations(LOCALE);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('VS Code runs in the language the run asked for (the test language pack is installed)', () => {
    assert.equal(vscode.env.language, LOCALE);
  });

  it('package.json speaks it: a command title from package.nls.<lang>.json', () => {
    const { translated } = words.commandTitle(COMMANDS.signOut);
    // The manifest as the extension host has it: VS Code put package.nls.<lang>.json's words in.
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    const commands = extension.packageJSON.contributes.commands as { command: string; title: unknown }[];
    const title = commands.find((entry) => entry.command === COMMANDS.signOut)?.title;
    // A localized title reaches the host as { value, original } (the English kept for the palette's search).
    assert.equal(typeof title === 'object' ? (title as { value?: string })?.value : title, translated);
  });

  it('a tree label of the Marketplace explorer', async () => {
    await vscode.commands.executeCommand('marketplace.explorer.focus');
    assert.equal(labelOf(api, await rootNode(api, 'itemsRoot')), words.t('Items'));
  });

  it('the diagnostics of a payload with problems', async () => {
    // A new item payload, as the walkthrough's button writes it: the rules underline its blank category.
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.newItemPayload, {
      folder: folder.uri,
      name: 'locale-listing.item.json',
      overwrite: true,
    });
    assert.ok(uri, 'the payload file was written');
    const ours = () => vscode.languages.getDiagnostics(uri).filter((entry) => entry.source === 'Marketplace');
    await until(
      'the rule on the blank category',
      () => ours().some((entry) => /category_id/.test(entry.message)),
      30_000,
    );
    // The live analysis may add findings a moment later: every one of them, once settled.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const diagnostic of ours()) assertTranslated(words, diagnostic.message, 'the diagnostic');
  });

  it('a panel’s text: the shipping panel’s title and first words', async () => {
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    await until('the shipping panel', () => api.shippingPanel());
    const record = api.webviews().findLast((entry) => entry.viewType.endsWith('shippingQuotes'));
    assert.ok(record, 'the shipping panel’s HTML was recorded');
    assert.equal(/<title>([^<]*)<\/title>/.exec(record.html)?.[1], words.t('Shipping Quotes'));
    const placeholder = /<p class="placeholder">([^<]*)<\/p>/.exec(record.html)?.[1];
    assert.ok(placeholder, 'the panel shows words while its script loads');
    assertTranslated(words, placeholder, 'the panel’s placeholder');
    api.shippingPanel()?.dispose();
  });

  it('a command’s message: Sign Out when not signed in says so', async () => {
    for (let left = 5; api.sessions.current && left > 0; left -= 1) {
      await vscode.commands.executeCommand(COMMANDS.signOut);
    }
    await until('no session', () => (api.sessions.current === undefined ? true : undefined));
    const shown = await shownMessages(() => vscode.commands.executeCommand(COMMANDS.signOut));
    assert.equal(shown.length, 1, `one message: ${JSON.stringify(shown)}`);
    const message = shown[0] as string;
    assert.match(message, templatePattern(words.t('You are not signed in to {0}.')));
    assertTranslated(words, message, 'the message');
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    await until('signed in again', () => api.sessions.current);
  });
});
