import assert from 'node:assert/strict';
import { searchOrders } from '../../../../src/api/orders';
import {
  itemPicks,
  itemWords,
  listedPlaceholder,
  orderPicks,
  orderWords,
  typedPick,
} from '../../../../src/features/pickers/picks';
import { newestSellerItems } from '../../../../src/features/pickers/sellerItems';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

describe('item and order pickers: what they show', () => {
  const h = useSandbox({}, false);

  it('a listing shows its title, then price, status and id; one without a title shows its id', async () => {
    const items = await newestSellerItems(h.client, SELLER_ID, 5, ['title', 'price', 'currency_id', 'status']);
    assert.equal(items.length, 5);
    const picks = itemPicks(items, 'en-US');
    picks.forEach((pick, index) => {
      const item = items[index]!;
      assert.equal(pick.id, item.id);
      assert.equal(pick.label, item.title);
      assert.ok(pick.description.endsWith(item.id), pick.description);
      assert.match(pick.description, /\d/, 'the price is shown');
      assert.notEqual(pick.description, item.id, 'more than the id is shown');
    });
    const [untitled] = itemPicks([{ id: 'MLA1234567890', status: 'active' }], 'en-US');
    assert.equal(untitled?.label, 'MLA1234567890');
    assert.match(untitled?.description ?? '', /MLA1234567890$/);
  });

  it('an order shows its id and buyer, then its total and status', async () => {
    const answer = await searchOrders(h.client, { seller: SELLER_ID, sort: 'date_desc', limit: 3 });
    assert.ok(answer.results.length > 0, 'the seeded seller has orders');
    const picks = orderPicks(answer.results, 'en-US');
    picks.forEach((pick, index) => {
      const order = answer.results[index]!;
      assert.equal(pick.id, String(order.id));
      assert.ok(pick.label.startsWith(`#${order.id} · `), pick.label);
      assert.ok(pick.description.length > 0);
    });
  });

  it('an id typed in is offered first, as the API writes it, unless the list holds it or it is no id', () => {
    const listed = itemPicks([{ id: 'MLA1400000401', title: 'Shirt' }], 'en-US');
    const [typed, ...rest] = typedPick(' mla1234567890 ', listed, itemWords());
    assert.deepEqual(rest, []);
    assert.equal(typed?.id, 'MLA1234567890');
    assert.equal(typed?.label, '$(edit) MLA1234567890');
    assert.equal(typed?.description, 'the item id you typed');
    assert.equal(typed?.alwaysShow, true);
    assert.deepEqual(typedPick('mla1400000401', listed, itemWords()), [], 'already listed');
    assert.deepEqual(typedPick('shirt', listed, itemWords()), [], 'a filter, not an id');
    assert.deepEqual(typedPick('', listed, itemWords()), []);
    assert.equal(typedPick(' 2000001234 ', [], orderWords())[0]?.id, '2000001234');
    assert.equal(typedPick('2000001234', [], orderWords())[0]?.description, 'the order id you typed');
    assert.deepEqual(typedPick('20000x', [], orderWords()), []);
    assert.deepEqual(typedPick('1'.repeat(20), [], orderWords()), [], 'past 19 digits no id fits the API');
  });

  it('the placeholder says what to do: pick, type an id when there is nothing to list, or when it failed', () => {
    const listed = itemPicks([{ id: 'MLA1400000401', title: 'Shirt' }], 'en-US');
    assert.equal(listedPlaceholder(listed, itemWords()), itemWords().listed);
    assert.match(
      listedPlaceholder([], itemWords()),
      /no listings yet: type an item id, or write one with New Item Payload/,
    );
    assert.match(listedPlaceholder([], orderWords()), /no orders yet: type an order id/);
    assert.match(listedPlaceholder(undefined, itemWords()), /^Could not list your listings; type an item id$/);
    assert.match(listedPlaceholder(undefined, orderWords()), /^Could not list your orders; type an order id$/);
  });

  it('signed out, the typed id is checked and normalised by the same words', () => {
    assert.equal(itemWords().typed('mla1234567890'), 'MLA1234567890');
    assert.equal(itemWords().typed('MLA12'), undefined);
    assert.equal(orderWords().typed(' 42 '), '42');
    assert.equal(orderWords().typed('-42'), undefined);
  });
});
