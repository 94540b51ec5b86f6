// The command line's option values, read and checked before anything starts: a wrong one is a `UsageError` (exit
// code 2) that says which option and what it takes.
import { MAX_SCALE, validScale } from '../scale';

/** A command line that cannot be run as written. */
export class UsageError extends Error {}

export function portOf(value: string | undefined): number {
  if (value === undefined) return 8787;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port must be a whole number from 0 to 65535; got "${value}"`);
  return port;
}

export function scaleOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const scale = validScale(value);
  if (scale === undefined || scale === 0)
    throw new UsageError(`--scale must be a whole number from 1 to ${MAX_SCALE}; got "${value}"`);
  return scale;
}

/** The token goes to stdout as `MARKETPLACE_SANDBOX_TOKEN=…`: a space or a line break would break that line. */
export function tokenOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,512}$/.test(value))
    throw new UsageError('--token must be 1 to 512 printable characters, without spaces');
  return value;
}

export function callbackOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new UsageError(`--callback must be an http(s) URL; got "${value}"`);
  return value;
}

/** An instant in ISO 8601 (`2026-03-01T12:00:00Z`, or a date alone). */
export function clockStartOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || !validDate(value))
    throw new UsageError(`--clock-start must be an ISO 8601 instant such as 2026-03-01T12:00:00Z; got "${value}"`);
  return value;
}

export function timeScaleOf(value: string | undefined): number {
  if (value === undefined) return 1;
  const scale = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(scale > 0)) throw new UsageError(`--time-scale must be a positive number; got "${value}"`);
  return scale;
}

export function dataOf(value: string | undefined): string | undefined {
  if (value === '') throw new UsageError('--data must name a folder');
  return value;
}

/** A choice among `choices`, or the first of them when absent. */
export function choiceOf<T extends string>(option: string, value: string | undefined, choices: readonly T[]): T {
  if (value === undefined) return choices[0] as T;
  if (!(choices as readonly string[]).includes(value))
    throw new UsageError(`--${option} must be ${choices.join(' or ')}; got "${value}"`);
  return value as T;
}

function validDate(value: string): boolean {
  return !Number.isNaN(new Date(value).getTime());
}
