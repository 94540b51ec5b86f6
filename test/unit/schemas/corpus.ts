import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyPayloadFile } from '../../../src/model/payloadFiles';
import { ROOT } from './jsonService';

/** One body of the corpus as a payload file: the name the extension reads (it selects the schema) and its text. */
export interface CorpusBody {
  /** Where it comes from, for messages: `real/requests/…` or `invalid/…`. */
  source: string;
  /** The payload file name the body is written to (`MLA1400000401.item.json`…). */
  fileName: string;
  text: string;
  real: boolean;
  /** For crafted invalid bodies: the JSON path where a schema error is expected. */
  path?: string;
}

const FIXTURES = join(ROOT, 'test/fixtures');

/** The payload file a real request goes to, by method and path; undefined for requests no payload file makes. */
function payloadName(method: string, path: string, index: number): string | undefined {
  if (method === 'POST' && (path === '/items' || path === '/items/validate')) return `real-${index}.item.json`;
  if (method === 'PUT' && path === '/items/{item_id}') return 'MLA1400000401.item.json';
  if (method === 'POST' && /^\/(orders|packs)\/\{\w+\}\/notes$/.test(path)) return '2195100001.note.json';
  if (/^\/orders\/\{order_id\}\/feedback(\/sale)?$/.test(path)) return '2195100001.feedback.json';
  return undefined;
}

/** Every real request body that a payload file makes (item creations and updates, notes, feedback). */
export function realPayloadBodies(): CorpusBody[] {
  const index = JSON.parse(readFileSync(join(FIXTURES, 'real/index.json'), 'utf8')) as {
    file: string;
    kind: string;
    method: string;
    path: string;
  }[];
  return index.flatMap((entry, position) => {
    const fileName = entry.kind === 'request' ? payloadName(entry.method, entry.path, position) : undefined;
    if (!fileName) return [];
    const text = readFileSync(join(FIXTURES, 'real', entry.file), 'utf8');
    return [{ source: `real/${entry.file}`, fileName, text, real: true }];
  });
}

/** Every crafted invalid body (test/fixtures/invalid/), named as the extension reads it. */
export function invalidBodies(): CorpusBody[] {
  const index = JSON.parse(readFileSync(join(FIXTURES, 'invalid/index.json'), 'utf8')) as {
    file: string;
    path: string;
  }[];
  return index.map((entry) => ({
    source: `invalid/${entry.file}`,
    fileName: entry.file,
    text: readFileSync(join(FIXTURES, 'invalid', entry.file), 'utf8'),
    real: false,
    path: entry.path,
  }));
}

/** The payload file of a corpus body (the name always classifies: the corpus is named for it). */
export function payloadFileOf(body: CorpusBody) {
  const file = classifyPayloadFile(body.fileName);
  if (!file) throw new Error(`${body.source}: ${body.fileName} is not a payload file name`);
  return file;
}
