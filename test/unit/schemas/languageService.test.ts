import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzePayload, OFFLINE_CODE } from '../../../src/features/authoring/analysis';
import { KNOWN_BUYING_MODES, KNOWN_LISTING_TYPES, SERVER_SET_FIELDS } from '../../../src/model/item';
import { payloadSchemas, schemaFileFor } from '../../../src/model/jsonSchemas';
import { SALE_TERM_DOCS, SALE_TERM_IDS } from '../../../src/model/payloadFieldDocs';
import { classifyPayloadFile } from '../../../src/model/payloadFiles';
import { MEASUREMENT_IDS } from '../../../src/model/sizeChart';
import { ITEM } from '../../../src/sandbox/items/ids';
import {
  associatedSchemas,
  complete,
  createJsonService,
  documentation,
  formatPath,
  hover,
  type Problem,
  textDocument,
  validate,
} from './jsonService';

const FIXTURES = join(__dirname, '../../fixtures/payloads');

/** One diagnostic of our analysis as expected.json writes it. */
interface ExpectedDiagnostic extends Problem {
  code: string;
  severity: 'error' | 'warning' | 'info';
}

/** `test/fixtures/payloads/expected.json`: per fixture, what it shows, the schema it gets and our diagnostics. */
interface Expectation {
  about: string;
  schema: string;
  /** What the schema reports (VS Code's JSON language service): structure only, in the spec's words. */
  schemaProblems: Problem[];
  /** What the rules report (the sandbox and the commands show all of it; the editor drops what the schema says). */
  diagnostics: ExpectedDiagnostic[];
}
const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, Expectation>;

const byPathThenMessage = (a: Problem, b: Problem) =>
  a.path.localeCompare(b.path) || a.message.localeCompare(b.message);

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The schema VS Code must pick for a file name, as the extension itself classifies the name. */
function expectedSchemas(name: string): string[] {
  const payload = classifyPayloadFile(name);
  return payload ? [schemaFileFor(payload)] : [];
}

/** Hover contents come back as escaped Markdown (`\.`); compare the text a person reads. */
const readable = (markdown: string) => markdown.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');

