// What every analysis, quick fix and plan of any payload file must satisfy, however broken the file is.
import assert from 'node:assert/strict';
import { type Node, type ParseError, parseTree } from 'jsonc-parser';
import type { PayloadAnalysis } from '../../../src/features/authoring/analysis';
import type { RequestPlan } from '../../../src/features/requests/plan';
import { classifyPayloadFile } from '../../../src/model/payloadFiles';
import type { JsonPath } from '../../../src/rules/finding';
import type { TextEditData, TextPosition, TextSpan } from '../../../src/text/jsonText';

const SEVERITIES = ['error', 'warning', 'info'];

/** Where each line of the last few texts starts: a wide file's 100,000 diagnostics must not each split the text. */
const lineStarts = new Map<string, number[]>();

function linesOf(text: string): number[] {
  let starts = lineStarts.get(text);
  if (!starts) {
    starts = [0];
    for (let at = 0; at < text.length; at++) if (text[at] === '\n') starts.push(at + 1);
    if (lineStarts.size >= 8) lineStarts.delete(lineStarts.keys().next().value!);
    lineStarts.set(text, starts);
  }
  return starts;
}

/** The position of an offset, lines split at `\n` as the analysis (and VS Code's documents, once read) split them. */
export function positionAt(text: string, offset: number): TextPosition {
  const starts = linesOf(text);
  let line = 0;
  for (let step = 2 ** Math.floor(Math.log2(starts.length)); step >= 1; step /= 2) {
    if (line + step < starts.length && starts[line + step]! <= offset) line += step;
  }
  return { line, character: offset - starts[line]! };
}

/** The span lies inside the text (a broken file's too) and its positions are its offsets'. */
export function checkSpan(text: string, span: TextSpan, what: string): void {
  assert.ok(Number.isInteger(span.offset) && Number.isInteger(span.length), `${what}: offsets are integers`);
  const end = span.offset + span.length;
  assert.ok(
    span.offset >= 0 && span.length >= 0 && end <= text.length,
    `${what}: [${span.offset}, ${end}) lies inside the document (length ${text.length})`,
  );
  assert.deepEqual(span.start, positionAt(text, span.offset), `${what}: start position`);
  assert.deepEqual(span.end, positionAt(text, span.offset + span.length), `${what}: end position`);
}

function checkPath(path: unknown, what: string): asserts path is JsonPath {
  assert.ok(Array.isArray(path), `${what}: a path`);
  for (const part of path) {
    assert.ok(
      typeof part === 'string' || (typeof part === 'number' && Number.isInteger(part) && part >= 0),
      `${what}: path part ${JSON.stringify(part)}`,
    );
  }
}

const trees = new Map<string, Node | undefined>();

/** Past this length a text's tree is the only one kept (the trees of a few 5 MB files fill the heap). */
const LARGE_TEXT = 1_000_000;

/**
 * The tree of a text that parses as the request sends it (no comments, no trailing commas); undefined otherwise,
 * and for a text nested too deep for jsonc-parser's recursive parser (the analysis refuses those before parsing).
 * The last few are kept (unless `keep` is false): a case's text is checked after each of its analyses.
 */
export function strictTree(text: string, keep = true): Node | undefined {
  if (trees.has(text)) return trees.get(text);
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    const parsed = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    root = errors.length ? undefined : parsed;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  if (!keep) return root;
  if (text.length > LARGE_TEXT || [...trees.keys()].some((kept) => kept.length > LARGE_TEXT)) trees.clear();
  else if (trees.size >= 8) trees.delete(trees.keys().next().value!);
  trees.set(text, root);
  return root;
}

const propertiesOf = new WeakMap<Node, Map<string, Node>>();

/** An object node's properties by key, a repeated key's last; read once per object (a wide file has many lookups). */
function lastProperties(object: Node): Map<string, Node> {
  let properties = propertiesOf.get(object);
  if (!properties) {
    properties = new Map();
    for (const child of object.children ?? []) properties.set(String(child.children?.[0]?.value), child);
    propertiesOf.set(object, properties);
  }
  return properties;
}

/**
 * The node at a path, a repeated key read as its last occurrence (as JSON.parse reads it, and so the rules see it),
 * walked over jsonc-parser's tree independently of the analysis's own lookup.
 */
