import * as vscode from 'vscode';
import type { CommandEntry } from '../../platform/commandTable';
import { showError } from '../../platform/errors';
import type { Output } from '../../platform/output';

/** What the features bundle gives back once loaded: its command table rows, and whatever else the caller keeps. */
export interface LoadedFeatureSet {
  commands: CommandEntry[];
}

/**
 * Loads the features bundle (dist/features.js) once, on first use: a command of the bundle, a payload file opened, the
 * Notifications view shown, a receiver to restart. Everything activation needs for the first views is already loaded.
 */
export class FeatureLoader<F extends LoadedFeatureSet> {
  private loading: Promise<F> | undefined;
  private value: F | undefined;
  /** Milliseconds spent loading and starting the bundle (undefined until it has loaded). */
  loadMs: number | undefined;

  constructor(
    private readonly start: () => F,
    private readonly output: Output,
  ) {}

  /** The loaded features, or undefined before the first use. */
  get loaded(): F | undefined {
    return this.value;
  }

  load(): Promise<F> {
    this.loading ??= Promise.resolve().then(() => {
      const started = performance.now();
      try {
        this.value = this.start();
      } catch (error) {
        // Every later use fails the same way; each caller says what could not be done.
        this.output.error(`The features bundle did not load: ${(error as Error)?.stack ?? error}`);
        throw error;
      }
      this.loadMs = performance.now() - started;
      this.output.info(`Features loaded on first use in ${this.loadMs.toFixed(1)} ms.`);
      return this.value;
    });
    return this.loading;
  }
}

/**
 * Registers a command for each id the features bundle answers: the first call loads the bundle, then every call runs
 * the bundle's handler (through the same table, so failures read the same).
 */
export function registerDeferredCommands(
  context: vscode.ExtensionContext,
  ids: readonly string[],
  loader: FeatureLoader<LoadedFeatureSet>,
  output: Output,
): void {
  for (const id of ids) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        let entry: CommandEntry | undefined;
        try {
          entry = (await loader.load()).commands.find((candidate) => candidate.id === id);
          if (!entry) throw new Error(vscode.l10n.t('The command {0} is not available in this version.', id));
          return await entry.run(...args);
        } catch (error) {
          await showError(error, output, entry?.failure ?? '');
          return undefined;
        }
      }),
    );
  }
}
