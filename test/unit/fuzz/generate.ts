// Deterministic payload files for the fuzz suite: structure-aware mutations of the seed files (valid and invalid
// fixtures, real request bodies), random JSON and broken text. Case `index` of seed `seed` is always the same file:
// each case draws from its own generator (`new Rng(`${seed}:${index}`)`), so one case is reproduced alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyPayloadFile, type PayloadKind } from '../../../src/model/payloadFiles';
import { Rng } from '../../../src/sandbox/random';
import { realCorpus } from '../fidelity/corpus';
import { KEYS, NAMES, NUMBER_LITERALS, ODD_VALUE_NAMES, RANDOM_CHARS, STRINGS, TERM_IDS } from './vocabulary';

/** A seed: a payload file as the existing tests name it. */
export interface SeedFile {
  /** Where it comes from (`valid/…`, `invalid/…`, `requests/…`). */
  source: string;
  name: string;
  text: string;
}

/** One generated case. */
export interface FuzzCase {
  index: number;
  name: string;
  text: string;
  /** The seed it started from and the steps taken, for the failure message. */
  seed: string;
  steps: string[];
}

const PAYLOADS = join(__dirname, '../../fixtures/payloads');

/**
 * The file name a real request body is written in, as test/unit/fidelity/realRequests.test.ts names it (the bodies
 * outside the spec too: their paths still say which kind of file would hold them).
 */
