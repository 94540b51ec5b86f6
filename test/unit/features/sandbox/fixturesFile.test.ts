import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import {
  countsText,
  exportedMessage,
  FIXTURES_FILE_NAME,
  fixturesCounts,
  fixturesDialogFilters,
  fixturesText,
  isFixturesFileName,
  tokenIn,
  withFixturesSuffix,
} from '../../../../src/features/sandbox/fixturesFile';
import { FIXTURES_SCHEMA_REF } from '../../../../src/sandbox/fixtures';
import { createJsonService, textDocument, validate } from '../../schemas/jsonService';

describe('the exported fixtures file', () => {
  describe('its name', () => {
    it('the dialog offers marketplace-sandbox.fixtures.json, a name the fixtures schema applies to', () => {
      assert.equal(FIXTURES_FILE_NAME, 'marketplace-sandbox.fixtures.json');
      assert.ok(isFixturesFileName(FIXTURES_FILE_NAME));
      assert.ok(isFixturesFileName('Shop.FIXTURES.JSON'));
      for (const name of ['fixtures.json', 'shop.json', 'shop.fixtures.json.bak', 'shop-fixtures.json']) {
        assert.ok(!isFixturesFileName(name), name);
      }
    });

    it('the save dialog’s filter keeps the name as typed: each extension is what follows the last dot', () => {
      // VS Code's own dialog appends the first extension to a name whose text after its last dot is not listed.
      const lastExtension = FIXTURES_FILE_NAME.slice(FIXTURES_FILE_NAME.lastIndexOf('.') + 1);
      for (const extensions of Object.values(fixturesDialogFilters())) {
        for (const extension of extensions) assert.doesNotMatch(extension, /\./, extension);
        assert.ok(extensions.includes(lastExtension), 'the default name is kept as it is');
      }
    });

    it('a name chosen without the ending gets it, once', () => {
      assert.equal(withFixturesSuffix('shop.json'), 'shop.fixtures.json');
      assert.equal(withFixturesSuffix('shop.JSON'), 'shop.fixtures.json');
      assert.equal(withFixturesSuffix('shop'), 'shop.fixtures.json');
      assert.equal(withFixturesSuffix('shop.fixtures.json'), 'shop.fixtures.json');
      assert.equal(withFixturesSuffix('fixtures.json'), 'fixtures.fixtures.json');
    });
  });

  describe('its text', () => {
    const document = {
      $schema: 'https://marketplace-integrator.dev/schemas/sandbox-fixtures.schema.json',
      default_data: 'none',
      items: [{ id: 'MLA1', title: 'Sedán', price: 100 }],
      orders: [],
    };

    it('is the sandbox’s document pretty-printed with two spaces and a final newline, without $schema', () => {
      const text = fixturesText(document);
      assert.equal(
        text,
        '{\n  "default_data": "none",\n  "items": [\n    {\n      "id": "MLA1",\n      "title": "Sedán",\n      "price": 100\n    }\n  ],\n  "orders": []\n}\n',
      );
      assert.deepEqual(JSON.parse(text), { default_data: 'none', items: document.items, orders: [] });
      assert.ok('$schema' in document, 'the document given is left as it was');
    });

    it('why no $schema: in VS Code a $schema wins over the schema the extension contributes for the name', async () => {
      // vscode-json-languageservice (VS Code's JSON extension) reads `$schema` first and the `jsonValidation`
      // association only without it: a URL the editor cannot load leaves the file unchecked, with a load error.
      const service = createJsonService();
      const body = '"note": 5}';
      const associated = await validate(service, textDocument('orders/2000001.note.json', `{${body}`));
      assert.ok(
        associated.some((problem) => problem.path === '$.note'),
        'the contributed note schema checks the file',
      );
      const withSchema = await validate(
        service,
        textDocument(
          'orders/2000001.note.json',
          `{"$schema": "https://marketplace-integrator.dev/schemas/note.schema.json", ${body}`,
        ),
      );
      assert.ok(!withSchema.some((problem) => problem.path === '$.note'), JSON.stringify(withSchema));
      assert.ok(
        withSchema.some((problem) => /load/i.test(problem.message)),
        `a load problem instead: ${JSON.stringify(withSchema)}`,
      );
      // The sandbox's own document names the schema beside the file (where the package ships it); in a workspace
      // there is none beside it, so that `$schema` too would be a load problem.
      const exported = await validate(
        service,
        textDocument(FIXTURES_FILE_NAME, `{"$schema": ${JSON.stringify(FIXTURES_SCHEMA_REF)}, "items": []}`),
      );
      assert.ok(
        exported.some((problem) => problem.path === '$.$schema' && /load/i.test(problem.message)),
        JSON.stringify(exported),
      );
    });
  });

  describe('what the notification says', () => {
    it('counts each list of the document (a list it lacks, or one of another type, is 0)', () => {
      assert.deepEqual(
        fixturesCounts({ items: [{}, {}], orders: [{}], size_charts: [], blacklist: [{}], campaigns: 'x' }),
        { items: 2, orders: 1, size_charts: 0, blacklist: 1, campaigns: 0 },
      );
      assert.deepEqual(fixturesCounts(null), { items: 0, orders: 0, size_charts: 0, blacklist: 0, campaigns: 0 });
      const inherited = Object.create({ items: [{}, {}, {}] }) as object;
      assert.equal(fixturesCounts(inherited).items, 0, 'an inherited list is not the document’s');
    });

    it('names listings and orders always, the other lists when they hold some, in plain English', () => {
      assert.equal(countsText({ items: 0, orders: 0 }), '0 listings and 0 orders');
      assert.equal(
        countsText({ items: 1, orders: 12, size_charts: 0, campaigns: 2 }),
        '1 listing, 12 orders and 2 campaigns',
      );
      assert.equal(
        countsText({ items: 1200, orders: 3, size_charts: 1, blacklist: 2, campaigns: 1 }),
        '1,200 listings, 3 orders, 1 size chart, 2 blacklisted buyers and 1 campaign',
      );
    });

    it('says where it wrote, and with a scale that the generated records are not in the file', () => {
      const counts = { items: 5, orders: 12 };
      assert.equal(
        exportedMessage(counts, 'ci/shop.fixtures.json'),
        'Exported 5 listings and 12 orders to ci/shop.fixtures.json.',
      );
      const scaled = exportedMessage(counts, 'shop.fixtures.json', 1000);
      assert.match(scaled, /^Exported 5 listings and 12 orders to shop\.fixtures\.json\. /);
      assert.match(scaled, /1,000 generated listings and their orders .* are not exported/);
    });
  });

  it('counts and says the export in Portuguese: a whole message per form, figures and “e” as pt-BR writes them', () => {
    l10n.config({
      contents: {
        '{0} listing': '{0} anúncio',
        '{0} listings': '{0} anúncios',
        '{0} order': '{0} pedido',
        '{0} orders': '{0} pedidos',
        '{0} campaign': '{0} campanha',
        '{0} campaigns': '{0} campanhas',
        '{0} and {1}': '{0} e {1}',
        'Exported {0} to {1}. The {2} generated listings and their orders (marketplace.sandbox.scale) are not exported, only the data stored.':
          'Exportados {0} para {1}. Os {2} anúncios gerados e seus pedidos (marketplace.sandbox.scale) não são exportados, apenas os dados armazenados.',
      },
    });
    try {
      assert.equal(
        countsText({ items: 12_000, orders: 1, campaigns: 2 }, 'pt-BR'),
        '12.000 anúncios, 1 pedido e 2 campanhas',
      );
      assert.equal(
        exportedMessage({ items: 1, orders: 0 }, 'loja.fixtures.json', 1000, 'pt-BR'),
        'Exportados 1 anúncio e 0 pedidos para loja.fixtures.json. Os 1.000 anúncios gerados e seus pedidos (marketplace.sandbox.scale) não são exportados, apenas os dados armazenados.',
      );
    } finally {
      l10n.config({ contents: {} });
    }
  });

  it('tokenIn finds a known token in the text, and only a real one', () => {
    assert.equal(tokenIn('{"a": "SBX-123"}', ['SBX-999', 'SBX-123']), 'SBX-123');
    assert.equal(tokenIn('{"a": "SBX-123"}', ['SBX-999', '']), undefined);
    assert.equal(tokenIn('{}', []), undefined);
  });
});
