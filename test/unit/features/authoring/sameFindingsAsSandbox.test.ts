// The editor's diagnostics and the sandbox read the same table of rules (src/rules/byKind.ts): the same body of each
// kind gets the same errors from both. File-level checks of the editor (payload.*, authoring.*) are no rule of a body.
import assert from 'node:assert/strict';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { BUYER_BASE_ID, SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';
import { analyzeLive, liveContextFor } from './support';

interface Cause {
  code: string;
  type: string;
}

describe('authoring and the sandbox give the same findings for the same body', () => {
  const h = useSandbox();

  /** Whether the order takes feedback now: the editor judges it against its live copy, the sandbox after the body. */
  const ORDER_STATE = new Set([
    'order.feedback.already_sent',
    'order.feedback.not_paid',
    'order.feedback.deadline_passed',
    'order.feedback.delivery_not_confirmed',
  ]);

  /** The error codes of the editor's diagnostics that come from the table's rules. */
  async function editorErrors(fileName: string, body: unknown): Promise<string[]> {
    const { live } = await liveContextFor(h);
    const analysis = await analyzeLive(live, fileName, JSON.stringify(body, null, 2));
    return analysis.diagnostics
      .filter(
        (entry) =>
          entry.severity === 'error' && !/^(payload|authoring)\./.test(entry.code) && !ORDER_STATE.has(entry.code),
      )
      .map((entry) => entry.code)
      .sort();
  }

  /** The error codes of the sandbox's 400 validation_error. */
  async function sandboxErrors(method: string, path: string, body: unknown): Promise<string[]> {
    const answer = await h.raw(method, path, { body });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    const { cause } = answer.body as { cause: Cause[] };
    return cause
      .filter((entry) => entry.type === 'error')
      .map((entry) => entry.code)
      .sort();
  }

  async function same(fileName: string, method: string, path: string, body: unknown) {
    const editor = await editorErrors(fileName, body);
    assert.ok(editor.length > 0, `the example body of ${fileName} must break a rule`);
    assert.deepEqual(await sandboxErrors(method, path, body), editor);
  }

  /** A paid reservation of the seller's, ready for notes and feedback. */
  async function paidOrder(): Promise<number> {
    const { order } = await h.admin<{ order: { id: number } }>('POST', '/_sandbox/orders', {
      item_id: ITEM.CAR_NEW_PREMIUM,
      buyer_id: BUYER_BASE_ID + 1,
    });
    await h.admin('POST', `/_sandbox/orders/${order.id}/pay`, {});
    return order.id;
  }

  it('item creation (POST /items)', async () => {
    const body = {
      title: 'Phone',
      category_id: 'MLA1055',
      price: -5,
      currency_id: 'ARS',
      available_quantity: 1,
      buying_mode: 'buy_it_now',
      listing_type_id: 'gold_special',
      condition: 'new',
      shipping: { dimensions: '10x10' },
    };
    await same('new-phone.item.json', 'POST', '/items', body);
  });

  it('item update (PUT /items/{id})', async () => {
    await same(`${ITEM.PHONE_NO_SALES}.item.json`, 'PUT', `/items/${ITEM.PHONE_NO_SALES}`, {
      deleted: 'true',
      title: '',
      shipping: { dimensions: '0x10x10,5' },
    });
  });

  it('sale terms (PUT /items/{id} with sale_terms)', async () => {
    const body = { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '100 días' }] };
    await same(`${ITEM.PHONE_NO_SALES}.sale-terms.json`, 'PUT', `/items/${ITEM.PHONE_NO_SALES}`, body);
  });

  it('order note (POST /orders/{id}/notes)', async () => {
    const id = await paidOrder();
    await same(`${id}.note.json`, 'POST', `/orders/${id}/notes`, { note: 'x'.repeat(301), extra: 1 });
  });

  it('feedback (POST /orders/{id}/feedback)', async () => {
    const id = await paidOrder();
    await same(`${id}.feedback.json`, 'POST', `/orders/${id}/feedback`, { fulfilled: true, rating: 'neutral' });
  });

  it('blacklist (POST /users/{me}/order_blacklist)', async () => {
    await same('mine.blacklist.json', 'POST', `/users/${SELLER_ID}/order_blacklist`, { user_id: SELLER_ID });
  });

  it('size chart (POST /size_charts): the sandbox answers the first error of the same findings', async () => {
    const size = { name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '92' }] };
    const body = { name: 'Remeras', sizes: [size, size] };
    const editor = await editorErrors('remeras.size-chart.json', body);
    const answer = await h.raw('POST', '/size_charts', { body });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal((answer.body as { error: string }).error, editor[0]);
  });
});