function realFileName(file: string, path: string): string {
  const slug = file.replace(/^requests\//, '').replace(/\.json$/, '');
  if (path.startsWith('/items/{')) return 'MLA1400000401.item.json';
  if (path.startsWith('/items')) return `${slug}.item.json`;
  if (path.includes('/notes')) return '2195100001.note.json';
  if (path.includes('/feedback')) return '2195100001.feedback.json';
  throw new Error(`${file}: no payload kind sends ${path}`);
}

/** Every seed: test/fixtures/payloads/{valid,invalid}/* and test/fixtures/real/requests/*. */
export function seedFiles(): SeedFile[] {
  const seeds: SeedFile[] = [];
  for (const folder of ['valid', 'invalid']) {
    for (const name of readdirSync(join(PAYLOADS, folder)).sort()) {
      seeds.push({ source: `${folder}/${name}`, name, text: readFileSync(join(PAYLOADS, folder, name), 'utf8') });
    }
  }
  for (const entry of realCorpus()) {
    if (entry.kind !== 'request') continue;
    seeds.push({ source: entry.file, name: realFileName(entry.file, entry.path), text: entry.text });
  }
  return seeds;
}

// ---------------------------------------------------------------------------------------------------------------
// A JSON tree that can say what JSON.stringify cannot: repeated keys and any number literal (1e309, -0…)
// ---------------------------------------------------------------------------------------------------------------

export type JNode = { t: 'obj'; entries: [string, JNode][] } | { t: 'arr'; items: JNode[] } | { t: 'lit'; raw: string };

const lit = (value: unknown): JNode => ({ t: 'lit', raw: JSON.stringify(value) ?? 'null' });
const rawNumber = (raw: string): JNode => ({ t: 'lit', raw });

export function fromValue(value: unknown): JNode {
  if (Array.isArray(value)) return { t: 'arr', items: value.map(fromValue) };
  if (typeof value === 'object' && value !== null) {
    return { t: 'obj', entries: Object.entries(value).map(([key, entry]) => [key, fromValue(entry)]) };
  }
  return lit(value);
}

const clone = (node: JNode): JNode =>
  node.t === 'lit'
    ? { ...node }
    : node.t === 'arr'
      ? { t: 'arr', items: node.items.map(clone) }
      : { t: 'obj', entries: node.entries.map(([key, value]) => [key, clone(value)]) };

interface Style {
  indent: string;
  eol: string;
  colon: string;
}

export function serialize(node: JNode, style: Style, depth = 0): string {
  if (node.t === 'lit') return node.raw;
  const open = node.t === 'obj' ? '{' : '[';
  const close = node.t === 'obj' ? '}' : ']';
  const parts =
    node.t === 'obj'
      ? node.entries.map(([key, value]) => `${JSON.stringify(key)}:${style.colon}${serialize(value, style, depth + 1)}`)
      : node.items.map((value) => serialize(value, style, depth + 1));
  if (parts.length === 0) return open + close;
  // Deep levels are written compact: 500 indented levels would make a megabyte of spaces.
  if (!style.indent || depth > 16) return `${open}${parts.join(style.colon ? ', ' : ',')}${close}`;
  const inner = style.eol + style.indent.repeat(depth + 1);
  return `${open}${inner}${parts.join(`,${inner}`)}${style.eol}${style.indent.repeat(depth)}${close}`;
}

function randomStyle(rng: Rng): Style {
  return {
    indent: rng.pick(['  ', '  ', '  ', '', '\t', '    ']),
    eol: rng.chance(0.15) ? '\r\n' : '\n',
    colon: rng.pick([' ', ' ', '']),
  };
}

/** A node and where it hangs (undefined for the root). */
interface Place {
  node: JNode;
  parent?: JNode & { t: 'obj' | 'arr' };
  index: number;
  depth: number;
}

function places(root: JNode): Place[] {
  const out: Place[] = [];
  const visit = (node: JNode, parent: Place['parent'], index: number, depth: number) => {
    out.push({ node, parent, index, depth });
    // Walking a 200-level chain on every step costs more than it finds.
    if (out.length > 5000) return;
    const values = node.t === 'obj' ? node.entries.map(([, value]) => value) : node.t === 'arr' ? node.items : [];
    for (const [i, value] of values.entries()) visit(value, node as Place['parent'], i, depth + 1);
  };
  visit(root, undefined, 0, 0);
  return out;
}

function replaceAt(place: Place, next: JNode, root: JNode): JNode {
  const { parent, index } = place;
  if (!parent) return next;
  if (parent.t === 'obj') parent.entries[index]![1] = next;
  else parent.items[index] = next;
  return root;
}

// ---------------------------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------------------------

function longString(rng: Rng): string {
  const unit = rng.pick(['x', 'días ', '🙂', 'ñ', 'مرحبا ', '\\', '"', ' ']);
  const length = rng.pick([300, 300, 1000, 1000, 5000, 20000]);
  return unit.repeat(Math.ceil(length / unit.length));
}

function randomScalar(rng: Rng): JNode {
  switch (rng.int(0, 7)) {
    case 0:
    case 1:
      return rawNumber(rng.pick(NUMBER_LITERALS));
    case 2:
      return lit(rng.int(-1000, 100000) / rng.pick([1, 1, 10, 100]));
    case 3:
    case 4:
      return lit(rng.pick(STRINGS));
    case 5:
      return lit(rng.chance(0.5));
    case 6:
      return lit(null);
    default:
      return lit(rng.chance(0.8) ? rng.pick(STRINGS) : longString(rng));
  }
}

export function randomValue(rng: Rng, depth: number): JNode {
  const roll = rng.next();
  if (depth <= 0 || roll < 0.45) return randomScalar(rng);
  if (roll < 0.75) {
    const entries: [string, JNode][] = [];
    for (let i = rng.int(0, 5); i > 0; i--) entries.push([rng.pick(KEYS), randomValue(rng, depth - 1)]);
    return { t: 'obj', entries };
  }
  const items: JNode[] = [];
  for (let i = rng.int(0, 5); i > 0; i--) items.push(randomValue(rng, depth - 1));
  return { t: 'arr', items };
}

/** A value of another type than `node`'s (string↔number↔boolean↔null↔array↔object). */
function otherType(rng: Rng, node: JNode): JNode {
  const type = node.t === 'lit' ? literalType(node.raw) : node.t;
  const types = ['string', 'number', 'boolean', 'null', 'arr', 'obj'].filter((candidate) => candidate !== type);
  switch (rng.pick(types)) {
    case 'string':
      // The value as text, when it is one ("6" for 6), or any string.
      return lit(node.t === 'lit' && rng.chance(0.5) ? node.raw.replace(/^"|"$/g, '') : rng.pick(STRINGS));
    case 'number':
      return node.t === 'lit' && /^"-?\d+(\.\d+)?"$/.test(node.raw)
        ? rawNumber(node.raw.slice(1, -1))
        : rawNumber(rng.pick(NUMBER_LITERALS));
    case 'boolean':
      return lit(rng.chance(0.5));
    case 'null':
      return lit(null);
    case 'arr':
      return { t: 'arr', items: rng.chance(0.5) ? [clone(node)] : [] };
    default:
      return { t: 'obj', entries: rng.chance(0.5) ? [['value', clone(node)]] : [] };
  }
}

function literalType(raw: string): string {
  if (raw.startsWith('"')) return 'string';
  if (raw === 'true' || raw === 'false') return 'boolean';
  if (raw === 'null') return 'null';
  return 'number';
}

function nest(rng: Rng, node: JNode, levels: number): JNode {
  let out = node;
  for (let i = 0; i < levels; i++) {
    out = rng.chance(0.5) ? { t: 'arr', items: [out] } : { t: 'obj', entries: [[rng.pick(KEYS), out]] };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Structure-aware mutations
// ---------------------------------------------------------------------------------------------------------------

type Mutation = (rng: Rng, root: JNode, donors: JNode[]) => { root: JNode; step: string };

const containers = (all: Place[]) =>
  all.filter((place) => place.node.t !== 'lit') as (Place & { node: JNode & { t: 'obj' | 'arr' } })[];
const children = (all: Place[]) => all.filter((place) => place.parent);

function insertInto(rng: Rng, container: JNode & { t: 'obj' | 'arr' }, value: JNode, key = rng.pick(KEYS)): void {
  if (container.t === 'obj') container.entries.splice(rng.int(0, container.entries.length), 0, [key, value]);
  else container.items.splice(rng.int(0, container.items.length), 0, value);
}

const MUTATIONS: Record<string, Mutation> = {
  deleteKey(rng, root) {
    const place = rng.pick([undefined, ...children(places(root))]);
    if (!place?.parent) return { root, step: 'delete (nothing)' };
    if (place.parent.t === 'obj') place.parent.entries.splice(place.index, 1);
    else place.parent.items.splice(place.index, 1);
    return { root, step: `delete at depth ${place.depth}` };
  },
  duplicateKey(rng, root) {
    const objects = containers(places(root)).filter((place) => place.node.t === 'obj' && place.node.entries.length);
    if (!objects.length) return { root, step: 'duplicate (no object)' };
    const object = rng.pick(objects).node as JNode & { t: 'obj' };
    const [key, value] = rng.pick(object.entries);
    const copy = rng.chance(0.5) ? clone(value) : randomValue(rng, 2);
    object.entries.splice(rng.int(0, object.entries.length), 0, [key, copy]);
    return { root, step: `duplicate key ${JSON.stringify(key)}` };
  },
  changeType(rng, root) {
    const place = rng.pick(places(root));
    return { root: replaceAt(place, otherType(rng, place.node), root), step: `change type at depth ${place.depth}` };
  },
  oddNumber(rng, root) {
    const place = rng.pick(places(root));
    const raw = rng.pick(NUMBER_LITERALS);
    const next = rng.chance(0.5) ? rawNumber(raw) : lit(raw);
    return { root: replaceAt(place, next, root), step: `number ${next.t === 'lit' ? next.raw : ''}` };
  },
  longString(rng, root) {
    const place = rng.pick(places(root));
    return { root: replaceAt(place, lit(longString(rng)), root), step: 'long string' };
  },
  unicode(rng, root) {
    const place = rng.pick(places(root));
    const text = rng.pick(['🙂', 'مرحبا', '\u202e', '\u0000', '\ud800', 'e\u0301', '👨‍👩‍👧‍👦', '\u200b', '\ufeff']);
    const base = place.node.t === 'lit' && place.node.raw.startsWith('"') ? JSON.parse(place.node.raw) : '';
    const at = rng.int(0, base.length);
    return {
      root: replaceAt(place, lit(base.slice(0, at) + text + base.slice(at)), root),
      step: `unicode ${JSON.stringify(text)}`,
    };
  },
  deepNesting(rng, root) {
    const levels = rng.pick([50, 200, 200, 500]);
    const place = rng.pick(places(root));
    return { root: replaceAt(place, nest(rng, clone(place.node), levels), root), step: `nest ${levels} levels` };
  },
  empty(rng, root) {
    const place = rng.pick(places(root));
    const next: JNode = rng.chance(0.5) ? { t: 'arr', items: [] } : { t: 'obj', entries: [] };
    return { root: replaceAt(place, next, root), step: `empty ${next.t}` };
  },
  mixedArray(rng, root) {
    const place = rng.pick(places(root));
    const items = [
      lit(1),
      lit('a'),
      lit(null),
      lit(true),
      { t: 'obj', entries: [] },
      { t: 'arr', items: [] },
    ] as JNode[];
    if (place.node.t !== 'lit' || rng.chance(0.5)) items.splice(rng.int(0, items.length), 0, clone(place.node));
    return { root: replaceAt(place, { t: 'arr', items }, root), step: 'mixed array' };
  },
  swapSiblings(rng, root) {
    const withTwo = containers(places(root)).filter(
      (place) => (place.node.t === 'obj' ? place.node.entries.length : place.node.items.length) >= 2,
    );
    if (!withTwo.length) return { root, step: 'swap (no siblings)' };
    const node = rng.pick(withTwo).node;
    const length = node.t === 'obj' ? node.entries.length : node.items.length;
    const a = rng.int(0, length - 1);
    const b = (a + rng.int(1, length - 1)) % length;
    if (node.t === 'obj') {
      const value = node.entries[a]![1];
      node.entries[a]![1] = node.entries[b]![1];
      node.entries[b]![1] = value;
    } else {
      [node.items[a], node.items[b]] = [node.items[b]!, node.items[a]!];
    }
    return { root, step: `swap siblings ${a}↔${b}` };
  },
  moveSubtree(rng, root) {
    const movable = children(places(root));
    if (!movable.length) return { root, step: 'move (nothing)' };
    const place = rng.pick(movable);
    if (place.parent!.t === 'obj') place.parent!.entries.splice(place.index, 1);
    else place.parent!.items.splice(place.index, 1);
    const targets = containers(places(root));
    if (!targets.length) return { root, step: 'move (no target)' };
    insertInto(rng, rng.pick(targets).node, place.node);
    return { root, step: `move subtree from depth ${place.depth}` };
  },
  unknownKey(rng, root) {
    const objects = containers(places(root)).filter((place) => place.node.t === 'obj');
    if (!objects.length) return { root, step: 'unknown key (no object)' };
    const key = rng.chance(0.7) ? rng.pick(KEYS) : `x_${rng.int(0, 999)}`;
    insertInto(rng, rng.pick(objects).node, randomValue(rng, 2), key);
    return { root, step: `add key ${JSON.stringify(key)}` };
  },
  knownValue(rng, root) {
    const place = rng.pick(places(root));
    return { root: replaceAt(place, randomScalar(rng), root), step: 'replace with a scalar' };
  },
  crossover(rng, root, donors) {
    const donor = rng.pick(places(rng.pick(donors)));
    const place = rng.pick(places(root));
    return { root: replaceAt(place, clone(donor.node), root), step: 'graft a subtree of another seed' };
  },
  saleTerms(rng, root) {
    return saleTermsMutation(rng, root);
  },
};

/** Sale terms with odd ids and value names, written into the file's `sale_terms` (made when missing). */
function saleTermsMutation(rng: Rng, root: JNode): { root: JNode; step: string } {
  let terms: JNode & { t: 'arr' };
  if (root.t === 'arr') {
    terms = root;
  } else {
    const object: JNode & { t: 'obj' } = root.t === 'obj' ? root : { t: 'obj', entries: [] };
    root = object;
    const existing = object.entries.find(([key, value]) => key === 'sale_terms' && value.t === 'arr');
    if (existing) {
      terms = existing[1] as JNode & { t: 'arr' };
    } else {
      terms = { t: 'arr', items: [] };
      object.entries.push(['sale_terms', terms]);
    }
  }
  const steps: string[] = [];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const valueName: JNode = rng.chance(0.85)
      ? lit(rng.pick(ODD_VALUE_NAMES))
      : rng.pick([lit(46), lit(null), lit(true), { t: 'arr', items: [] }, { t: 'obj', entries: [] }] as JNode[]);
    const index = rng.int(0, terms.items.length);
    const current = terms.items[index];
    if (current?.t === 'obj' && rng.chance(0.5)) {
      const entry = current.entries.find(([key]) => key === 'value_name');
      if (entry) entry[1] = valueName;
      else current.entries.push(['value_name', valueName]);
      steps.push(`sale_terms[${index}].value_name = ${serialize(valueName, { indent: '', eol: '', colon: '' })}`);
      continue;
    }
    const id = rng.pick(TERM_IDS);
    const term: JNode = {
      t: 'obj',
      entries: [
        ['id', lit(id)],
        ['value_name', valueName],
      ],
    };
    if (rng.chance(0.3)) term.entries.push(['value_id', rng.pick([lit(null), lit('2230279'), lit(123)])]);
    if (rng.chance(0.2)) {
      term.entries.push([
        'value_struct',
        {
          t: 'obj',
          entries: [
            ['number', rawNumber(rng.pick(NUMBER_LITERALS))],
            ['unit', lit(rng.pick(['días', 'meses', '']))],
          ],
        },
      ]);
    }
    terms.items.splice(index, 0, term);
    steps.push(`sale_terms[${index}] = ${id} ${serialize(valueName, { indent: '', eol: '', colon: '' }).slice(0, 40)}`);
  }
  return { root, step: steps.join('; ') };
}

// ---------------------------------------------------------------------------------------------------------------
// Broken text
// ---------------------------------------------------------------------------------------------------------------

type TextMutation = (rng: Rng, text: string) => { text: string; step: string };

const at = (rng: Rng, text: string) => rng.int(0, text.length);

const TEXT_MUTATIONS: Record<string, TextMutation> = {
  truncate(rng, text) {
    const offset = at(rng, text);
    return { text: text.slice(0, offset), step: `truncate at ${offset}` };
  },
  randomChars(rng, text) {
    let out = text;
    const count = rng.int(1, 8);
    for (let i = 0; i < count; i++) {
      const offset = at(rng, out);
      const char = rng.chance(0.5) ? rng.pick(RANDOM_CHARS) : String.fromCharCode(rng.int(0, 0xffff));
      out = out.slice(0, offset) + char + out.slice(offset);
    }
    return { text: out, step: `insert ${count} random characters` };
  },
  replaceChar(rng, text) {
    if (!text) return { text, step: 'replace (empty)' };
    const offset = rng.int(0, text.length - 1);
    const char = rng.pick(['{', '}', '[', ']', ':', ',', '"', '\\', ' ', '\u0000']);
    return { text: text.slice(0, offset) + char + text.slice(offset + 1), step: `replace char ${offset}` };
  },
  strayComma(rng, text) {
    const closers = [...text.matchAll(/[}\]]/g)].map((match) => match.index);
    const offset = closers.length && rng.chance(0.6) ? rng.pick(closers) : at(rng, text);
    return { text: `${text.slice(0, offset)},${text.slice(offset)}`, step: `comma at ${offset}` };
  },
  comment(rng, text) {
    const breaks = [...text.matchAll(/\n/g)].map((match) => match.index);
    const offset = breaks.length ? rng.pick(breaks) : at(rng, text);
    const comment = rng.pick(['// a comment', '/* a comment */', '/* unterminated', '#', '//']);
    return { text: text.slice(0, offset) + comment + text.slice(offset), step: `comment ${comment}` };
  },
  bom(_rng, text) {
    return { text: `\ufeff${text}`, step: 'BOM' };
  },
  crlf(rng, text) {
    const eol = rng.pick(['\r\n', '\r']);
    return { text: text.replace(/\r?\n/g, eol), step: `line ends ${JSON.stringify(eol)}` };
  },
  unterminatedString(rng, text) {
    const quotes = [...text.matchAll(/"/g)].map((match) => match.index);
    if (!quotes.length || rng.chance(0.3)) {
      const offset = at(rng, text);
      return { text: `${text.slice(0, offset)}"${text.slice(offset)}`, step: `quote at ${offset}` };
    }
    const offset = rng.pick(quotes);
    return { text: text.slice(0, offset) + text.slice(offset + 1), step: `drop quote at ${offset}` };
  },
  deleteRange(rng, text) {
    const start = at(rng, text);
    const end = Math.min(text.length, start + rng.int(1, 40));
    return { text: text.slice(0, start) + text.slice(end), step: `delete ${start}..${end}` };
  },
  duplicateRange(rng, text) {
    const start = at(rng, text);
    const end = Math.min(text.length, start + rng.int(1, 60));
    return { text: text.slice(0, end) + text.slice(start, end) + text.slice(end), step: `repeat ${start}..${end}` };
  },
  trailing(rng, text) {
    const tail = rng.pick(['\n{}', ' null', '\u0000', ']', '}', '\n\n\n', ' 1']);
    return { text: text + tail, step: `append ${JSON.stringify(tail)}` };
  },
  whitespaceOnly(rng) {
    const text = rng.pick(['', ' ', '\n', '\r\n', '\t \n', '\ufeff']);
    return { text, step: `text ${JSON.stringify(text)}` };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------------------------

function parseSeed(seed: SeedFile): JNode {
  return fromValue(JSON.parse(seed.text.replace(/^\ufeff/, '')));
}

const KINDS: PayloadKind[] = ['item', 'saleTerms', 'sizeChart', 'chartItems', 'note', 'feedback', 'blacklist'];

/**
 * The seed of a generated case: the kinds take turns (most seeds are items), and each kind's seeds take turns within
 * it. The first `seeds.length` cases are the seeds themselves, unchanged.
 */
function seedOf(index: number, seeds: readonly SeedFile[]): SeedFile {
  if (index < seeds.length) return seeds[index]!;
  const kind = KINDS[index % KINDS.length]!;
  const ofKind = seeds.filter((seed) => classifyPayloadFile(seed.name)?.kind === kind);
  return ofKind[Math.floor(index / KINDS.length) % ofKind.length] ?? seeds[index % seeds.length]!;
}

/** Generates case `index` of `seed` (the first `seeds.length` cases are the seeds themselves, unchanged). */
export function generateCase(seed: string, index: number, seeds: readonly SeedFile[]): FuzzCase {
  const base = seedOf(index, seeds);
  if (index < seeds.length) return { index, name: base.name, text: base.text, seed: base.source, steps: ['as is'] };
  const rng = new Rng(`${seed}:${index}`);
  const steps: string[] = [];
  const name = rng.chance(0.2) ? rng.pick(NAMES) : base.name;
  if (name !== base.name) steps.push(`named ${name}`);
  const mutate = (root: JNode, count: number): JNode => {
    const donors = [0, 1].map(() => parseSeed(rng.pick(seeds)));
    let out = root;
    for (let i = 0; i < count; i++) {
      const [label, mutation] = rng.pick(Object.entries(MUTATIONS));
      const result = mutation(rng, out, donors);
      out = result.root;
      steps.push(`${label}: ${result.step}`);
    }
    return out;
  };
  const roll = rng.next();
  let text: string;
  if (roll < 0.5) {
    text = serialize(mutate(parseSeed(base), rng.int(1, 4)), randomStyle(rng));
  } else if (roll < 0.62) {
    const result = saleTermsMutation(rng, parseSeed(base));
    steps.push(`saleTerms: ${result.step}`);
    text = serialize(mutate(result.root, rng.int(0, 1)), randomStyle(rng));
  } else if (roll < 0.72) {
    steps.push('random JSON');
    text = serialize(randomValue(rng, rng.int(0, 5)), randomStyle(rng));
  } else {
    text = rng.chance(0.5) ? base.text : serialize(mutate(parseSeed(base), rng.int(1, 2)), randomStyle(rng));
    for (let i = rng.int(1, 3); i > 0; i--) {
      const [label, mutation] = rng.pick(Object.entries(TEXT_MUTATIONS));
      const result = mutation(rng, text);
      text = result.text;
      steps.push(`${label}: ${result.step}`);
    }
  }
  return { index, name, text, seed: base.source, steps };
}
