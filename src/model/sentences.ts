/**
 * Texts joined into one line that reads as sentences: each ends with its own stop (a full stop added where it has
 * none), then a space; never ".;" nor two texts run together. Every line that joins several messages (a refusal's
 * causes, the rules' findings, a file's unreadable lines) joins them here, in the extension and the sandbox alike.
 */
export function asSentences(texts: readonly string[]): string {
  return texts
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => (/[.!?…:]$/.test(text) ? text : `${text}.`))
    .join(' ');
}
