// The one picker of an id among the seller's resources: signed in, a quick pick that opens at once, busy while the
// list is read, then lists it (an id typed in is offered too, first); signed out, an input box that checks the id.
// Escape cancels (undefined). Its wording and entries come from `picks.ts`.
import * as vscode from 'vscode';
import type { Output } from '../../platform/output';
import { type IdPick, listedPlaceholder, type PickerWords, typedPick } from './picks';

/** What to ask and how to read the list (undefined: signed out, an input box asks). */
export interface IdPickerOptions {
  title: string;
  words: PickerWords;
  load: (() => Promise<IdPick[]>) | undefined;
  /** Where a list that could not be read is reported. */
  output: Pick<Output, 'warn'>;
}

/** Asks for an id: the chosen entry's, or a well-formed one typed in; undefined when cancelled. */
export async function pickId(options: IdPickerOptions): Promise<string | undefined> {
  const { title, words, load } = options;
  if (!load) {
    const typed = await vscode.window.showInputBox({
      title,
      prompt: words.prompt,
      placeHolder: words.example,
      validateInput: (value) => (words.typed(value) === undefined ? words.malformed : undefined),
    });
    return typed === undefined ? undefined : words.typed(typed);
  }
  const quickPick = vscode.window.createQuickPick<IdPick>();
  quickPick.title = title;
  quickPick.placeholder = words.reading;
  quickPick.matchOnDescription = true;
  quickPick.busy = true;
  let listed: IdPick[] = [];
  let open = true;
  const show = () => {
    quickPick.items = [...typedPick(quickPick.value, listed, words), ...listed];
  };
  quickPick.onDidChangeValue(show);
  void load().then(
    (entries) => {
      if (!open) return;
      listed = entries;
      quickPick.placeholder = listedPlaceholder(entries, words);
      show();
      quickPick.busy = false;
    },
    (error: unknown) => {
      options.output.warn(
        `${title}: could not read the list: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!open) return;
      quickPick.placeholder = listedPlaceholder(undefined, words);
      quickPick.busy = false;
    },
  );
  try {
    return await new Promise<string | undefined>((resolve) => {
      quickPick.onDidAccept(() => {
        const chosen = quickPick.selectedItems[0] ?? quickPick.activeItems[0];
        const id = chosen?.id ?? words.typed(quickPick.value);
        if (id === undefined) return;
        resolve(id);
        quickPick.hide();
      });
      quickPick.onDidHide(() => resolve(undefined));
      quickPick.show();
    });
  } finally {
    open = false;
    quickPick.dispose();
  }
}
