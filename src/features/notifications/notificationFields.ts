// What a notification's fields say, read from an untrusted body without ever throwing. A body is whatever was POSTed
// to the receiver or pulled from the missed feeds: `topic` may be an object such as `{"toString": null}`, on which
// `String(x)` and a template literal throw, and `__proto__` may be a key. Only own keys are read, and only text,
// numbers and booleans are turned into text.

/** The text of a scalar (a string, number, boolean); undefined for anything else, which has no text of its own. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
}

/** Text for any value, for a log line or a message: a scalar's own text, else what kind of value it is. Never throws. */
export function safeText(value: unknown): string {
  const text = scalarText(value);
  if (text !== undefined) return text;
  if (value instanceof Error) return typeof value.message === 'string' ? value.message : value.name;
  return kindOf(value);
}

/** "an object", "an array", "null"…: how a field that should be text is described. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The JSON text of a value, or undefined when it has none (nested too deeply for the stack, a cycle). */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A field of the body, read only when the body itself holds it (never an inherited property). */
export function ownField(body: object, name: string): unknown {
  return Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
}

/** The fields a feed entry shows, read from a body, and what is wrong with them (a row still shows it). */
export interface NotificationFields {
  key: string;
  topic: string;
  resource: string;
  userId?: string;
  sent?: string;
  /** What is untidy beyond what real notifications do: a field of the wrong kind. */
  problems: string[];
}

/** Identifies one notification across retries and pulls: `_id` when the body has one, else what it is about. */
export function notificationKey(body: Record<string, unknown>): string {
  const id = ownField(body, '_id');
  if (typeof id === 'string' && id !== '') return id;
  return ['topic', 'resource', 'sent'].map((name) => keyPart(ownField(body, name))).join('|');
}

/** A key part: a scalar's text, else the value's JSON (two different objects stay two notifications). */
function keyPart(value: unknown): string {
  if (value === undefined || value === null) return '';
  return scalarText(value) ?? jsonText(value) ?? kindOf(value);
}

/** Reads the fields of a body; a field of the wrong kind is named in `problems` and shown as a stand-in. */
export function notificationFields(body: Record<string, unknown>): NotificationFields {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = ownField(body, name);
    if (value === undefined || value === null) return undefined;
    const found = scalarText(value);
    if (found === undefined) problems.push(`${name} is ${kindOf(value)}, not text`);
    return found;
  };
  const topic = text('topic');
  const resource = text('resource');
  const userId = text('user_id');
  const sent = text('sent');
  return {
    key: notificationKey(body),
    topic: topic ?? 'unknown',
    resource: resource ?? '',
    ...(userId !== undefined ? { userId } : {}),
    ...(sent !== undefined ? { sent } : {}),
    problems,
  };
}
