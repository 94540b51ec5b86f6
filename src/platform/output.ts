import * as vscode from 'vscode';
import { Disposable } from './disposable';
import { OutputLines } from './outputLines';

/** The extension's one output channel ("Marketplace"); every line passes through the scrubber (outputLines.ts). */
export class Output extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel('Marketplace', { log: true }));
  private readonly lines = new OutputLines();
  /** Every line the channel received, kept only when set (the Test extension mode: the token scan reads it). */
  transcript: string[] | undefined;

  /** Registers a secret value that must never be printed (tokens read from SecretStorage). */
  forget(secret: string | undefined): void {
    this.lines.forget(secret);
  }

  info(message: string): void {
    this.channel.info(this.line(message));
  }
  warn(message: string): void {
    this.channel.warn(this.line(message));
  }
  error(message: string): void {
    this.channel.error(this.line(message));
  }

  private line(message: string): string {
    const cleaned = this.lines.clean(message);
    this.transcript?.push(cleaned);
    return cleaned;
  }
  show(): void {
    this.channel.show(true);
  }
}
