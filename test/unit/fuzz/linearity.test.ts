// Diagnostics of a wide payload stay linear in its size. Each diagnostic is placed at its path and most offer a fix
// that removes their field: those lookups used to read every field of the object again (2,000 fields 0.1 s, 16,000
// 7–10 s, 100,000 over 100 s). Proven by counting the reads of the object's fields through a counting proxy; the
// analysis as a whole (zod, the rules, the fixes) has no such seam, so it is compared at a size and four times it.
import assert from 'node:assert/strict';
import type { Node } from 'jsonc-parser';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { type ParsedJson, parseJson, removalRange } from '../../../src/text/jsonText';

/** An object of `count` fields the spec does not know, after the ones an item creation needs. */
function wideItem(count: number): string {
  const fields = Array.from({ length: count }, (_, index) => `"unknown_field_${index}": ${index}`);
  return `{\n  "title": "Celular Samsung Galaxy A15", "category_id": "MLA1055",\n  ${fields.join(',\n  ')}\n}`;
}

/**
 * Replaces a container node's children by a proxy that counts every read of them (elements, length, iteration),
 * and fails as soon as there are more than `limit`: a quadratic lookup is stopped early, not waited for.
 */
function countReads(node: Node, limit: number): { reads: number } {
  const counter = { reads: 0 };
  (node as { children?: Node[] }).children = new Proxy(node.children ?? [], {
    get(target, key, receiver) {
      counter.reads += 1;
      if (counter.reads > limit) throw new Error(`more than ${limit} reads of ${target.length} children`);
      return Reflect.get(target, key, receiver);
    },
  });
  return counter;
}

/** Every lookup a diagnostic and its removal fix make at `path`. */
function lookups(parsed: ParsedJson, path: (string | number)[]): void {
  assert.ok(parsed.nodeAt(path), `${JSON.stringify(path)} is found`);
  parsed.spanOf(path);
  assert.ok(removalRange(parsed, path), `${JSON.stringify(path)} can be removed`);
}

describe('fuzz: diagnostics of wide payloads stay linear', () => {
  it("placing a diagnostic and a removal fix on each of 20,000 fields reads the object's fields a few times, not once per field", () => {
    const count = 20_000;
    const parsed = parseJson(wideItem(count));
    const counter = countReads(parsed.root!, 20 * count);
    for (let index = 0; index < count; index += 1) lookups(parsed, [`unknown_field_${index}`]);
    lookups(parsed, ['title']);
    // Building the index reads each field about twice; each lookup then reads the count once.
    assert.ok(counter.reads <= 12 * count, `${counter.reads} reads for ${count} fields`);
  });

  it('removing each of 20,000 elements of an array reads its elements a few times, not once per element', () => {
    const count = 20_000;
    const terms = Array.from({ length: count }, (_, i) => `{"id": "MANUFACTURING_TIME", "value_name": "${i} días"}`);
    const parsed = parseJson(`{"sale_terms": [${terms.join(', ')}]}`);
    const array = parsed.nodeAt(['sale_terms'])!;
    const counter = countReads(array, 20 * count);
    for (let index = 0; index < count; index += 1) lookups(parsed, ['sale_terms', index, 'value_name']);
    for (let index = 0; index < count; index += 1) assert.ok(removalRange(parsed, ['sale_terms', index]));
    assert.ok(counter.reads <= 12 * count, `${counter.reads} reads for ${count} elements`);
  });

  it('an object of a few fields is searched in place: no index is worth its memory there', () => {
    const parsed = parseJson('{"a": 1, "b": {"c": [1, 2, 3]}, "a": 2}');
    const counter = countReads(parsed.root!, 1000);
    assert.equal(parsed.nodeAt(['a'])?.value, 2, 'a repeated key reads as its last, as JSON.parse reads it');
    assert.equal(parsed.nodeAt(['b', 'c', 2])?.value, 3);
    assert.equal(parsed.nodeAt(['missing']), undefined);
    assert.ok(counter.reads < 40, `${counter.reads} reads`);
  });

  it('the whole analysis of 40,000 unknown fields costs about four times that of 10,000, not sixteen', function () {
    this.timeout(300_000);
    // Processor time, not wall time: the machine is shared, and waiting for a core is no work of the analysis.
    const cost = (text: string) => {
      const started = process.cpuUsage();
      const analysis = analyzePayload('new-phone.item.json', text);
      const used = process.cpuUsage(started);
      assert.ok(analysis.diagnostics.length > 10_000);
      return used.user + used.system;
    };
    const small = wideItem(10_000);
    const large = wideItem(40_000);
    cost(small);
    const best = { small: Number.POSITIVE_INFINITY, large: Number.POSITIVE_INFINITY };
    for (let round = 0; round < 3; round += 1) {
      best.small = Math.min(best.small, cost(small));
      best.large = Math.min(best.large, cost(large));
    }
    const ratio = best.large / best.small;
    // Linear is 4 (a little more as the heap grows); quadratic was 16 and more.
    assert.ok(ratio < 9, `40,000 fields cost ${ratio.toFixed(1)} times 10,000 (${JSON.stringify(best)} µs)`);
  });
});
