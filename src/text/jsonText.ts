// The UMD entry of jsonc-parser loads its parts with a require esbuild cannot follow; the ESM build bundles cleanly.
import { createScanner, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { MAX_JSON_DEPTH } from '../model/jsonDepth';
import type { JsonPath } from '../rules/finding';

/** A zero-based line and UTF-16 character, as VS Code's `Position`. */
export interface TextPosition {
  line: number;
  character: number;
}

/** A span of the text: offsets for edits, positions for diagnostics. */
export interface TextSpan {
  offset: number;
  length: number;
  start: TextPosition;
  end: TextPosition;
}

/** A text edit: replace `length` characters at `offset` with `newText` (an empty `newText` removes). */
export interface TextEditData extends TextSpan {
  newText: string;
}

/** Code of a JSON syntax error. */
export const JSON_SYNTAX_CODE = 'json.syntax';
/** Code of a file that nests deeper than MAX_JSON_DEPTH: it is not parsed further. */
export const JSON_TOO_DEEP_CODE = 'json.too_deep';

/** Why a file cannot be read as a value: a syntax error, or nesting past MAX_JSON_DEPTH. */
export interface JsonTextError {
  code: typeof JSON_SYNTAX_CODE | typeof JSON_TOO_DEEP_CODE;
  /** Without a final period. */
  message: string;
  span: TextSpan;
}

/** A payload file parsed once: the syntax tree (for ranges), its value (for the rules) and the syntax errors. */
export interface ParsedJson {
  text: string;
  /** Undefined when the file is empty or nests deeper than MAX_JSON_DEPTH (its one error says so). */
  root: Node | undefined;
  value: unknown;
  errors: JsonTextError[];
  /** The span of a JSON path (see `locate`). */
  spanOf(path: JsonPath): TextSpan;
  /** The value node at a path, when the file has it. */
  nodeAt(path: JsonPath): Node | undefined;
  /** A span from offsets. */
  span(offset: number, length: number): TextSpan;
}

const PARSE_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number format',
  PropertyNameExpected: 'Property name expected (names are double-quoted strings)',
  ValueExpected: 'Value expected',
  ColonExpected: 'Colon expected',
  CommaExpected: 'Comma expected',
  CloseBraceExpected: 'Closing brace } expected',
  CloseBracketExpected: 'Closing bracket ] expected',
  EndOfFileExpected: 'End of file expected: a payload file holds one JSON value',
  InvalidCommentToken: 'Comments are not allowed: the file is sent as the JSON body of the request',
  UnexpectedEndOfComment: 'Unexpected end of comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unexpected end of number',
  InvalidUnicode: 'Invalid unicode escape sequence',
  InvalidEscapeCharacter: 'Invalid escape character in string',
  InvalidCharacter: 'Invalid character in string (control characters must be escaped)',
};

/** How many syntax errors are reported at most; past the first few they are echoes of the same mistake. */
const MAX_PARSE_ERRORS = 20;

/** The message of a file that nests deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP_MESSAGE =
  `This payload nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels (the next level opens here): no ` +
  'request body of the API nests that deep, so the file is not checked further and is not sent';

// jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read): each closing token is its
// opening token plus one.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/**
 * The offset of the bracket or brace that opens level MAX_JSON_DEPTH + 1 of a text, or undefined when it nests no
 * deeper. Read with jsonc-parser's own scanner (which is iterative; its parser recurses once per level and overflows
 * the stack a few thousand levels down), counting as its parser nests: a closing token ends a level only when it
 * matches the innermost one opened (the parser skips any other), so the count is never below the parser's depth.
 */
export function tooDeepAt(text: string): number | undefined {
  const scanner = createScanner(text, true);
  const open: number[] = [];
  for (let token: number = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      if (open.length === MAX_JSON_DEPTH) return scanner.getTokenOffset();
      open.push(token);
    } else if ((token === CLOSE_BRACE || token === CLOSE_BRACKET) && open[open.length - 1] === token - 1) {
      open.pop();
    }
  }
  return undefined;
}