describe('payload schemas in the JSON language service (vscode-json-languageservice)', () => {
  const service = createJsonService();

  describe('the fixture corpus test/fixtures/payloads', () => {
    it('lists every fixture in expected.json, and every listed fixture exists', () => {
      const files = ['valid', 'invalid'].flatMap((folder) =>
        readdirSync(join(FIXTURES, folder)).map((name) => `${folder}/${name}`),
      );
      assert.deepEqual([...files].sort(), Object.keys(EXPECTED).sort());
    });

    it('expects no diagnostic on a valid fixture and at least one on an invalid one', () => {
      for (const [file, expectation] of Object.entries(EXPECTED)) {
        if (file.startsWith('valid/'))
          assert.deepEqual([...expectation.diagnostics, ...expectation.schemaProblems], [], file);
        else assert.ok(expectation.diagnostics.length > 0, `${file} expects no diagnostic: move it to valid/`);
      }
    });

    // The schemas judge structure, the rules judge everything (the editor shows each problem once: corpus.test.ts).
    for (const [file, expectation] of Object.entries(EXPECTED)) {
      it(`${file}: ${expectation.about}`, async () => {
        assert.deepEqual(expectedSchemas(baseName(file)), [expectation.schema], 'the extension names another schema');
        assert.deepEqual(associatedSchemas(service, file), [expectation.schema], 'fileMatch routes it elsewhere');
        const text = readFileSync(join(FIXTURES, file), 'utf8');
        const problems = await validate(service, textDocument(file, text));
        assert.deepEqual(problems.sort(byPathThenMessage), expectation.schemaProblems, 'the schema judged otherwise');
        const ours = analyzePayload(baseName(file), text)
          .diagnostics.filter((entry) => entry.code !== OFFLINE_CODE)
          .map((entry) => ({
            path: formatPath(entry.path),
            code: entry.code,
            severity: entry.severity,
            message: entry.message,
          }));
        assert.deepEqual(ours.sort(byPathThenMessage), [...expectation.diagnostics].sort(byPathThenMessage));
      });
    }

    it('valid fixtures also pass the zod model the schema comes from (what is sent is what was checked)', () => {
      const schemas = payloadSchemas();
      for (const file of Object.keys(EXPECTED).filter((name) => name.startsWith('valid/'))) {
        const schema = schemas.find((candidate) => candidate.file === EXPECTED[file]?.schema);
        assert.ok(schema, file);
        const result = schema.model.safeParse(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
        assert.ok(result.success, `${file}: ${result.error?.message}`);
      }
    });
  });

  describe('contributes.jsonValidation routes each file name to one schema, as the extension classifies it', () => {
    const names = [
      'MLA1400000401.item.json',
      'MLB4400000001.item.json',
      'MCO1400000001.item.json',
      'MLA1234.item.json',
      'drafts/cars/MLA1400000101.item.json',
      'MLA1400000401/phone.item.json',
      'MLA123.item.json',
      'mla1400000401.item.json',
      'MLAB1400000401.item.json',
      'MLA1400000401-draft.item.json',
      'MLA1400000401 copy.item.json',
      'MLA1400000401.old.item.json',
      'MLA1400000401x.item.json',
      'MLA1400000401ñ.item.json',
      'new-phone.item.json',
      '.item.json',
      'MLA1400000703.sale-terms.json',
      'warranty.sale-terms.json',
      '510001.size-chart.json',
      'shirts.size-chart.json',
      '510001.chart-items.json',
      '2195100001.note.json',
      '2195100001.feedback.json',
      'spammer.blacklist.json',
      'package.json',
      'item.json',
      'MLA1400000401.json',
      'MLA1400000401.items.json',
      // Upper and mixed case: the same schema as the lower-case name (payloadFiles.ts).
      'X.ITEM.JSON',
      'Phone.Item.Json',
      'new-phone.ITEM.json',
      'MLA1400000401.ITEM.JSON',
      'MLA1400000401.Item.Json',
      'mla1400000401.ITEM.JSON',
      'Mla1400000401.item.json',
      'drafts/Cars/mlb4400000001.Item.JSON',
      'mla140000040l.ITEM.JSON',
      'Mla1400000401-draft.Item.json',
      'MLA1400000703.SALE-TERMS.JSON',
      'mla1400000703.Sale-Terms.json',
      'Warranty.Sale-Terms.Json',
      '510001.SIZE-CHART.JSON',
      'Shirts.Size-Chart.Json',
      '510001.Chart-Items.JSON',
      '2195100001.NOTE.JSON',
      '2195100001.Feedback.Json',
      'Spammer.BlackList.JSON',
      'PACKAGE.JSON',
      'ITEM.JSON',
      'MLA1400000401.ITEMS.JSON',
    ];
    for (const name of names) {
      const expected = expectedSchemas(baseName(name));
      it(`${name} → ${expected[0] ?? 'no schema'}`, () => {
        assert.deepEqual(associatedSchemas(service, name), expected);
      });
    }

    it('routes every seeded item id to the update schema, and near misses to the create schema', () => {
      for (const id of [...Object.values(ITEM), 'MLA0000']) {
        assert.deepEqual(associatedSchemas(service, `${id}.item.json`), ['item-update.schema.json'], id);
      }
      const creates = ['MLA140000040l', 'MLA1400000401_v2', 'MLA-1400000401', 'phone MLA1400000401', 'ML1400000401'];
      for (const stem of creates) {
        assert.deepEqual(associatedSchemas(service, `${stem}.item.json`), ['item-create.schema.json'], stem);
      }
    });

    it('reads names in any case, as the extension does: an upper-case name gets the lower-case name’s schema', () => {
      // fileMatch globs are case-sensitive, so PAYLOAD_GLOBS spell each letter as a class ([iI][tT][eE][mM]).
      assert.equal(classifyPayloadFile('MLA1400000401.ITEM.JSON')?.action, 'update');
      assert.deepEqual(associatedSchemas(service, 'MLA1400000401.ITEM.JSON'), ['item-update.schema.json']);
      assert.deepEqual(associatedSchemas(service, 'mla1400000401.item.json'), ['item-update.schema.json']);
      assert.deepEqual(associatedSchemas(service, 'X.ITEM.JSON'), ['item-create.schema.json']);
      for (const id of Object.values(ITEM)) {
        assert.deepEqual(associatedSchemas(service, `${id.toLowerCase()}.Item.Json`), ['item-update.schema.json'], id);
      }
    });

    it('gives an upper-case file the same diagnostics, completions and hovers as its lower-case name', async () => {
      const text = '{ "title": 5, "status": "paused", "note": 7, "listing_type_id": "x" }';
      for (const [upper, lower, field] of [
        ['NEW-PHONE.ITEM.JSON', 'new-phone.item.json', 'title'],
        ['mla1400000401.Item.Json', 'MLA1400000401.item.json', 'title'],
        ['2195100001.NOTE.JSON', '2195100001.note.json', 'note'],
      ] as const) {
        assert.deepEqual(
          await validate(service, textDocument(upper, text)),
          await validate(service, textDocument(lower, text)),
          upper,
        );
        const labels = async (name: string) => (await complete(service, name, '{\n  |\n}')).map((item) => item.label);
        assert.ok((await labels(lower)).includes(field), lower);
        assert.deepEqual(await labels(upper), await labels(lower), upper);
        const hovered = `{ "${field.slice(0, 2)}|${field.slice(2)}": "x" }`;
        assert.ok(await hover(service, lower, hovered), lower);
        assert.equal(await hover(service, upper, hovered), await hover(service, lower, hovered), upper);
      }
    });
  });

  describe('completion', () => {
    it('offers the known listing types, each with what it means', async () => {
      const items = await complete(service, 'new-phone.item.json', '{\n  "listing_type_id": |\n}');
      assert.deepEqual(
        items.map((item) => [item.label, documentation(item)]),
        Object.entries(KNOWN_LISTING_TYPES).map(([id, meaning]) => [`"${id}"`, meaning]),
      );
    });

    it('offers the known buying modes and conditions', async () => {
      const modes = await complete(service, 'new-phone.item.json', '{ "buying_mode": "|" }');
      assert.deepEqual(
        modes.map((item) => [item.label, documentation(item)]),
        Object.entries(KNOWN_BUYING_MODES).map(([id, meaning]) => [`"${id}"`, meaning]),
      );
      const conditions = await complete(service, 'new-phone.item.json', '{ "condition": | }');
      assert.deepEqual(
        conditions.map((item) => item.label),
        ['"new"', '"used"', '"not_specified"'],
      );
      assert.match(documentation(conditions[1]!) ?? '', /at most 1 unit/);
    });

    it('offers the statuses an update may set, in an item file named after its id', async () => {
      const items = await complete(service, 'MLA1400000705.item.json', '{ "status": | }');
      assert.deepEqual(
        items.map((item) => [item.label, documentation(item)]),
        [
          ['"closed"', 'Closes an active or paused item: final, it cannot be reactivated.'],
          ['"paused"', 'Pauses an active item: hidden from other users; it can be reactivated.'],
          ['"active"', 'Reactivates a paused item.'],
        ],
      );
    });

    it('offers the fields of a new item, the required ones first, and no field the marketplace sets', async () => {
      const items = await complete(service, 'new-phone.item.json', '{\n  |\n}');
      const labels = items.map((item) => item.label);
      assert.deepEqual(labels, [
        'site_id',
        'title',
        'category_id',
        'price',
        'currency_id',
        'available_quantity',
        'buying_mode',
        'listing_type_id',
        'condition',
        'pictures',
        'sale_terms',
        'description',
        'attributes',
        'variations',
        'shipping',
        'seller_contact',
        'location',
        'coverage_areas',
        'video_id',
        'official_store_id',
        'tags',
        'seller_custom_field',
        'subtitle',
        'original_price',
        'accepts_platformpago',
        'non_platformpago_payment_methods',
        'international_delivery_mode',
        'warranty',
        'catalog_product_id',
        'automatic_relist',
        // The User Products flow's name, sent instead of title (the schema's structure adds it).
        'family_name',
      ]);
      for (const serverSet of SERVER_SET_FIELDS) assert.ok(!labels.includes(serverSet), serverSet);
      assert.match(documentation(items[1]!) ?? '', /Best as words separated by spaces, without symbols or punctuation/);
    });

    it('offers the snippet "New item" in an empty new item file, with the four required fields', async () => {
      const items = await complete(service, 'new-phone.item.json', '|');
      assert.deepEqual(
        items.map((item) => item.label),
        ['New item'],
      );
      const body = items[0]!.insertText ?? '';
      for (const field of ['title', 'category_id', 'price', 'currency_id'])
        assert.match(body, new RegExp(`"${field}"`));
      assert.match(body, /"price": \$\{3:350000\}/, 'numbers are inserted raw');
    });

    it('offers every PUT variant of the spec as a snippet in an empty item update file', async () => {
      const items = await complete(service, 'MLA1400000705.item.json', '|');
      assert.deepEqual(
        items.map((item) => item.label),
        [
          'Change title and price',
          'Change stock',
          'Pause',
          'Reactivate',
          'Close',
          'Delete a closed item',
          'Set availability time (MANUFACTURING_TIME)',
          'Remove availability time (MANUFACTURING_TIME)',
          'Set maximum purchase quantity (PURCHASE_MAX_QUANTITY)',
          'Seller custom field (SKU)',
        ],
      );
      const remove = items.find((item) => item.label.startsWith('Remove availability'));
      assert.match(remove?.insertText ?? '', /"value_id": null,\s*"value_name": null/);
    });

    it('offers the sale term ids inside a sale term, each with its meaning', async () => {
      const items = await complete(service, 'MLA1400000703.sale-terms.json', '{ "sale_terms": [ { "id": | } ] }');
      // The if/then rules of MANUFACTURING_TIME and PURCHASE_MAX_QUANTITY propose their ids first; VS Code sorts the
      // list by label anyway, so the set is what a person sees.
      assert.deepEqual(items.map((item) => item.label).sort(), SALE_TERM_IDS.map((id) => `"${id}"`).sort());
      for (const item of items) assert.ok(documentation(item), `${item.label} has no documentation`);
      const manufacturing = items.find((item) => item.label === '"MANUFACTURING_TIME"');
      assert.equal(documentation(manufacturing!), SALE_TERM_DOCS.MANUFACTURING_TIME);
      assert.match(documentation(manufacturing!) ?? '', /at most 45/);
    });

    it('offers "N días" values for MANUFACTURING_TIME and the sale-term snippets in the list', async () => {
      const values = await complete(
        service,
        'MLA1400000706.item.json',
        '{ "sale_terms": [ { "id": "MANUFACTURING_TIME", "value_name": | } ] }',
      );
      assert.deepEqual(
        values.map((item) => item.label),
        ['"30 días"', '"15 días"', 'null'],
      );
      const snippets = await complete(service, 'MLA1400000706.item.json', '{ "sale_terms": [ | ] }');
      assert.deepEqual(
        snippets.map((item) => item.label),
        ['MANUFACTURING_TIME', 'Remove MANUFACTURING_TIME', 'PURCHASE_MAX_QUANTITY', 'WARRANTY_TIME'],
      );
    });

    it('offers the measurement attributes inside a size chart', async () => {
      const items = await complete(
        service,
        'shirts.size-chart.json',
        '{ "name": "Remeras", "sizes": [ { "name": "M", "measurements": [ { "id": | } ] } ] }',
      );
      assert.deepEqual(
        items.map((item) => item.label),
        MEASUREMENT_IDS.map((id) => `"${id}"`),
      );
      assert.equal(documentation(items[1]!), 'Chest circumference (cm).');
    });

    it('offers the three ratings in a feedback file, and the two reservation snippets in an empty one', async () => {
      const ratings = await complete(service, '2195100001.feedback.json', '{ "fulfilled": true, "rating": | }');
      assert.deepEqual(
        ratings.map((item) => [item.label, documentation(item)]),
        [
          ['"positive"', 'Delivered: goes with fulfilled true.'],
          ['"neutral"', 'Returned: goes with fulfilled false; the reservation amount is refunded to the buyer.'],
          ['"negative"', 'Not used for reservations: a delivered one is positive and a returned one neutral.'],
        ],
      );
      const snippets = await complete(service, '2195100001.feedback.json', '|');
      assert.deepEqual(
        snippets.map((item) => [item.label, item.insertText]),
        [
          ['Delivered', '{\n\t"fulfilled": true,\n\t"rating": "positive"\n}'],
          ['Returned', '{\n\t"fulfilled": false,\n\t"rating": "neutral"\n}'],
        ],
      );
    });

    it('offers one snippet in each other empty payload file', async () => {
      const cases: [string, string][] = [
        ['MLA1400000703.sale-terms.json', 'Set availability time (MANUFACTURING_TIME)'],
        ['shirts.size-chart.json', 'New size chart'],
        ['510001.chart-items.json', 'Associate items'],
        ['2195100001.note.json', 'Note'],
        ['friend.blacklist.json', 'Block a user'],
      ];
      for (const [file, label] of cases) {
        const labels = (await complete(service, file, '|')).map((item) => item.label);
        assert.ok(labels.includes(label), `${file}: ${labels.join(', ')}`);
      }
    });
  });

  describe('hover', () => {
    it('explains a field in the spec’s words', async () => {
      const title = readable(await hover(service, 'new-phone.item.json', '{ "ti|tle": "Celular" }'));
      assert.match(
        title,
        /Required at creation, unless the User Products flow sends family_name instead\. Best as words separated by spaces, without symbols or punctuation/,
      );
      const field = readable(await hover(service, 'MLA1400000401.item.json', '{ "seller_custom|_field": "SKU-1" }'));
      assert.match(field, /Optional free string with no preset values; typically holds the seller’s own SKU\./);
      const note = readable(await hover(service, '2195100001.note.json', '{ "no|te": "…" }'));
      assert.match(note, /at most 300 characters/);
    });

    it('explains the value under the cursor', async () => {
      const term = readable(
        await hover(
          service,
          'MLA1400000703.sale-terms.json',
          '{ "sale_terms": [ { "id": "PURCHASE_MAX_QUA|NTITY" } ] }',
        ),
      );
      assert.match(term, /PURCHASE_MAX_QUANTITY`?: Maximum purchase quantity: a number sent as text, at most 18/);
      const mode = readable(await hover(service, 'new-car.item.json', '{ "buying_mode": "classi|fied" }'));
      assert.match(mode, /classified`?: Classified: buyer and seller get in touch/);
    });
  });
});