export function nodeAtPath(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  for (const part of path) {
    if (node?.type === 'object' && typeof part === 'string') {
      node = lastProperties(node).get(part)?.children?.[1];
    } else if (node?.type === 'array' && typeof part === 'number') {
      node = node.children?.[part];
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * A finding's path in a file that parses: it resolves to a node, or it names a field missing from a container that
 * exists (a required field: its parent object is there).
 */
function checkPathInTree(root: Node, path: JsonPath, what: string): void {
  if (nodeAtPath(root, path)) return;
  const parent = path.length ? nodeAtPath(root, path.slice(0, -1)) : undefined;
  const last = path[path.length - 1];
  assert.ok(
    parent && (typeof last === 'string' ? parent.type === 'object' : parent.type === 'array'),
    `${what}: path ${JSON.stringify(path)} resolves to a node, or to a missing field of an existing ${typeof last === 'string' ? 'object' : 'array'}`,
  );
}

/** Edits inside the text, not overlapping, applied last first; returns the result. */
export function applyChecked(text: string, edits: readonly TextEditData[], what: string): string {
  assert.ok(edits.length > 0, `${what}: a fix has edits`);
  edits.forEach((edit, index) => {
    checkSpan(text, edit, `${what} edit ${index}`);
    assert.equal(typeof edit.newText, 'string', `${what} edit ${index}: newText`);
  });
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  sorted.forEach((edit, index) => {
    const next = sorted[index + 1];
    assert.ok(!next || edit.offset + edit.length <= next.offset, `${what}: edits do not overlap`);
  });
  return sorted.reduceRight(
    (out, edit) => out.slice(0, edit.offset) + edit.newText + out.slice(edit.offset + edit.length),
    text,
  );
}

/**
 * Checks an analysis of `text` as `name` and returns the texts its quick fixes make (each to analyse again):
 * every diagnostic inside the document, with a code, a message, a severity and a path that the file has (when it
 * parses); every fix's edits inside the document; a fix of a file that parses leaves a file that parses. Past
 * `applied` fixes (a wide file has one per field), the edits are still checked but no longer applied and parsed.
 */
export function checkAnalysis(
  name: string,
  text: string,
  analysis: PayloadAnalysis,
  what: string,
  applied = Number.POSITIVE_INFINITY,
): string[] {
  assert.deepEqual(analysis.file, classifyPayloadFile(name), `${what}: the file's request`);
  const root = strictTree(text);
  const fixed: string[] = [];
  analysis.diagnostics.forEach((diagnostic, index) => {
    const label = `${what}: diagnostic ${index} (${diagnostic.code} at ${JSON.stringify(diagnostic.path)})`;
    assert.ok(typeof diagnostic.code === 'string' && diagnostic.code.length > 0, `${label}: a code`);
    assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.trim().length > 0, `${label}: a message`);
    assert.ok(SEVERITIES.includes(diagnostic.severity), `${label}: severity ${diagnostic.severity}`);
    checkPath(diagnostic.path, label);
    checkSpan(text, diagnostic.range, label);
    if (root) checkPathInTree(root, diagnostic.path, label);
    diagnostic.fixes?.forEach((fix, fixIndex) => {
      const fixLabel = `${label} fix ${fixIndex} "${fix.title}"`;
      assert.ok(typeof fix.title === 'string' && fix.title.length > 0, `${fixLabel}: a title`);
      if (fixed.length >= applied) {
        for (const [index, edit] of fix.edits.entries()) checkSpan(text, edit, `${fixLabel} edit ${index}`);
        return;
      }
      const result = applyChecked(text, fix.edits, fixLabel);
      if (root) assert.ok(strictTree(result, false), `${fixLabel}: the fixed file still parses:\n${clip(result)}`);
      fixed.push(result);
    });
  });
  for (const list of [analysis.needsApi, analysis.pending]) {
    assert.ok(Array.isArray(list) && list.every((entry) => typeof entry === 'string' && entry), `${what}: lists`);
  }
  return fixed;
}

/** A plan, or a refusal with its reasons: never a half-made answer. */
export function checkPlan(name: string, plan: RequestPlan, what: string): void {
  assert.equal(plan.kind, classifyPayloadFile(name)?.kind, `${what}: kind`);
  assert.ok(plan.method === 'POST' || plan.method === 'PUT', `${what}: method ${plan.method}`);
  assert.ok(Array.isArray(plan.findings), `${what}: findings`);
  plan.findings.forEach((entry, index) => {
    const label = `${what}: finding ${index} (${entry.code})`;
    assert.ok(typeof entry.code === 'string' && entry.code.length > 0, `${label}: a code`);
    assert.ok(typeof entry.message === 'string' && entry.message.length > 0, `${label}: a message`);
    assert.ok(SEVERITIES.includes(entry.severity), `${label}: severity`);
    checkPath(entry.path, label);
  });
  assert.equal(
    plan.refused,
    plan.findings.some((entry) => entry.severity === 'error'),
    `${what}: refused exactly when an error finding blocks it`,
  );
  assert.ok(Array.isArray(plan.changedFields) && plan.changedFields.every((field) => typeof field === 'string'));
  assert.ok(typeof plan.summary === 'string' && plan.summary.startsWith(plan.method), `${what}: summary`);
  if (plan.refused) assert.match(plan.summary, /refused|nothing changed/, `${what}: the summary says it is refused`);
}

/** A text cut for a failure message. */
export const clip = (text: string, length = 600): string =>
  text.length > length ? `${JSON.stringify(text.slice(0, length))}… (${text.length} chars)` : JSON.stringify(text);