/** The sentence that says why a file that does not parse cannot be sent ("The file is not valid JSON: …."). */
export function parseFailure(parsed: ParsedJson): string | undefined {
  const error = parsed.errors[0];
  if (!error) return parsed.root === undefined ? 'The file is empty.' : undefined;
  return error.code === JSON_TOO_DEEP_CODE ? `${error.message}.` : `The file is not valid JSON: ${error.message}.`;
}

/**
 * Parses JSON text the way the request sends it: no comments, no trailing commas. Never throws: a text that nests
 * deeper than MAX_JSON_DEPTH has no tree and no value, only an error at the level past the limit.
 */
export function parseJson(text: string): ParsedJson {
  let lineStarts: number[] | undefined;
  const positionAt = (offset: number): TextPosition => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
        lineStarts.push(index + 1);
      }
    }
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - lineStarts[low]! };
  };
  // Kept inside the document: a syntax error at its very end, or jsonc-parser's count after an unterminated comment,
  // would otherwise reach one character past it.
  const span = (at: number, size: number): TextSpan => {
    const offset = Math.min(Math.max(at, 0), text.length);
    const length = Math.min(Math.max(size, 0), text.length - offset);
    return { offset, length, start: positionAt(offset), end: positionAt(offset + length) };
  };
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    const errors: JsonTextError[] = [{ code: JSON_TOO_DEEP_CODE, message: TOO_DEEP_MESSAGE, span: span(deep, 1) }];
    const nowhere = (): TextSpan => span(0, Math.min(text.length, 1));
    return { text, root: undefined, value: undefined, errors, span, nodeAt: () => undefined, spanOf: nowhere };
  }
  const rawErrors: ParseError[] = [];
  const root = parseTree(text, rawErrors, { disallowComments: true, allowTrailingComma: false });
  let value: unknown;
  if (rawErrors.length === 0) {
    // JSON.parse is several times faster than walking the tree, and gives the same value for valid JSON.
    try {
      value = JSON.parse(text);
    } catch {
      value = root ? treeValue(root) : undefined;
    }
  } else {
    value = root ? treeValue(root) : undefined;
  }
  // One mistake often yields two errors at the same place (a trailing comma: property name and value expected).
  const distinct = rawErrors.filter((error, index) => index === 0 || rawErrors[index - 1]!.offset !== error.offset);
  const errors = distinct.slice(0, MAX_PARSE_ERRORS).map((error) => {
    const code = printParseErrorCode(error.error);
    const message = text.trim() === '' ? 'The file is empty: write the JSON body of the request' : PARSE_MESSAGES[code];
    return {
      code: JSON_SYNTAX_CODE,
      message: message ?? code,
      span: span(error.offset, Math.max(error.length, 1)),
    } satisfies JsonTextError;
  });
  return {
    text,
    root,
    value,
    errors,
    span,
    nodeAt: (path) => {
      const found = walk(root, path).node;
      return found?.resolved ? found.node : undefined;
    },
    spanOf: (path) => {
      const found = walk(root, path);
      const where = spanOfWalk(text, root, found);
      return span(where.offset, where.length);
    },
  };
}

/**
 * The value of a tree as JSON.parse gives it: plain objects (jsonc-parser's `getNodeValue` makes objects without a
 * prototype, which `String()` and template literals cannot print, so a rule quoting a value threw on any file with a
 * syntax error), own `__proto__` keys, a repeated key's last value in its first place.
 */
