import assert from 'node:assert/strict';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { ItemCreate } from '../../../src/model/item';
import { itemCreateFindings, itemUpdateStaticFindings } from '../../../src/rules/items';
import { FAKE_API_TOKEN } from '../../fixtures/fakeTokens';
import { useSandbox } from '../support/sandbox';

const valid = { title: 'Celular Motorola G54', category_id: 'MLA1055', price: 350000, currency_id: 'ARS' };

/** A value of another JSON type than the field's usual one: a list where text or a number is expected, else a number. */
const wrongTypeFor = (key: string): unknown => (['price', 'available_quantity'].includes(key) ? [1] : 42);

const messagesOf = (findings: readonly { message: string }[]) => findings.map((entry) => entry.message);

describe('issue words: a field of the wrong type is a type error, a missing one is required', () => {
  it('a title of another type names what it must be and what was found, in creations and updates alike', () => {
    assert.deepEqual(messagesOf(itemCreateFindings({ ...valid, title: 5 })), [
      'title must be text (found the number 5)',
    ]);
    assert.deepEqual(messagesOf(itemUpdateStaticFindings({ title: 5 })), ['title must be text (found the number 5)']);
  });

  it('every field of a creation given a value of the wrong type says so, never "required" nor zod\'s own words', () => {
    for (const key of Object.keys(ItemCreate.shape)) {
      if (key === 'site_id') continue; // a site id of another type is judged by its own rule (one of the site ids)
      const findings = itemCreateFindings({ ...valid, [key]: wrongTypeFor(key) }).filter(
        (entry) => entry.severity === 'error',
      );
      for (const message of messagesOf(findings)) {
        assert.doesNotMatch(message, /required|Invalid input|expected \w+, received/, `${key}: ${message}`);
      }
    }
  });

  it('nested fields: a missing one is required, one of another type names the type found', () => {
    const missing = itemUpdateStaticFindings({ sale_terms: [{ value_name: '30 días' }] });
    assert.ok(messagesOf(missing).includes('sale_terms[0].id is required'), messagesOf(missing).join(' | '));
    const wrong = itemUpdateStaticFindings({ sale_terms: [{ id: 'WARRANTY_TIME', value_name: true }] });
    assert.ok(
      messagesOf(wrong).includes('sale_terms[0].value_name must be text (found true)'),
      messagesOf(wrong).join(' | '),
    );
    const list = itemUpdateStaticFindings({ pictures: { source: 'https://example.com/a.jpg' } });
    assert.ok(messagesOf(list).includes('pictures must be a list (found an object)'), messagesOf(list).join(' | '));
  });

  it('the text found is cut and never echoes a token', () => {
    const [message] = messagesOf(itemUpdateStaticFindings({ seller_custom_field: 5, title: [FAKE_API_TOKEN] }));
    assert.equal(message, 'title must be text (found a list)');
    const typed = messagesOf(
      itemCreateFindings({ ...valid, category_id: false, accepts_platformpago: FAKE_API_TOKEN }),
    );
    assert.ok(typed.includes('category_id must be text (found false)'), typed.join(' | '));
    const echoed = typed.find((entry) => entry.startsWith('accepts_platformpago'));
    assert.match(echoed ?? '', /^accepts_platformpago must be true or false \(found text "APP_USR-/);
    assert.ok(!echoed?.includes(FAKE_API_TOKEN.slice(8, 20)), echoed);
  });

  it('a size chart payload: the editor and the sandbox say the same words', () => {
    const diagnostics = analyzePayload('shirts.size-chart.json', '{"name": 5, "sizes": []}').diagnostics;
    assert.ok(
      diagnostics.some((entry) => entry.message === 'name must be text (found the number 5)'),
      diagnostics.map((entry) => entry.message).join(' | '),
    );
  });
});

describe('issue words: the sandbox answers with the words the editor shows', () => {
  const harness = useSandbox();

  it('a creation with a title of another type: the same message in the editor and in the sandbox answer', async () => {
    const body = { ...valid, title: 5 };
    const diagnostic = analyzePayload('new.item.json', JSON.stringify(body)).diagnostics.find(
      (entry) => entry.code === 'item.title.invalid',
    );
    const answer = await harness.raw('POST', '/items/validate', { body });
    assert.equal(answer.status, 400);
    const causes = (answer.body as { cause: { code: string; message: string }[] }).cause;
    assert.equal(causes.find((cause) => cause.code === 'item.title.invalid')?.message, diagnostic?.message);
    assert.equal(diagnostic?.message, 'title must be text (found the number 5)');
  });

  it('an update with a title of another type and a size chart with a name of another type', async () => {
    const update = await harness.raw('PUT', '/items/MLA1400000401', { body: { title: 5 } });
    assert.equal(update.status, 400);
    const causes = (update.body as { cause: { message: string }[] }).cause;
    assert.deepEqual(
      causes.map((cause) => cause.message),
      ['title must be text (found the number 5)'],
    );
    const chart = await harness.raw('POST', '/size_charts', { body: { name: 5, sizes: [] } });
    assert.equal(chart.status, 400);
    assert.match((chart.body as { message: string }).message, /name must be text \(found the number 5\)/);
  });
});
