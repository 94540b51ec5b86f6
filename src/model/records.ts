/** A JSON object (not null, not an array): what every reader of untyped JSON checks before it reads a key. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
