// What the command line writes on stderr: the sandbox's log lines and its own (ready, stopping, stopped, failures),
// as plain lines (`--log text`) or one JSON object per line (`--log json`, for CI logs):
// `{"time": ISO 8601, "level": "info" | "warn" | "error", "message": "…", …}`, with `event` and its fields for the
// command line's own moments (`{"event": "ready", "url": …}`). stdout is not here: it holds only the two
// MARKETPLACE_SANDBOX_URL= / MARKETPLACE_SANDBOX_TOKEN= lines, in every mode.

export const LOG_MODES = ['text', 'json'] as const;
export type LogMode = (typeof LOG_MODES)[number];
export type LogLevel = 'info' | 'warn' | 'error';

export interface CliLog {
  /** A line of the sandbox's, or a failure of the command line's own (`fields` ride along in JSON). */
  line(message: string, level?: LogLevel, fields?: Record<string, unknown>): void;
  /** One of the command line's moments: `ready`, `stopping`, `stopped`. */
  event(event: string, message: string, fields?: Record<string, unknown>, level?: LogLevel): void;
  /** Text never to appear in a line (the token printed on stdout): replaced wherever it shows. */
  hide(secret: string): void;
}

const HIDDEN = '[hidden]';

/**
 * The sandbox logs only what did not go as planned (a stored state it could not read, a notification its receiver
 * refused…): a warning, unless the line is of a failure of its own code.
 */
export function sandboxLineLevel(line: string): LogLevel {
  return /^(Internal error|Unexpected failure)\b/.test(line) ? 'error' : 'warn';
}

/** Writes each line with `write` (one call per line, ending in a newline) in the chosen mode. */
export function cliLog(mode: LogMode, write: (text: string) => void, now: () => Date = () => new Date()): CliLog {
  const secrets: string[] = [];
  const hidden = (text: string) => secrets.reduce((said, secret) => said.split(secret).join(HIDDEN), text);
  const emit = (level: LogLevel, message: string, fields: Record<string, unknown>) => {
    if (mode === 'text') {
      write(`${hidden(message)}\n`);
      return;
    }
    const entry = { time: now().toISOString(), level, message, ...fields };
    write(`${hidden(JSON.stringify(entry))}\n`);
  };
  return {
    line: (message, level = sandboxLineLevel(message), fields = {}) => emit(level, message, fields),
    event: (event, message, fields = {}, level = 'info') => emit(level, message, { event, ...fields }),
    hide: (secret) => {
      if (secret !== '' && !secrets.includes(secret)) secrets.push(secret);
    },
  };
}
