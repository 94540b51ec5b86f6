import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { FIXTURES_SCHEMA_FILE, fixturesSchema } from '../../../src/model/fixturesSchema';
import { KNOWN_LISTING_TYPES } from '../../../src/model/item';
import { ORDER_STATUSES } from '../../../src/model/orderValues';
import { classifyPayloadFile } from '../../../src/model/payloadFiles';
import { exportFixtures } from '../../../src/sandbox/fixtures';
import { seedState } from '../../../src/sandbox/runtime';
import { associatedSchemas, complete, createJsonService, hover, textDocument, validate } from './jsonService';

// The fixtures schema in VS Code's JSON language service (as contributed for *.fixtures.json) and under ajv: the
// sample and an export validate, a bad status is shown at its field, completion offers the spec's values, and a
// fixtures file is never taken for a payload file.

const SAMPLE = join(__dirname, '../../fixtures/sandbox/shop.fixtures.json');
const NAMES = [
  'shop.fixtures.json',
  'ci/Shop.FIXTURES.JSON',
  'MLA1400000401.fixtures.json',
  'orders.item.fixtures.json',
];

describe('the sandbox fixtures schema', () => {
  const service = createJsonService();

  for (const name of NAMES) {
    it(`${name} gets the fixtures schema and is no payload file`, () => {
      assert.deepEqual(associatedSchemas(service, name), [FIXTURES_SCHEMA_FILE]);
      assert.equal(classifyPayloadFile(name.slice(name.lastIndexOf('/') + 1)), undefined);
    });
  }

  it('validates the sample and an export of the default data, in VS Code and under ajv', async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    // A picture's `source` is a `uri`: checked as the WHATWG URL parser reads it (ajv knows no formats by itself).
    ajv.addFormat('uri', (text: string) => URL.canParse(text));
    const check = ajv.compile(fixturesSchema());
    const exported = exportFixtures(seedState('marketplace', new Date('2026-03-02T15:00:00Z')), new Date());
    // Without their `$schema` (a path beside the file, which this service has no file system to follow): the
    // schema comes from the contributed fileMatch, as in a workspace.
    const { $schema: _sample, ...sample } = JSON.parse(readFileSync(SAMPLE, 'utf8')) as Record<string, unknown>;
    const { $schema: _export, ...data } = exported;
    for (const [name, text] of [
      ['shop.fixtures.json', JSON.stringify(sample, null, 2)],
      ['export.fixtures.json', JSON.stringify(data, null, 2)],
    ] as const) {
      assert.deepEqual(await validate(service, textDocument(name, text)), [], name);
      assert.ok(check(JSON.parse(text)), `${name}: ${JSON.stringify(check.errors?.slice(0, 3))}`);
    }
  });

  it('shows a status the spec does not have at its field', async () => {
    const text = JSON.stringify({ orders: [{ status: 'delivered', order_items: [{ item: { id: 'MLA1' } }] }] });
    const problems = await validate(service, textDocument('bad.fixtures.json', text));
    assert.deepEqual(
      problems.map((problem) => problem.path),
      ['$.orders[0].status'],
    );
  });

  it('offers the order states, and the known listing types of a listing as suggestions', async () => {
    const statuses = await complete(service, 'a.fixtures.json', '{"orders": [{"status": |}]}');
    assert.deepEqual(
      statuses.map((item) => item.label).filter((label) => label.startsWith('"')),
      ORDER_STATUSES.map((status) => `"${status}"`),
    );
    const types = await complete(service, 'a.fixtures.json', '{"items": [{"listing_type_id": |}]}');
    const labels = types.map((item) => item.label);
    for (const type of Object.keys(KNOWN_LISTING_TYPES)) assert.ok(labels.includes(`"${type}"`), type);
    const open = await validate(
      service,
      textDocument(
        'b.fixtures.json',
        '{"items": [{"title": "t", "category_id": "MLA1", "price": 1, "currency_id": "ARS", "listing_type_id": "gold_custom"}]}',
      ),
    );
    assert.deepEqual(open, [], 'a listing type outside the known ones is no schema error (the list is open)');
  });

  it('describes its fields', async () => {
    assert.match(await hover(service, 'a.fixtures.json', '{"default_|data": "none"}'), /default data/);
    assert.match(await hover(service, 'a.fixtures.json', '{"orders": [{"pay|ments": []}]}'), /mandatory payment flow/);
  });
});
