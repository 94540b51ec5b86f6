import { userIdRule } from '../rules/shippingInputs';
import { badRequest } from './http';

// The ids a request names in its path, checked once for every route before its handler looks anything up: what no
// id can be (empty, control characters such as a decoded %00, longer than any id) and, for the parameters whose ids
// have a form the API states (items, users), that form. Either answers 400 in the API's shape;
// an id of the right form that names nothing is the handler's 404. Handlers then look ids up among the records that
// exist only (records.ts), so even an id this lets through (`constructor` as a note id) finds nothing.

/** Longest id accepted in a path: the API's ids are a few dozen characters at most. */
export const MAX_PATH_ID_LENGTH = 200;

/** Why a value of a path parameter is not an id of its kind, or undefined when it has the form. */
type FormCheck = (value: string) => string | undefined;

const firstError = (findings: { severity: string; message: string }[]) =>
  findings.find((item) => item.severity === 'error')?.message;

const ITEM_ID = /^[A-Z]{3}\d+$/;

/** Path parameters whose ids have a form, by the parameter's name in the route patterns. */
const FORMS: ReadonlyMap<string, FormCheck> = new Map<string, FormCheck>([
  [
    'item_id',
    (value) =>
      ITEM_ID.test(value)
        ? undefined
        : `${value} is not an item id: three capital letters and digits, e.g. MLA1400000705.`,
  ],
  ['user_id', (value) => firstError(userIdRule(value))],
  ['cust_id', (value) => firstError(userIdRule(value))],
  ['seller_id', (value) => firstError(userIdRule(value))],
]);

/** Characters no id holds: control characters (a decoded %00 among them, DEL too). */
const CONTROL = /\p{Cc}/u;

/** Refuses (400) a path parameter that cannot be an id, or is not of its parameter's form. */
export function checkPathIds(params: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value.length > MAX_PATH_ID_LENGTH) {
      throw badRequest(
        `The ${name} in the path is ${value.length} characters long; an id has at most ${MAX_PATH_ID_LENGTH}.`,
      );
    }
    if (value.trim() === '') throw badRequest(`The ${name} in the path is empty.`);
    if (CONTROL.test(value)) throw badRequest(`The ${name} in the path holds a control character (such as %00).`);
    const problem = FORMS.get(name)?.(value);
    if (problem) throw badRequest(problem);
  }
}

/**
 * Why a request-target's path is refused, or undefined: a `.` or `..` segment (also written %2e) would be folded
 * into another path by URL parsing, so `/_sandbox/orders/..` would reach `/_sandbox`. The API has no such paths.
 */
export function dotSegmentProblem(target: string): string | undefined {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  for (const segment of path.split('/')) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '.' || plain === '..') {
      return `The path ${JSON.stringify(path.slice(0, MAX_PATH_ID_LENGTH))} has a "${plain}" segment: send the resource's own path.`;
    }
  }
  return undefined;
}
