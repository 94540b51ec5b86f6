// The bench's large catalogue (scripts/bench/catalogueFixtures.ts) is a fixtures file the sandbox accepts: what the
// bench's start with 10,000 listings measures is a start, not a refusal.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueFixtures, catalogueItem, writeCatalogueFixtures } from '../../../scripts/bench/catalogueFixtures';
import { SandboxFixtures } from '../../../src/model/fixtures';
import { loadFixturesFile } from '../../../src/sandbox/fixtures';
import { useSandbox } from '../support/sandbox';

const COUNT = 400;

describe('bench catalogue fixtures', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mi-catalogue-'));
  const file = writeCatalogueFixtures(folder, COUNT);
  // The loader checks the file with the API's models and rules, as `--fixtures FILE` does.
  const h = useSandbox({ fixtures: loadFixturesFile(file.path) }, false);
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('is a fixtures document of the model, every listing of its own title and SKU', () => {
    const document = catalogueFixtures(COUNT);
    const parsed = SandboxFixtures.safeParse(document);
    assert.ok(parsed.success, parsed.success ? '' : parsed.error.message);
    const items = document.items ?? [];
    assert.equal(items.length, COUNT);
    assert.equal(new Set(items.map((item) => item.title)).size, COUNT);
    assert.equal(new Set(items.map((item) => item.seller_custom_field)).size, COUNT);
    // The sample shop's shapes: variations with sale terms, a used item, a classified vehicle.
    assert.ok(items.some((item) => (item.variations?.length ?? 0) > 1 && item.sale_terms?.length));
    assert.ok(items.some((item) => item.condition === 'used'));
    assert.ok(items.some((item) => item.buying_mode === 'classified'));
  });

  it('starts a sandbox whose seller has every listing of the file, and nothing of the default seed', async () => {
    const me = (await h.raw('GET', '/users/me')).body as { id: number };
    const search = await h.raw('GET', `/users/${me.id}/items/search?limit=1`);
    assert.equal(search.status, 200);
    assert.equal((search.body as { paging: { total: number } }).paging.total, COUNT);
  });

  it('writes the same file for the same count', () => {
    const text = readFileSync(file.path, 'utf8');
    assert.equal(Buffer.byteLength(text), file.bytes);
    assert.deepEqual(JSON.parse(text), catalogueFixtures(COUNT));
    assert.deepEqual(catalogueItem(7), catalogueItem(7));
  });
});
