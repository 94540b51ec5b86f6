import assert from 'node:assert/strict';
import { getCategorySaleTerms, getItem } from '../../../../src/api/items';
import { getMeasurements } from '../../../../src/api/sizeCharts';
import { suggestionsAt } from '../../../../src/features/authoring/suggestions';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { useSandbox } from '../../support/sandbox';
import { applyEdits, hoverLive, liveContextFor, offsetAfter, suggestLive, underlined } from './support';

const item = (saleTerms: string) =>
  `{\n  "title": "Microondas Atma",\n  "category_id": "MLA1577",\n  "price": 100,\n  "currency_id": "ARS",\n  "sale_terms": [${saleTerms}]\n}`;

describe('payload completion and hover against the live sandbox', () => {
  const harness = useSandbox();

  it("inside sale_terms[].id: exactly the category's sale term ids, replacing the whole string", async () => {
    const { live } = await liveContextFor(harness);
    const text = item('{ "id": "MA" }');
    const offset = offsetAfter(text, '"id": "MA');
    const result = await suggestLive(live, 'microondas.item.json', text, offset);
    const expected = (await getCategorySaleTerms(harness.client, 'MLA1577')).map((definition) => definition.id);
    assert.deepEqual(result.suggestions.map((entry) => entry.label).sort(), [...expected].sort());
    const manufacturing = result.suggestions.find((entry) => entry.label === 'MANUFACTURING_TIME')!;
    assert.equal(underlined(text, manufacturing.replace), '"MA"');
    assert.match(manufacturing.documentation ?? '', /allowed units \| `días`/);
    const applied = applyEdits(text, [{ ...manufacturing.replace, newText: manufacturing.insertText }]);
    assert.equal(JSON.parse(applied).sale_terms[0].id, 'MANUFACTURING_TIME');
  });

  it('right after "id": nothing typed yet, the ids are inserted at the cursor', async () => {
    const { live } = await liveContextFor(harness);
    const text = item('{ "id": }');
    const result = await suggestLive(live, 'x.item.json', text, offsetAfter(text, '"id": '));
    assert.equal(result.suggestions.length, 16);
    assert.equal(result.suggestions[0]!.replace.length, 0);
  });

  it('inside value_name: list values, and the allowed units after the number typed', async () => {
    const { live } = await liveContextFor(harness);
    const invoice = item('{ "id": "INVOICE", "value_name": "" }');
    const values = await suggestLive(live, 'x.item.json', invoice, offsetAfter(invoice, '"value_name": "'));
    assert.deepEqual(
      values.suggestions.map((entry) => entry.label),
      ['Factura A', 'Factura B', 'Factura C'],
    );
    const warranty = item('{ "id": "WARRANTY_TIME", "value_name": "6 " }');
    const units = await suggestLive(live, 'x.item.json', warranty, offsetAfter(warranty, '"value_name": "6 '));
    assert.deepEqual(
      units.suggestions.map((entry) => [entry.insertText, entry.preselect]),
      [
        ['"6 días"', false],
        ['"6 meses"', true],
        ['"6 años"', false],
      ],
    );
    const empty = item('{ "id": "MANUFACTURING_TIME", "value_name": "" }');
    const snippet = await suggestLive(live, 'x.item.json', empty, offsetAfter(empty, '"value_name": "'));
    assert.deepEqual(
      snippet.suggestions.map((entry) => [entry.insertText, entry.snippet, entry.detail]),
      [[`"\${1:30} días"`, true, 'MANUFACTURING_TIME in días (at most 45)']],
    );
    // Past the limit the suggestion is the longest time allowed, never the refused value.
    const tooLong = item('{ "id": "MANUFACTURING_TIME", "value_name": "46 " }');
    const clamped = await suggestLive(live, 'x.item.json', tooLong, offsetAfter(tooLong, '"value_name": "46 '));
    assert.deepEqual(
      clamped.suggestions.map((entry) => [entry.insertText, entry.detail]),
      [['"45 días"', 'MANUFACTURING_TIME may not exceed 45 días']],
    );
    const withinLimit = item('{ "id": "MANUFACTURING_TIME", "value_name": "45 " }');
    const kept = await suggestLive(live, 'x.item.json', withinLimit, offsetAfter(withinLimit, '"value_name": "45 '));
    assert.deepEqual(
      kept.suggestions.map((entry) => entry.insertText),
      ['"45 días"'],
    );
  });

  it('in an update file the sale terms are those of the live item’s category', async () => {
    const { live } = await liveContextFor(harness);
    const phone = await getItem(harness.client, ITEM.PHONE_NO_SALES);
    const text = '{\n  "sale_terms": [\n    { "id": "" }\n  ]\n}';
    const result = await suggestLive(
      live,
      `${ITEM.PHONE_NO_SALES}.sale-terms.json`,
      text,
      offsetAfter(text, '"id": "'),
    );
    const expected = (await getCategorySaleTerms(harness.client, phone.category_id)).map((entry) => entry.id);
    assert.deepEqual(
      result.suggestions.map((entry) => entry.label),
      expected,
    );
  });

  it('in an empty sale_terms array: whole terms as snippets', async () => {
    const { live } = await liveContextFor(harness);
    const text = item('');
    const result = await suggestLive(live, 'x.item.json', text, offsetAfter(text, '"sale_terms": ['));
    const term = result.suggestions.find((entry) => entry.filterText === 'WARRANTY_TIME');
    assert.equal(term?.insertText, `{ "id": "WARRANTY_TIME", "value_name": "\${1:1} meses" }`);
  });

  it("size charts: the site's measurement ids", async () => {
    const { live } = await liveContextFor(harness);
    const text = '{ "name": "Remeras", "sizes": [{ "name": "M", "measurements": [{ "id": "" }] }] }';
    const result = await suggestLive(live, 'remeras.size-chart.json', text, offsetAfter(text, '"id": "'));
    const expected = (await getMeasurements(harness.client, 'MLA')).map((entry) => entry.id);
    assert.deepEqual(
      result.suggestions.map((entry) => entry.label),
      expected,
    );
  });

  it("chart items: the seller's listings not already in the list, with their titles", async () => {
    const { live } = await liveContextFor(harness);
    const text = `{ "items": ["${ITEM.TSHIRT_M}", ""] }`;
    const result = await suggestLive(live, '1200345.chart-items.json', text, offsetAfter(text, ', "'));
    const labels = result.suggestions.map((entry) => entry.label);
    assert.ok(labels.includes(ITEM.TSHIRT_L));
    assert.ok(!labels.includes(ITEM.TSHIRT_M), 'an item already listed is not offered again');
    const shirt = await getItem(harness.client, ITEM.TSHIRT_L);
    assert.match(
      result.suggestions.find((entry) => entry.label === ITEM.TSHIRT_L)?.detail ?? '',
      new RegExp(shirt.title),
    );
  });

  it('hover on a sale term id shows its definition; on a listed item its title and SIZE', async () => {
    const { live } = await liveContextFor(harness);
    const text = item('{ "id": "MANUFACTURING_TIME", "value_name": "30 días" }');
    const hover = await hoverLive(live, 'x.item.json', text, offsetAfter(text, '"id": "MANUF'));
    assert.ok(hover);
    assert.equal(underlined(text, hover.range), '"MANUFACTURING_TIME"');
    assert.match(hover.markdown, /\*\*MANUFACTURING_TIME\*\* · Tiempo de elaboración/);
    assert.match(hover.markdown, /at most 45 días/);
    assert.match(hover.markdown, /GET \/categories\/MLA1577\/sale_terms/);
    const chart = `{ "items": ["${ITEM.TSHIRT_NO_SIZE}"] }`;
    const itemHover = await hoverLive(live, '1.chart-items.json', chart, offsetAfter(chart, '"MLA14'));
    assert.match(itemHover?.markdown ?? '', /SIZE missing/);
  });

  it('signed out, completion says what it needs instead of guessing', () => {
    const text = item('{ "id": "" }');
    const result = suggestionsAt('x.item.json', text, offsetAfter(text, '"id": "'));
    assert.deepEqual(result.suggestions, []);
    assert.deepEqual(result.waitingFor, ['Sign in to complete the sale terms of the category']);
  });
});
