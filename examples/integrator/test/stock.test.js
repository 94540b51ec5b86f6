// End to end: the service brings the marketplace's stock to its inventory, per listing and per variation.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { SHOP, startShop } from './shop.js';

let shop;
before(async () => {
  shop = await startShop();
});
after(() => shop?.close());
beforeEach(() => shop.reset());

/** Asks the service to sync (as the warehouse system does after a change); its answer. */
async function sync(body) {
  const response = await fetch(`${shop.service.url}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  assert.equal(response.status, 200);
  return response.json();
}

const item = (id) => shop.api('GET', `/items/${id}`);

test("a sync sets a listing's available_quantity from the inventory", async () => {
  const before = await item(SHOP.microwave.id);
  const wanted = before.available_quantity + 7;
  await shop.setInventory({ [SHOP.microwave.sku]: wanted });
  const answer = await sync();
  assert.equal(answer.listings[SHOP.microwave.id], 'updated');
  assert.equal((await item(SHOP.microwave.id)).available_quantity, wanted);
  // The sync's own PUT is notified back (items): the service finds nothing left to change.
  await shop.settle();
  assert.equal((await sync()).listings[SHOP.microwave.id], 'unchanged');
  assert.equal(
    shop.logs.filter((line) => line.startsWith(`stock of ${SHOP.microwave.id}:`)).length,
    1,
    shop.logs.join('\n'),
  );
});

test("each variation takes its own SKU's stock, and the listing's stock is their sum", async () => {
  const before = await item(SHOP.tee.id);
  const [small, medium] = SHOP.tee.skus;
  await shop.setInventory({ [small]: 1, [medium]: 9 });
  assert.equal((await sync({ item_id: SHOP.tee.id })).listings[SHOP.tee.id], 'updated');
  const after = await item(SHOP.tee.id);
  const stockOf = (listing) =>
    Object.fromEntries(
      listing.variations.map((variation) => [variation.seller_custom_field, variation.available_quantity]),
    );
  assert.deepEqual(stockOf(after), { ...stockOf(before), [small]: 1, [medium]: 9 });
  assert.deepEqual(
    after.variations.map((variation) => variation.id),
    before.variations.map((variation) => variation.id),
  );
  assert.equal(
    after.available_quantity,
    after.variations.reduce((sum, variation) => sum + variation.available_quantity, 0),
  );
});

test('a stock changed elsewhere is put back when its items notification arrives', async () => {
  await shop.setInventory({ [SHOP.microwave.sku]: 5 });
  await sync();
  await shop.settle();
  // Someone edits the listing by hand: the marketplace notifies items, and the inventory wins again.
  await shop.api('PUT', `/items/${SHOP.microwave.id}`, { available_quantity: 1 });
  await shop.settle();
  assert.equal((await item(SHOP.microwave.id)).available_quantity, 5);
});

test("a stock the API refuses is logged with the API's reason, and changes nothing", async () => {
  // In MLA1322 a used listing may hold one unit: the inventory's 3 is refused by the marketplace, not by the service.
  await shop.setInventory({ [SHOP.usedOven.sku]: 3 });
  assert.equal((await sync({ item_id: SHOP.usedOven.id })).listings[SHOP.usedOven.id], 'failed');
  const failure = shop.logs.find((line) => line.startsWith(`stock of ${SHOP.usedOven.id}: failed:`));
  assert.ok(failure, shop.logs.join('\n'));
  assert.match(
    failure,
    /PUT \/items\/MLA1500000203 → 400 validation_error: Validation error \(item\.available_quantity\.used_limit: .+\)/,
  );
  assert.equal((await item(SHOP.usedOven.id)).available_quantity, 1);
});
