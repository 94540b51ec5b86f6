// What the output channel prints, without VS Code: every line through the scrubber (model/scrub), with the secrets
// registered as known (tokens read from SecretStorage, the sandbox's) replaced wherever they appear.
import { scrubText } from '../model/scrub';

export class OutputLines {
  private readonly secrets = new Set<string>();

  /** Registers a secret value that must never be printed. */
  forget(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }

  /** A line as the channel prints it. */
  clean(text: string): string {
    return scrubText(text, { known: this.secrets });
  }
}
