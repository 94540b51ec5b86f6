import * as vscode from 'vscode';
import type { LiveContext } from './liveContext';
import { PAYLOAD_SELECTOR, pause, toRange } from './payloadDocuments';
import { type Suggestion, suggestionsAt } from './suggestions';

/** How long completion waits for live data it does not have yet (sale terms, measurements, listings). */
const LIVE_WAIT_MS = 3000;

const KINDS: Record<Suggestion['kind'], vscode.CompletionItemKind> = {
  saleTerm: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.EnumMember,
  unit: vscode.CompletionItemKind.Unit,
  measurement: vscode.CompletionItemKind.Field,
  item: vscode.CompletionItemKind.Reference,
};

function toItem(suggestion: Suggestion): vscode.CompletionItem {
  const item = new vscode.CompletionItem(
    { label: suggestion.label, description: suggestion.detail },
    KINDS[suggestion.kind],
  );
  item.insertText = suggestion.snippet ? new vscode.SnippetString(suggestion.insertText) : suggestion.insertText;
  item.range = toRange(suggestion.replace);
  item.detail = suggestion.detail;
  if (suggestion.filterText) item.filterText = suggestion.filterText;
  if (suggestion.sortText) item.sortText = suggestion.sortText;
  if (suggestion.preselect) item.preselect = true;
  if (suggestion.documentation) item.documentation = new vscode.MarkdownString(suggestion.documentation);
  return item;
}

/**
 * Completion in payload files of what only the API knows: the category's sale term ids, their values and units,
 * the site's measurement ids, the seller's item ids. Missing live data is fetched (waiting a few seconds at most).
 */
export class PayloadCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly live: LiveContext) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const offset = document.offsetAt(position);
    const ask = () => suggestionsAt(document.uri.path, document.getText(), offset, this.live.snapshot());
    let result = ask();
    if (result.requests.length) {
      await Promise.race([this.live.fetch(result.requests), pause(LIVE_WAIT_MS, token)]);
      if (token.isCancellationRequested) return undefined;
      result = ask();
    }
    if (!result.suggestions.length) return undefined;
    return new vscode.CompletionList(result.suggestions.map(toItem), false);
  }
}

/** Registers payload completion; `"` opens a value, a space the unit after a number. */
export function registerPayloadCompletion(live: LiveContext): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(
    PAYLOAD_SELECTOR,
    new PayloadCompletionProvider(live),
    '"',
    ' ',
    ':',
  );
}
