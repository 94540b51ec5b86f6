import assert from 'node:assert/strict';
import { getItem, updateItem } from '../../../../src/api/items';
import { searchOrders } from '../../../../src/api/orders';
import {
  type AnalysisDiagnostic,
  analyzePayload,
  LIVE_FAILED_CODE,
  OFFLINE_CODE,
  PARSE_ERROR_CODE,
  type PayloadAnalysis,
} from '../../../../src/features/authoring/analysis';
import { cleanTitle } from '../../../../src/features/authoring/fixes';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SECOND_USER_ID, SELLER_ID } from '../../../../src/sandbox/users/ids';
import { apiFailure } from '../../support/apiFailure';
import { useSandbox } from '../../support/sandbox';
import { analyzeLive, applyEdits, isValidJson, liveContextFor, underlined } from './support';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The one diagnostic with a code (fails when there is none or several). */
function only(analysis: PayloadAnalysis, code: string): AnalysisDiagnostic {
  const found = analysis.diagnostics.filter((entry) => entry.code === code);
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(analysis.diagnostics.map((entry) => entry.code))}`);
  return found[0]!;
}

const codes = (analysis: PayloadAnalysis) => analysis.diagnostics.map((entry) => entry.code);

/** Applies the first fix (or the one titled so) of a diagnostic. */
function applyFix(text: string, diagnostic: AnalysisDiagnostic, title?: string): string {
  const fix = title ? diagnostic.fixes?.find((entry) => entry.title === title) : diagnostic.fixes?.[0];
  assert.ok(
    fix,
    `a fix ${title ?? ''} on ${diagnostic.code}: ${JSON.stringify(diagnostic.fixes?.map((f) => f.title))}`,
  );
  const fixed = applyEdits(text, fix.edits);
  assert.ok(isValidJson(fixed), `the fix leaves valid JSON:\n${fixed}`);
  return fixed;
}

const NEW_ITEM = {
  title: 'Microondas Atma 20 Litros',
  category_id: 'MLA1577',
  price: 120000,
  currency_id: 'ARS',
  available_quantity: 3,
  condition: 'new',
};

describe('payload analysis: static rules (signed out)', () => {
  it('MANUFACTURING_TIME "46 días" is an error on the value, fixed by clamping to 45 días', () => {
    const text = json({ ...NEW_ITEM, sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] });
    const analysis = analyzePayload('microondas.item.json', text);
    const error = only(analysis, 'item.manufacturing_time.too_long');
    assert.equal(error.severity, 'error');
    assert.deepEqual(error.path, ['sale_terms', 0, 'value_name']);
    assert.equal(underlined(text, error.range), '"46 días"');
    assert.equal(
      error.range.start.line,
      text.split('\n').findIndex((line) => line.includes('46 días')),
    );
    assert.match(error.message, /may not exceed 45 días/);
    const fixed = applyFix(text, error, 'Clamp MANUFACTURING_TIME to 45 días');
    assert.equal(JSON.parse(fixed).sale_terms[0].value_name, '45 días');
    assert.ok(!codes(analyzePayload('microondas.item.json', fixed)).includes('item.manufacturing_time.too_long'));
  });

  it('a used item in MLA1322 with stock 2 breaks the used-stock limit; the fix sets 1', () => {
    const text = json({ ...NEW_ITEM, category_id: 'MLA1322', condition: 'used', available_quantity: 2 });
    const error = only(analyzePayload('horno.item.json', text), 'item.available_quantity.used_limit');
    assert.equal(underlined(text, error.range), '2');
    assert.match(error.message, /MLA1322.*at most 1 unit/);
    const fixed = applyFix(text, error);
    assert.equal(JSON.parse(fixed).available_quantity, 1);
    assert.deepEqual(
      codes(analyzePayload('horno.item.json', fixed)).filter((code) => code.startsWith('item.')),
      [],
    );
  });

  it('a unit the spec does not allow for MANUFACTURING_TIME offers días', () => {
    const text = json({ ...NEW_ITEM, sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '20 semanas' }] });
    const error = only(analyzePayload('x.item.json', text), 'item.sale_terms.unit_not_allowed');
    assert.equal(JSON.parse(applyFix(text, error, 'Use "20 días"')).sale_terms[0].value_name, '20 días');
  });

  it('required fields missing are shown on the opening brace, each with the spec reason', () => {
    const text = '{\n  "price": 10\n}';
    const analysis = analyzePayload('nuevo.item.json', text);
    for (const field of ['title', 'category_id', 'currency_id']) {
      const error = only(analysis, `item.${field}.required`);
      assert.equal(underlined(text, error.range), '{');
      assert.match(error.message, /required for every item creation/);
    }
  });

  it('title symbols are reported with a fix that keeps the words and the decimals', () => {
    const text = json({ ...NEW_ITEM, title: 'Microondas 2.0 ¡Oferta!! (20 L)' });
    const error = only(analyzePayload('x.item.json', text), 'item.title.invalid_characters');
    assert.equal(JSON.parse(applyFix(text, error)).title, 'Microondas 2.0 Oferta 20 L');
    assert.equal(cleanTitle('  Remera -- Talle M  '), 'Remera Talle M');
  });

  it('unknown fields are removed by their fix, leaving valid JSON (first, middle and last property)', () => {
    for (const position of ['first', 'middle', 'last'] as const) {
      const entries = Object.entries(NEW_ITEM);
      const at = position === 'first' ? 0 : position === 'middle' ? 3 : entries.length;
      entries.splice(at, 0, ['colour', 'red']);
      const text = json(Object.fromEntries(entries));
      const error = only(analyzePayload('x.item.json', text), 'item.field.unknown');
      assert.equal(underlined(text, error.range), '"red"');
      assert.deepEqual(JSON.parse(applyFix(text, error, 'Remove colour')), NEW_ITEM);
    }
  });

  it('an update file names the checks that need the API in one information diagnostic at the top', () => {
    const text = json({ title: 'Nuevo titulo', price: 10 });
    const analysis = analyzePayload(`${ITEM.PHONE_WITH_SALES}.item.json`, text);
    const info = only(analysis, OFFLINE_CODE);
    assert.equal(info.severity, 'info');
    assert.equal(info.range.start.line, 0);
    assert.match(info.message, /^Category sale terms and editability against the live item are checked when signed in/);
    assert.deepEqual(analysis.needsApi, ['category sale terms', 'editability against the live item']);
    assert.deepEqual(analysis.requests, []);
    // Without the live item the title change cannot be judged: no editability error is invented.
    assert.ok(!codes(analysis).includes('item.title.not_modifiable'));
  });

  it('read-only fields of an update are refused offline, with a removal fix', () => {
    const text = json({ price: 10, category_id: 'MLA1055' });
    const error = only(analyzePayload(`${ITEM.PHONE_NO_SALES}.item.json`, text), 'item.category_id.read_only');
    assert.match(error.message, /category is fixed at creation/);
    assert.deepEqual(JSON.parse(applyFix(text, error)), { price: 10 });
  });

  it('shipping dimensions are checked in the HxWxL,W format', () => {
    const text = json({ ...NEW_ITEM, shipping: { mode: 'me2', dimensions: '10x10,500' } });
    const error = only(analyzePayload('x.item.json', text), 'INVALID_DIMENSIONS');
    assert.deepEqual(error.path, ['shipping', 'dimensions']);
    assert.match(error.message, /10x10x20,500/);
  });

  it('invalid JSON gives syntax diagnostics and never throws, whatever prefix of a payload is open', () => {
    const text = json({ ...NEW_ITEM, sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] });
    for (let end = 0; end <= text.length; end += 1) {
      const analysis = analyzePayload('x.item.json', text.slice(0, end));
      if (end < text.length) assert.ok(codes(analysis).includes(PARSE_ERROR_CODE), `syntax error at ${end}`);
    }
    const trailing = '{\n  "title": "Horno",\n  "price": 1,\n}';
    const analysis = analyzePayload('x.item.json', trailing);
    const syntax = analysis.diagnostics.filter((entry) => entry.code === PARSE_ERROR_CODE);
    assert.equal(syntax.length, 1, 'one error for one trailing comma');
    assert.equal(syntax[0]!.range.start.line, 3);
    // A file that does not parse shows no "required" errors for what may be a half-typed line.
    assert.ok(!codes(analysis).some((code) => code.endsWith('.required')));
    const commented = analyzePayload('x.note.json', '{ // mine\n "note": "hola" }');
    assert.match(commented.diagnostics[0]!.message, /Comments are not allowed/);
    assert.match(analyzePayload('x.note.json', '').diagnostics[0]!.message, /empty/);
  });

  it('a sale-terms file must be the object {"sale_terms": […]}; a bare array is wrapped by its fix', () => {
    const name = `${ITEM.PHONE_NO_SALES}.sale-terms.json`;
    const text = json([{ id: 'MANUFACTURING_TIME', value_name: '50 días' }]);
    const analysis = analyzePayload(name, text);
    const wrap = only(analysis, 'payload.sale_terms.not_wrapped');
    // The rules still run, at the right place of the bare array.
    assert.deepEqual(only(analysis, 'item.manufacturing_time.too_long').path, [0, 'value_name']);
    const fixed = applyFix(text, wrap);
    assert.deepEqual(JSON.parse(fixed), { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '50 días' }] });
    const extra = json({ sale_terms: [], price: 3 });
    const error = only(analyzePayload(name, extra), 'payload.sale_terms.extra_field');
    assert.match(error.message, new RegExp(`${ITEM.PHONE_NO_SALES}\\.item\\.json`));
    assert.deepEqual(JSON.parse(applyFix(extra, error)), { sale_terms: [] });
  });

  it('a repeated sale term is removed by its fix', () => {
    const text = json({
      ...NEW_ITEM,
      sale_terms: [
        { id: 'WARRANTY_TIME', value_name: '6 meses' },
        { id: 'WARRANTY_TIME', value_name: '12 meses' },
      ],
    });
    const error = only(analyzePayload('x.item.json', text), 'item.sale_terms.duplicated');
    assert.deepEqual(JSON.parse(applyFix(text, error)).sale_terms, [{ id: 'WARRANTY_TIME', value_name: '6 meses' }]);
  });

  it('notes, feedback, blacklist and size charts run their rules at their paths', () => {
    const note = analyzePayload('2000001234.note.json', json({ note: 'x'.repeat(301) }));
    assert.match(only(note, 'order.note.too_long').message, /at most 300 characters; this one has 301/);
    const feedbackText = json({ fulfilled: false, rating: 'positive' });
    const mismatch = only(analyzePayload('2000001234.feedback.json', feedbackText), 'order.feedback.rating_mismatch');
    assert.equal(JSON.parse(applyFix(feedbackText, mismatch)).rating, 'neutral');
    const blacklist = analyzePayload('rival.blacklist.json', json({ user_id: 'abc' }));
    assert.ok(codes(blacklist).includes('blacklist.user_id_type'));
    assert.match(only(blacklist, OFFLINE_CODE).message, /not blocking yourself/);
    const chart = analyzePayload(
      'remeras.size-chart.json',
      json({
        name: 'Remeras',
        sizes: [
          { name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '92' }] },
          { name: 'm', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '94 - 90' }] },
        ],
      }),
    );
    assert.deepEqual(only(chart, 'DUPLICATE_SIZE_VALIDATION').path, ['sizes', 1, 'name']);
    assert.deepEqual(only(chart, 'INVALID_MEASUREMENT_VALUE').path, ['sizes', 1, 'measurements', 0, 'value']);
    // Malformed parts never reach the rules as anything but strings and arrays.
    const odd = analyzePayload('x.size-chart.json', json({ name: 3, sizes: [7, { measurements: 'no' }] }));
    assert.ok(codes(odd).includes('MEASUREMENT_NOT_ALLOWED'));
  });

  it('a file whose name lacks its target says how to name it', () => {
    const analysis = analyzePayload('terms.sale-terms.json', json({ sale_terms: [] }));
    assert.match(only(analysis, 'payload.file_name').message, /MLA1234567\.sale-terms\.json/);
    assert.deepEqual(analyzePayload('package.json', '{').diagnostics, []);
  });
});

describe('payload analysis against the live sandbox', () => {
  const harness = useSandbox();

  it('starts with what is cached, asks for what it lacks, and judges once it arrived', async () => {
    const { live } = await liveContextFor(harness);
    const text = json({ ...NEW_ITEM, sale_terms: [{ id: 'WARRANTY_TIME', value_name: '6 semanas' }] });
    const first = analyzePayload('x.item.json', text, live.snapshot());
    assert.deepEqual(first.requests, [
      { kind: 'category', id: 'MLA1577' },
      { kind: 'site', id: 'MLA' },
    ]);
    assert.deepEqual(first.needsApi, [], 'signed in: no offline note');
    assert.ok(!codes(first).includes(OFFLINE_CODE));
    assert.ok(!codes(first).includes('item.sale_terms.unit_not_allowed'), 'WARRANTY_TIME units are the category’s');
    const settled = await analyzeLive(live, 'x.item.json', text);
    assert.deepEqual(settled.requests, []);
    const error = only(settled, 'item.sale_terms.unit_not_allowed');
    assert.match(error.message, /días, meses, años/);
    assert.deepEqual(
      error.fixes?.map((fix) => [fix.title, fix.preferred]),
      [
        ['Use "6 meses"', true],
        ['Use "6 días"', false],
        ['Use "6 años"', false],
      ],
    );
  });

  it('category sale terms: MANUFACTURING_TIME where the category does not list it, unknown categories', async () => {
    const { live } = await liveContextFor(harness);
    const book = json({
      ...NEW_ITEM,
      category_id: 'MLA3025',
      sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '10 días' }],
    });
    const analysis = await analyzeLive(live, 'libro.item.json', book);
    const error = only(analysis, 'item.manufacturing_time.not_in_category');
    assert.deepEqual(JSON.parse(applyFix(book, error, 'Remove the sale term MANUFACTURING_TIME')).sale_terms, []);
    // The sandbox holds part of the tree: a well-formed id of the site it does not know is a hint, the API decides.
    const unknown = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, category_id: 'MLA999' }));
    const hint = only(unknown, 'item.category_id.unknown_to_sandbox');
    assert.equal(hint.severity, 'info');
    assert.match(hint.message, /local sandbox does not know category MLA999.*real API decides/);
    const foreign = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, category_id: 'MLB1055' }));
    assert.match(only(foreign, 'item.category_id.other_site').message, /belongs to site MLB.*listed on MLA/);
    const named = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, category_id: 'Celulares' }));
    assert.match(only(named, 'item.category_id.invalid').message, /only preset category ids/);
    const euros = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, currency_id: 'EUR' }));
    assert.match(only(euros, 'item.currency_id.invalid').message, /ARS, USD/);
  });

  it('known values: an unknown listing type is a hint offline, a Warning when the live site lacks it, nothing when it has it', async () => {
    const { live } = await liveContextFor(harness);
    const diamond = json({ ...NEW_ITEM, listing_type_id: 'diamond' });
    const offline = only(analyzePayload('x.item.json', diamond), 'item.listing_type_id.unknown_value');
    assert.equal(offline.severity, 'info');
    assert.match(
      offline.message,
      /`diamond` is not a listing type the spec names.*GET \/sites\/\{site_id\}\/listing_types/,
    );
    const first = analyzePayload('x.item.json', diamond, live.snapshot());
    assert.ok(first.requests.some((request) => request.kind === 'listingTypes' && request.id === 'MLA'));
    const lacking = only(await analyzeLive(live, 'x.item.json', diamond), 'item.listing_type_id.not_on_site');
    assert.equal(lacking.severity, 'warning');
    assert.match(
      lacking.message,
      /`diamond` is not a listing type of site MLA: GET \/sites\/MLA\/listing_types lists `gold_pro`/,
    );
    const premium = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, listing_type_id: 'gold_pro' }));
    assert.deepEqual(
      codes(premium).filter((code) => code.startsWith('item.listing_type_id')),
      [],
    );
    // MLU unified its listing types (2023-11-15): gold_pro is known, but not MLU's.
    const uruguay = json({ ...NEW_ITEM, site_id: 'MLU', category_id: 'MLU1051', listing_type_id: 'gold_pro' });
    assert.equal(
      only(await analyzeLive(live, 'x.item.json', uruguay), 'item.listing_type_id.not_on_site').severity,
      'warning',
    );
    // An update of a live item checks against the item's own site.
    const update = await analyzeLive(live, `${ITEM.PHONE_FLEX}.item.json`, json({ listing_type_id: 'diamond' }));
    assert.equal(only(update, 'item.listing_type_id.not_on_site').severity, 'warning');
    // A file without a listing type asks for no list.
    assert.ok(
      !analyzePayload('x.item.json', json(NEW_ITEM), live.snapshot()).requests.some((r) => r.kind === 'listingTypes'),
    );
  });

  it('the mandatory payment flow of the site: refusing the platform has no effect on a new MLA item', async () => {
    const { live } = await liveContextFor(harness);
    const text = json({ ...NEW_ITEM, accepts_platformpago: false });
    const analysis = await analyzeLive(live, 'x.item.json', text);
    const warning = only(analysis, 'payment.mandatory_flow.platform_refused');
    assert.equal(warning.severity, 'warning');
    assert.match(warning.message, /products with condition new/);
    assert.ok(!codes(analysis).includes('payment.mandatory_flow'), 'that the flow applies is no fault of the file');
    const used = await analyzeLive(live, 'x.item.json', json({ ...NEW_ITEM, condition: 'used' }));
    assert.deepEqual(codes(used), []);
  });

  it('a title change on a sold item is the editability error the sandbox also answers', async () => {
    const { live } = await liveContextFor(harness);
    const item = await getItem(harness.client, ITEM.PHONE_WITH_SALES);
    assert.ok((item.sold_quantity ?? 0) > 0);
    const text = json({ title: 'Celular Samsung Galaxy A55 Negro', price: item.price });
    const analysis = await analyzeLive(live, `${ITEM.PHONE_WITH_SALES}.item.json`, text);
    const error = only(analysis, 'item.title.not_modifiable');
    assert.equal(underlined(text, error.range), '"Celular Samsung Galaxy A55 Negro"');
    assert.match(error.message, /sold_quantity 9/);
    assert.deepEqual(JSON.parse(applyFix(text, error, 'Remove title')), { price: item.price });
    const refused = await apiFailure(
      updateItem(harness.client, ITEM.PHONE_WITH_SALES, { title: 'Celular Samsung Galaxy A55 Negro' }),
    );
    assert.ok(refused.causes.some((cause) => cause.code === 'item.title.not_modifiable'));
    // The same change on an item without sales is fine.
    const unsold = await analyzeLive(live, `${ITEM.PHONE_NO_SALES}.item.json`, json({ title: 'Celular Moto G24' }));
    assert.deepEqual(codes(unsold), []);
  });

  it('the status table and ownership of the live item, and items that do not exist', async () => {
    const { live } = await liveContextFor(harness);
    const closed = await analyzeLive(live, `${ITEM.CLOSED_EXPIRED}.item.json`, json({ price: 100 }));
    assert.ok(closed.diagnostics.some((entry) => entry.severity === 'error' && entry.code.startsWith('item.status')));
    const foreign = await analyzeLive(live, `${ITEM.MLB_PHONE}.item.json`, json({ price: 100 }));
    assert.match(only(foreign, 'payload.item.not_yours').message, /only its seller can modify it/);
    const missing = await analyzeLive(live, 'MLA1999999999.item.json', json({ price: 100 }));
    const error = only(missing, 'payload.item.not_found');
    assert.equal(error.range.start.line, 0);
    assert.match(error.message, /not found on the local sandbox.*new-phone\.item\.json/);
  });

  it('a sale-terms file is judged with the live item: MANUFACTURING_TIME on a flex item', async () => {
    const { live } = await liveContextFor(harness);
    const text = json({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '20 días' }] });
    const analysis = await analyzeLive(live, `${ITEM.PHONE_FLEX}.sale-terms.json`, text);
    const error = only(analysis, 'item.manufacturing_time.flex_not_allowed');
    assert.deepEqual(error.path, ['sale_terms', 0, 'id']);
    const ok = await analyzeLive(live, `${ITEM.PHONE_NO_SALES}.sale-terms.json`, text);
    assert.deepEqual(codes(ok), []);
  });

  it('chart items: each must exist, be yours and have a complete SIZE attribute', async () => {
    const { live } = await liveContextFor(harness);
    const text = json({
      items: [ITEM.TSHIRT_M, ITEM.TSHIRT_NO_SIZE, ITEM.MLB_PHONE, 'MLA1999999999', ITEM.TSHIRT_M],
    });
    const analysis = await analyzeLive(live, '1200345.chart-items.json', text);
    assert.deepEqual(only(analysis, 'SIZE_ATTRIBUTE_INCOMPLETE').path, ['items', 1]);
    assert.deepEqual(only(analysis, 'chart_items.not_yours').path, ['items', 2]);
    assert.deepEqual(only(analysis, 'chart_items.item_not_found').path, ['items', 3]);
    const repeated = only(analysis, 'chart_items.duplicated');
    assert.deepEqual(repeated.path, ['items', 4]);
    assert.equal(JSON.parse(applyFix(text, repeated)).items.length, 4);
  });

  it("size charts: measurement ids must be the site's", async () => {
    const { live } = await liveContextFor(harness);
    const text = json({ name: 'Remeras', sizes: [{ name: 'M', measurements: [{ id: 'WINGSPAN', value: '150' }] }] });
    const analysis = await analyzeLive(live, 'remeras.size-chart.json', text);
    assert.match(only(analysis, 'MEASUREMENT_NOT_FOUND').message, /GET \/size_charts\/measurements\?site_id=MLA/);
  });

  it('orders: notes on orders that do not exist, feedback on orders that are not paid', async () => {
    const { live } = await liveContextFor(harness);
    const note = await analyzeLive(live, '2999999999.note.json', json({ note: 'Llamar al comprador' }));
    assert.match(only(note, 'payload.order.not_found').message, /2999999999/);
    const cancelled = await searchOrders(harness.client, { seller: SELLER_ID, status: 'cancelled' });
    const order = cancelled.results[0];
    assert.ok(order, 'the seeded data has a cancelled order');
    const feedback = await analyzeLive(
      live,
      `${order.id}.feedback.json`,
      json({ fulfilled: true, rating: 'positive' }),
    );
    const error = only(feedback, 'order.feedback.not_paid');
    assert.match(error.message, new RegExp(`^Order ${order.id}: Feedback is accepted on paid orders only`));
  });

  it('blacklist: blocking yourself is refused once the account is known', async () => {
    const { live } = await liveContextFor(harness);
    const self = await analyzeLive(live, 'me.blacklist.json', json({ user_id: SELLER_ID }));
    assert.ok(codes(self).includes('blacklist.self'));
    assert.deepEqual(codes(await analyzeLive(live, 'x.blacklist.json', json({ user_id: SECOND_USER_ID }))), []);
  });

  it('a load that fails is said once at the top, and the static rules still run', async () => {
    await harness.admin('POST', '/_sandbox/faults', { path: '/categories/*', status: 503 });
    const { live } = await liveContextFor(harness, { client: harness.clientWith({ retryLimit: 0 }) });
    const text = json({ ...NEW_ITEM, sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] });
    const analysis = await analyzeLive(live, 'x.item.json', text);
    const info = only(analysis, LIVE_FAILED_CODE);
    assert.match(info.message, /^Could not load the sale terms of category MLA1577 from the local sandbox: .*503/);
    assert.ok(codes(analysis).includes('item.manufacturing_time.too_long'));
    assert.deepEqual(analysis.requests, [], 'a failure is not asked again at once');
  });
});
