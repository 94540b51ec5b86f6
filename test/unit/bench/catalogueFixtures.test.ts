// The bench's large catalogue (scripts/bench/catalogueFixtures.ts) is a fixtures file the sandbox accepts: what the
// bench's start with 10,000 listings measures is a start, not a refusal.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueFixtures, catalogueItem, writeCatalogueFixtures } from '../../../scripts/bench/catalogueFixtures';
import { SandboxFixtures } from '../../../src/model/fixtures';

describe('bench catalogue fixtures', () => {
  it('is a fixtures document of the model, every listing of its own title and SKU', () => {
    const document = catalogueFixtures(400);
    const parsed = SandboxFixtures.safeParse(document);
    assert.ok(parsed.success, parsed.success ? '' : parsed.error.message);
    const items = document.items ?? [];
    assert.equal(items.length, 400);
    assert.equal(new Set(items.map((item) => item.title)).size, 400);
    assert.equal(new Set(items.map((item) => item.seller_custom_field)).size, 400);
    // The sample shop's shapes: variations with sale terms, a used item, a classified vehicle.
    assert.ok(items.some((item) => (item.variations?.length ?? 0) > 1 && item.sale_terms?.length));
    assert.ok(items.some((item) => item.condition === 'used'));
    assert.ok(items.some((item) => item.buying_mode === 'classified'));
  });

  it('writes the same file for the same count', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mi-catalogue-'));
    try {
      const first = writeCatalogueFixtures(folder, 50);
      const text = readFileSync(first.path, 'utf8');
      assert.equal(Buffer.byteLength(text), first.bytes);
      assert.deepEqual(JSON.parse(text), catalogueFixtures(50));
      assert.deepEqual(catalogueItem(7), catalogueItem(7));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
