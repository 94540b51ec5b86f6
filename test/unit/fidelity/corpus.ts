import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `test/fixtures/real/`: bodies copied from the marketplace's public documentation and official SDKs. */
export const REAL_FIXTURES = join(__dirname, '../../fixtures/real');

/** One entry of `test/fixtures/real/index.json` with its body (sources in SOURCES.md). */
export interface RealEntry {
  file: string;
  kind: 'request' | 'answer';
  method: string;
  path: string;
  status?: number;
  source: string;
  /** The file's text as published (served as is to the client). */
  text: string;
  body: unknown;
}

/** Every entry of the corpus, in the index's order. */
export function realCorpus(): RealEntry[] {
  const index = JSON.parse(readFileSync(join(REAL_FIXTURES, 'index.json'), 'utf8')) as Omit<
    RealEntry,
    'text' | 'body'
  >[];
  return index.map((entry) => {
    const text = readFileSync(join(REAL_FIXTURES, entry.file), 'utf8');
    return { ...entry, text, body: JSON.parse(text) };
  });
}
