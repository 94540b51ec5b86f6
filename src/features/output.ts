import * as vscode from 'vscode';
import { redact } from '../api/errors';

/** The extension's one output channel ("Marketplace"); every line passes through token redaction. */
export class Output implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Marketplace', { log: true });
  private readonly secrets = new Set<string>();
  /** Every line the channel received, kept only when set (the Test extension mode: the token scan reads it). */
  transcript: string[] | undefined;

  /** Registers a secret value that must never be printed (tokens read from SecretStorage). */
  forget(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }

  private clean(text: string): string {
    let out = redact(text, undefined);
    for (const secret of this.secrets) out = out.split(secret).join('«token»');
    return out.replace(/\b(SBX|SBXR|APP_USR|TG)-[A-Za-z0-9-]{6,}/g, '$1-«redacted»');
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
    const cleaned = this.clean(message);
    this.transcript?.push(cleaned);
    return cleaned;
  }
  show(): void {
    this.channel.show(true);
  }
  dispose(): void {
    this.channel.dispose();
  }
}
