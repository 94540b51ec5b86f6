import assert from 'node:assert/strict';
// @ts-expect-error: the language service's glob module ships no type declarations.
import { createRegex } from 'vscode-json-languageservice/lib/umd/utils/glob';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import {
  ANY_PAYLOAD_GLOB,
  anyCaseGlob,
  classifyPayloadFile,
  describePayloadFile,
  PAYLOAD_ACTIVATION_EVENTS,
  PAYLOAD_GLOBS,
  type PayloadKind,
} from '../../../src/model/payloadFiles';

describe('payload file names say which request they make', () => {
  const cases: [string, string | undefined][] = [
    ['MLA1234567.item.json', 'PUT /items/MLA1234567 (update)'],
    ['new-phone.item.json', 'POST /items (create)'],
    ['payloads/cars/MLB99887766.item.json', 'PUT /items/MLB99887766 (update)'],
    ['MLA1234567.sale-terms.json', 'PUT /items/MLA1234567 (update)'],
    ['shirts.size-chart.json', 'POST /size_charts (create)'],
    ['1200345.size-chart.json', 'PUT /size_charts/1200345 (update)'],
    ['1200345.chart-items.json', 'PUT /size_charts/1200345/items (update)'],
    ['2000001234.note.json', 'POST /orders/2000001234/notes (create)'],
    ['2000001234.feedback.json', 'POST /orders/2000001234/feedback (create)'],
    ['friend.blacklist.json', 'POST /users/{me}/order_blacklist (create)'],
    ['package.json', undefined],
    ['item.json', undefined],
  ];
  for (const [name, expected] of cases) {
    it(`${name} → ${expected ?? 'not a payload file'}`, () => {
      const file = classifyPayloadFile(name);
      assert.equal(file && describePayloadFile(file), expected);
    });
  }

  it('a sale-terms or note file without its target in the name says how to name it', () => {
    assert.match(classifyPayloadFile('terms.sale-terms.json')?.problem ?? '', /MLA1234567\.sale-terms\.json/);
    assert.match(classifyPayloadFile('hello.note.json')?.problem ?? '', /2000001234\.note\.json/);
  });
});

describe('payload file names are read in any case', () => {
  const same: [string, string][] = [
    ['X.ITEM.JSON', 'x.item.json'],
    ['Phone.Item.Json', 'phone.item.json'],
    ['MLA1400000401.ITEM.JSON', 'MLA1400000401.item.json'],
    ['MLA1400000401.Sale-Terms.Json', 'MLA1400000401.sale-terms.json'],
    ['510001.SIZE-CHART.JSON', '510001.size-chart.json'],
    ['Shirts.Size-Chart.json', 'shirts.size-chart.json'],
    ['510001.Chart-Items.JSON', '510001.chart-items.json'],
    ['2195100001.NOTE.json', '2195100001.note.json'],
    ['2195100001.Feedback.Json', '2195100001.feedback.json'],
    ['Spammer.BLACKLIST.JSON', 'spammer.blacklist.json'],
    ['Hello.NOTE.JSON', 'hello.note.json'],
  ];
  for (const [name, lower] of same) {
    it(`${name} makes the same request as ${lower}`, () => {
      assert.ok(classifyPayloadFile(name), name);
      assert.deepEqual(classifyPayloadFile(name), classifyPayloadFile(lower));
    });
  }

  it('an item id in the stem is read in any case and upper-cased, as the API writes item ids', () => {
    for (const name of [
      'mla1400000401.item.json',
      'mla1400000401.ITEM.JSON',
      'Mla1400000401.Item.Json',
      'MLA1400000401.item.json',
    ]) {
      const file = classifyPayloadFile(name);
      assert.equal(file?.target, 'MLA1400000401', name);
      assert.equal(file && describePayloadFile(file), 'PUT /items/MLA1400000401 (update)', name);
    }
    assert.equal(classifyPayloadFile('mlb4400000001.sale-terms.json')?.path, '/items/MLB4400000001');
  });

  it('a stem that is no item id in any case stays a creation; only ASCII letters count', () => {
    for (const stem of [
      'mla140000040l',
      'ml1400000401',
      'mlab1400000401',
      'mla123',
      '\u017Fla1400000401',
      'MLÑ1400000',
    ]) {
      const file = classifyPayloadFile(`${stem}.ITEM.json`);
      assert.equal(file?.action, 'create', stem);
      assert.equal(file?.target, undefined, stem);
    }
    // The Kelvin sign lower-cases to `k`, but no glob would match it: it is not `.blacklist.json`.
    assert.equal(classifyPayloadFile('x.blac\u212Alist.json'), undefined);
  });

  it('names that are not payload files stay so in any case', () => {
    for (const name of ['PACKAGE.JSON', 'ITEM.JSON', 'MLA1400000401.JSON', 'x.ITEMS.json', 'x.item.json.bak']) {
      assert.equal(classifyPayloadFile(name), undefined, name);
    }
  });
});