function treeValue(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(treeValue);
  if (node.type !== 'object') return node.value;
  const object: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    Object.defineProperty(object, String(key.value), {
      value: treeValue(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

interface Walk {
  node: { node: Node; resolved: boolean } | undefined;
  /** The key of the last property walked into (present even when its value is missing). */
  key: Node | undefined;
}

/**
 * Containers with at most this many children are searched child by child (a bounded cost per lookup); larger ones are
 * indexed once, on their first lookup. A map per small object would cost more memory than the search costs time.
 */
const SEARCHED_CHILDREN = 16;

/** Each large object node's properties by key, the last of a repeated key (as JSON.parse reads it). */
const propertiesByKey = new WeakMap<Node, Map<string, Node>>();

/**
 * The property of an object node named `key`, the last one when the key is repeated. A large object's properties are
 * read once, whatever the number of lookups: one diagnostic per field of a 100,000-field file must not read its fields
 * 100,000 times each.
 */
function propertyOf(object: Node, key: string): Node | undefined {
  const children = object.children ?? [];
  if (children.length <= SEARCHED_CHILDREN) {
    for (let index = children.length - 1; index >= 0; index--) {
      if (children[index]!.children?.[0]?.value === key) return children[index];
    }
    return undefined;
  }
  let properties = propertiesByKey.get(object);
  if (!properties) {
    properties = new Map();
    for (const child of children) {
      const name = child.children?.[0]?.value;
      if (typeof name === 'string') properties.set(name, child);
    }
    propertiesByKey.set(object, properties);
  }
  return properties.get(key);
}

/** Each large container node's children by position, made on its first lookup like `propertiesByKey`. */
const childPositions = new WeakMap<Node, Map<Node, number>>();

/** The position of a node among its container's children (-1 when it is none of them). */
function positionIn(container: Node, child: Node): number {
  const children = container.children ?? [];
  if (children.length <= SEARCHED_CHILDREN) return children.indexOf(child);
  let positions = childPositions.get(container);
  if (!positions) {
    positions = new Map();
    for (const [index, entry] of children.entries()) positions.set(entry, index);
    childPositions.set(container, positions);
  }
  return positions.get(child) ?? -1;
}

/** Follows a path through the tree as far as the file has it. Duplicate keys resolve to the last, as JSON.parse does. */
function walk(root: Node | undefined, path: JsonPath): Walk {
  if (!root) return { node: undefined, key: undefined };
  let node: Node = root;
  let key: Node | undefined;
  for (const part of path) {
    if (node.type === 'object' && typeof part === 'string') {
      const property = propertyOf(node, part);
      if (!property) return { node: { node, resolved: false }, key };
      key = property.children?.[0];
      const value: Node | undefined = property.children?.[1];
      if (!value) return { node: undefined, key };
      node = value;
    } else if (node.type === 'array' && typeof part === 'number') {
      const element: Node | undefined = node.children?.[part];
      if (!element) return { node: { node, resolved: false }, key };
      key = undefined;
      node = element;
    } else {
      return { node: { node, resolved: false }, key };
    }
  }
  return { node: { node, resolved: true }, key };
}

/**
 * Where a finding is shown: the value at its path; for an object or array value, the key that names it (a whole
 * block underlined says nothing); when the path is missing, the key of the deepest part that exists, or the opening
 * brace of the object that lacks the field.
 */
function spanOfWalk(text: string, root: Node | undefined, found: Walk): { offset: number; length: number } {
  if (!root) return { offset: 0, length: Math.min(text.length, 1) };
  const target = found.node;
  if (!target) return found.key ? found.key : { offset: root.offset, length: 1 };
  const { node, resolved } = target;
  const container = node.type === 'object' || node.type === 'array';
  if (resolved && !container) return node;
  if (found.key && node.parent?.type === 'property') return found.key;
  // An array element or the root: the whole element when it fits on one line, else its opening brace.
  if (container && node.length <= 200 && !text.slice(node.offset, node.offset + node.length).includes('\n')) {
    return node;
  }
  return { offset: node.offset, length: 1 };
}

/** The range that removes a property (by its value's path) or an array element, with the comma that separates it. */
export function removalRange(parsed: ParsedJson, path: JsonPath): { offset: number; length: number } | undefined {
  const value = parsed.nodeAt(path);
  if (!value) return undefined;
  const entry = value.parent?.type === 'property' ? value.parent : value;
  const container = entry.parent;
  if (!container) return undefined;
  const siblings = container.children ?? [];
  const index = positionIn(container, entry);
  const next = siblings[index + 1];
  if (next) return { offset: entry.offset, length: next.offset - entry.offset };
  const previous = siblings[index - 1];
  if (previous) {
    const start = previous.offset + previous.length;
    return { offset: start, length: entry.offset + entry.length - start };
  }
  return { offset: entry.offset, length: entry.length };
}
