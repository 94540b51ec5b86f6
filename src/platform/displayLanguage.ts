// The display language VS Code runs in, for the words and the figures: `vscode.l10n` translates what the features
// say, and `@vscode/l10n` (configured here once, at activation, with the same bundle) translates what the pure layers
// say in the editor (the rules' findings, the model's words). The sandbox bundle never configures it, so the local
// sandbox keeps answering in the API's own words, as the real API does.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { intlLocale } from '../text/intlLocale';

/** Hands the pure layers the bundle of VS Code's display language (nothing to do in English). */
export function configureSharedWords(): void {
  const bundle = vscode.l10n.bundle;
  if (bundle) l10n.config({ contents: bundle });
}

/** The `Intl` locale of VS Code's display language: numbers, money, dates and times follow it. */
export const displayLocale = (): string => intlLocale(vscode.env.language);

/** VS Code's display language as it names it (`en`, `es`, `pt-br`): a webview's `lang`. */
export const displayLanguage = (): string => vscode.env.language || 'en';
