import * as vscode from 'vscode';
import type { CONTEXT } from '../constants';

export type ContextKey = (typeof CONTEXT)[keyof typeof CONTEXT];

/**
 * The extension's context keys (`when` clauses, the walkthrough's `onContext` completion events). VS Code cannot be
 * asked for a key's value, so the last value set is kept here too; the integration tests read it.
 */
export class ContextKeys {
  private readonly values = new Map<ContextKey, unknown>();

  /** Sets a key with `setContext`, and records it. */
  set(key: ContextKey, value: unknown): Thenable<unknown> {
    this.values.set(key, value);
    return vscode.commands.executeCommand('setContext', key, value);
  }

  /**
   * Records a key another module set with `setContext` itself, from the event it fires once it has
   * (the notification service sets the receiver's keys, then fires `onDidChangeState`).
   */
  record(key: ContextKey, value: unknown): void {
    this.values.set(key, value);
  }

  /** The value last set or recorded (undefined: never set). */
  get(key: ContextKey): unknown {
    return this.values.get(key);
  }
}