describe('payload globs match every case, as classifyPayloadFile does', () => {
  // The glob engine of the JSON language service (the one that routes contributes.jsonValidation).
  const regex = (glob: string) => createRegex(glob, { extended: true, globstar: true });

  it('anyCaseGlob turns each letter outside a class into both cases', () => {
    assert.equal(anyCaseGlob('*.item.json'), '*.[iI][tT][eE][mM].[jJ][sS][oO][nN]');
    assert.equal(anyCaseGlob('[A-Z]x-1.json'), '[A-Z][xX]-1.[jJ][sS][oO][nN]');
    assert.equal(PAYLOAD_GLOBS.saleTerms, '*.[sS][aA][lL][eE]-[tT][eE][rR][mM][sS].[jJ][sS][oO][nN]');
  });

  const names = [
    'x.item.json',
    'X.ITEM.JSON',
    'Phone.Item.Json',
    'mla1400000401.ITEM.JSON',
    '1.Sale-Terms.JSON',
    'a.SIZE-CHART.json',
    '1.chart-ITEMS.json',
    '1.Note.json',
    '1.feedBACK.json',
    'x.BlackList.Json',
    'package.json',
    'x.items.json',
    'ITEM.JSON',
  ];
  for (const name of names) {
    const kind = classifyPayloadFile(name)?.kind;
    it(`${name}: ${kind ?? 'no'} glob matches`, () => {
      const matching = (Object.entries(PAYLOAD_GLOBS) as [PayloadKind, string][])
        .filter(([, glob]) => regex(`**/${glob}`).test(`/work/${name}`))
        .map(([globKind]) => globKind);
      assert.deepEqual(matching, kind ? [kind] : []);
      assert.equal(regex(ANY_PAYLOAD_GLOB).test(`/work/${name}`), kind !== undefined, 'ANY_PAYLOAD_GLOB');
    });
  }

  it('the workspaceContains activation events are the globs in every folder', () => {
    assert.deepEqual(
      PAYLOAD_ACTIVATION_EVENTS,
      Object.values(PAYLOAD_GLOBS).map((glob) => `workspaceContains:**/${glob}`),
    );
    assert.ok(PAYLOAD_ACTIVATION_EVENTS.includes('workspaceContains:**/*.[iI][tT][eE][mM].[jJ][sS][oO][nN]'));
  });
});

describe('payload checks do not depend on the case of the name', () => {
  it('the analysis of an upper- or mixed-case file is that of the lower-case name', () => {
    const text = JSON.stringify({ title: 'Celular!!', price: -1, status: 'paused', sale_terms: 'x' }, null, 2);
    for (const [upper, lower] of [
      ['NEW-PHONE.ITEM.JSON', 'new-phone.item.json'],
      ['mla1400000401.Item.Json', 'MLA1400000401.item.json'],
      ['MLA1400000401.SALE-TERMS.JSON', 'MLA1400000401.sale-terms.json'],
      ['Hello.Note.Json', 'hello.note.json'],
    ]) {
      const expected = analyzePayload(lower!, text);
      assert.ok(expected.diagnostics.length > 0, lower);
      assert.deepEqual(analyzePayload(upper!, text), expected, upper);
    }
  });
});
