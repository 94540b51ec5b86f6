import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { ItemCreate } from '../../../src/model/item';
import { NoteRequest } from '../../../src/model/order';
import { structure } from '../../../src/model/payloadStructure';
import { SizeChartCreate } from '../../../src/model/sizeChart';

/** The messages of one failed parse. */
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }): string[] =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the request models and the structural conditions speak the configured language', () => {
  const spanish = {
    'title must be text': 'title debe ser texto',
    '{0} is required': '{0} es obligatorio',
    'A note holds at most {0} characters.': 'Una nota tiene como máximo {0} caracteres.',
    'The chart needs a name': 'La guía necesita un nombre',
    'category_id is required for every item creation.': 'category_id es obligatorio en toda creación de publicación.',
  };
  afterEach(() => l10n.config({ contents: {} }));

  it('reads each message when a value is judged, not when the model is built', () => {
    const body = { title: 5, price: 10, currency_id: 'ARS' };
    const english = messagesOf(ItemCreate.safeParse(body));
    assert.ok(english.includes('title must be text'), english.join(' | '));
    assert.ok(english.includes('category_id is required'), english.join(' | '));
    l10n.config({ contents: spanish });
    const translated = messagesOf(ItemCreate.safeParse(body));
    assert.ok(translated.includes('title debe ser texto'), translated.join(' | '));
    assert.ok(translated.includes('category_id es obligatorio'), translated.join(' | '));
    assert.deepEqual(messagesOf(NoteRequest.safeParse({ note: 'x'.repeat(301) })), [
      'Una nota tiene como máximo 300 caracteres.',
    ]);
    assert.deepEqual(messagesOf(SizeChartCreate.safeParse({ name: ' ', sizes: [] })), ['La guía necesita un nombre']);
  });

  it('the schemas’ structural messages are the configured language’s, and English again once reset', () => {
    const message = () =>
      structure().itemCreate.find((entry) => entry.codes.includes('item.category_id.required'))?.check.schema.then;
    assert.deepEqual(message(), { not: {}, errorMessage: 'category_id is required for every item creation.' });
    l10n.config({ contents: spanish });
    assert.deepEqual(message(), {
      not: {},
      errorMessage: 'category_id es obligatorio en toda creación de publicación.',
    });
    l10n.config({ contents: {} });
    assert.deepEqual(message(), { not: {}, errorMessage: 'category_id is required for every item creation.' });
  });
});
