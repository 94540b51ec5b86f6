import assert from 'node:assert/strict';
import { itemEditabilityFindings } from '../../../src/rules/itemEditability';
import {
  type ItemStateView,
  itemAffordances,
  itemDeletionSteps,
  itemTransition,
  stockTransition,
} from '../../../src/rules/itemStatus';
import {
  itemCreateFindings,
  itemUpdateFindings,
  type LiveItemView,
  picturesAtCreationFindings,
  planItemUpdate,
  titleFindings,
  USED_STOCK_LIMITED_CATEGORIES,
  usedStockFindings,
} from '../../../src/rules/items';
import { seedCategories } from '../../../src/sandbox/items/categories';

const categories = seedCategories();
const phones = { id: 'MLA1055', vertical: 'general' as const, sale_terms: categories.MLA1055!.sale_terms };

const active: ItemStateView = {
  status: 'active',
  sub_status: [],
  condition: 'new',
  listing_type_id: 'gold_special',
  available_quantity: 5,
  sold_quantity: 0,
};
const state = (extra: Partial<ItemStateView>): ItemStateView => ({ ...active, ...extra });
const errorCodes = (findings: { code: string; severity: string }[]) =>
  findings.filter((entry) => entry.severity === 'error').map((entry) => entry.code);
const moved = (item: ItemStateView, payload: unknown) => {
  const outcome = itemTransition(item, payload);
  assert.deepEqual(outcome.findings, [], `expected ${JSON.stringify(payload)} to be accepted`);
  return { status: outcome.status, sub_status: outcome.sub_status, deleted: outcome.deleted };
};
const refused = (item: ItemStateView, payload: unknown) => itemTransition(item, payload).findings.map((f) => f.code);

describe('item status table', () => {
  it('active + status=paused → paused', () => {
    assert.deepEqual(moved(active, { status: 'paused' }), { status: 'paused', sub_status: [], deleted: false });
  });

  it('paused + status=active → active', () => {
    assert.deepEqual(moved(state({ status: 'paused' }), { status: 'active' }), {
      status: 'active',
      sub_status: [],
      deleted: false,
    });
  });

  it('active or paused + status=closed → closed', () => {
    assert.equal(moved(active, { status: 'closed' }).status, 'closed');
    assert.equal(moved(state({ status: 'paused' }), { status: 'closed' }).status, 'closed');
  });

  it('active + available_quantity=0, condition new, listing type not free → paused/out_of_stock', () => {
    for (const listing of ['gold_special', 'gold_premium', 'gold'])
      assert.deepEqual(moved(state({ listing_type_id: listing }), { available_quantity: 0 }), {
        status: 'paused',
        sub_status: ['out_of_stock'],
        deleted: false,
      });
  });

  it('active + available_quantity=0 otherwise (used, or free) → closed, nothing left to sell', () => {
    assert.equal(moved(state({ condition: 'used' }), { available_quantity: 0 }).status, 'closed');
    assert.equal(moved(state({ listing_type_id: 'free' }), { available_quantity: 0 }).status, 'closed');
  });

  it('paused(out_of_stock) + available_quantity > 0 → active, out_of_stock removed', () => {
    const item = state({ status: 'paused', sub_status: ['out_of_stock'], available_quantity: 0 });
    assert.deepEqual(moved(item, { available_quantity: 1 }), { status: 'active', sub_status: [], deleted: false });
    assert.deepEqual(moved(item, { available_quantity: 0 }), {
      status: 'paused',
      sub_status: ['out_of_stock'],
      deleted: false,
    });
  });

  it('restock is automatic: stockTransition moves paused(out_of_stock) above 0 to active', () => {
    const item = state({ status: 'paused', sub_status: ['out_of_stock'], available_quantity: 0 });
    assert.deepEqual(stockTransition(item, 3), { status: 'active', sub_status: [] });
    assert.deepEqual(stockTransition(state({ status: 'paused' }), 3), { status: 'paused', sub_status: [] });
  });

  it('refuses to activate a paused(out_of_stock) item while its stock is 0', () => {
    const item = state({ status: 'paused', sub_status: ['out_of_stock'], available_quantity: 0 });
    assert.deepEqual(refused(item, { status: 'active' }), ['item.status.no_stock']);
    assert.equal(moved(item, { status: 'active', available_quantity: 2 }).status, 'active');
  });

  it('refuses to activate an item paused for a picture download (it activates automatically)', () => {
    assert.deepEqual(
      refused(state({ status: 'paused', sub_status: ['picture_download_pending'] }), { status: 'active' }),
      ['item.status.picture_download_pending'],
    );
  });

  it('closed + deleted=true → deleted (closed, sub_status deleted), irreversible', () => {
    const closed = state({ status: 'closed', sub_status: ['expired'] });
    assert.deepEqual(moved(closed, { deleted: 'true' }), { status: 'closed', sub_status: ['deleted'], deleted: true });
    const deleted = state({ status: 'closed', sub_status: ['deleted'], deleted: 'true' });
    assert.deepEqual(refused(deleted, { deleted: 'true' }), ['item.status.deleted']);
  });

  it('closed is final: no reactivation, no edits', () => {
    const closed = state({ status: 'closed', sub_status: [] });
    assert.deepEqual(refused(closed, { status: 'active' }), ['item.status.closed_final']);
    assert.deepEqual(refused(closed, { status: 'paused' }), ['item.status.closed_final']);
    assert.deepEqual(refused(closed, { price: 10 }), ['item.status.closed_not_editable']);
  });

  it('deletion needs a closed item first', () => {
    assert.deepEqual(refused(active, { deleted: 'true' }), ['item.deleted.not_closed']);
    assert.deepEqual(refused(state({ status: 'paused' }), { deleted: 'true' }), ['item.deleted.not_closed']);
  });

  it('payment_required: no direct deletion; close first, then delete', () => {
    const unpaid = state({ status: 'payment_required' });
    const first = refused(unpaid, { deleted: 'true' });
    assert.deepEqual(first, ['item.deleted.not_closed']);
    assert.match(itemTransition(unpaid, { deleted: 'true' }).findings[0]!.message, /first PUT \{"status": "closed"\}/);
    const closed = moved(unpaid, { status: 'closed' });
    assert.equal(closed.status, 'closed');
    assert.equal(
      moved(state({ status: closed.status, sub_status: closed.sub_status }), { deleted: 'true' }).deleted,
      true,
    );
    assert.deepEqual(refused(unpaid, { status: 'active' }), ['item.status.payment_required']);
    assert.deepEqual(refused(unpaid, { price: 5 }), ['item.status.payment_required_not_editable']);
  });

  it('under_review: deleted directly (forbidden included), status cannot change', () => {
    for (const sub of ['warning', 'waiting_for_patch', 'held', 'pending_documentation', 'forbidden']) {
      const item = state({ status: 'under_review', sub_status: [sub] });
      assert.deepEqual(moved(item, { deleted: 'true' }), { status: 'closed', sub_status: ['deleted'], deleted: true });
      assert.equal(refused(item, { status: 'active' }).length > 0, true, sub);
    }
  });

  it('forbidden can only be deleted', () => {
    const item = state({ status: 'under_review', sub_status: ['forbidden'] });
    assert.deepEqual(refused(item, { title: 'Nuevo titulo' }), ['item.status.forbidden']);
    assert.deepEqual(refused(item, { status: 'closed' }), ['item.status.forbidden']);
  });

  it('warning / waiting_for_patch: a correction of the content ends the review (→ active)', () => {
    for (const sub of ['warning', 'waiting_for_patch']) {
      const item = state({ status: 'under_review', sub_status: [sub] });
      assert.deepEqual(moved(item, { pictures: [{ source: 'https://x.example/a.jpg' }] }), {
        status: 'active',
        sub_status: [],
        deleted: false,
      });
      // Stock and price are not corrections: the review goes on.
      assert.deepEqual(moved(item, { price: 10 }), { status: 'under_review', sub_status: [sub], deleted: false });
    }
  });

  it('held / pending_documentation: no edits until the review ends', () => {
    for (const sub of ['held', 'pending_documentation'])
      assert.deepEqual(refused(state({ status: 'under_review', sub_status: [sub] }), { price: 10 }), [
        'item.status.under_review_locked',
      ]);
  });

  it('inactive is read-only', () => {
    const item = state({ status: 'inactive' });
    assert.deepEqual(refused(item, { price: 1, status: 'active' }), ['item.status.inactive', 'item.status.inactive']);
  });
});

describe('what an item state affords (the explorer menus) and how it is deleted', () => {
  const can = (item: ItemStateView) => {
    const allowed = itemAffordances(item);
    return (Object.keys(allowed) as (keyof typeof allowed)[]).filter((key) => allowed[key]).join(' ');
  };

  it('offers each state only what the status table lets through', () => {
    assert.equal(can(active), 'pause close delete edit');
    assert.equal(can(state({ status: 'paused' })), 'activate close delete edit');
    assert.equal(
      can(state({ status: 'paused', available_quantity: 0, sub_status: ['out_of_stock'] })),
      'close delete edit',
    );
    assert.equal(can(state({ status: 'paused', sub_status: ['picture_download_pending'] })), 'close delete edit');
    assert.equal(can(state({ status: 'closed' })), 'delete');
    assert.equal(can(state({ status: 'closed', sub_status: ['deleted'] })), '');
    assert.equal(can(state({ status: 'payment_required' })), 'close delete');
    assert.equal(can(state({ status: 'inactive' })), '');
    assert.equal(can(state({ status: 'under_review', sub_status: ['warning'] })), 'delete edit');
    assert.equal(can(state({ status: 'under_review', sub_status: ['held'] })), 'delete');
    assert.equal(can(state({ status: 'under_review', sub_status: ['forbidden'] })), 'delete');
  });

  it('deletes closed and under-review items directly, and closes the others first', () => {
    assert.deepEqual(itemDeletionSteps(active).steps, [{ status: 'closed' }, { deleted: 'true' }]);
    assert.deepEqual(itemDeletionSteps(state({ status: 'payment_required' })).steps, [
      { status: 'closed' },
      { deleted: 'true' },
    ]);
    assert.deepEqual(itemDeletionSteps(state({ status: 'closed' })).steps, [{ deleted: 'true' }]);
    assert.deepEqual(itemDeletionSteps(state({ status: 'under_review', sub_status: ['forbidden'] })).steps, [
      { deleted: 'true' },
    ]);
    for (const item of [
      active,
      state({ status: 'closed' }),
      state({ status: 'under_review', sub_status: ['forbidden'] }),
    ])
      assert.deepEqual(errorCodes(itemDeletionSteps(item).findings), []);
    assert.deepEqual(errorCodes(itemDeletionSteps(state({ status: 'closed', deleted: 'true' })).findings), [
      'item.status.deleted',
    ]);
    assert.deepEqual(errorCodes(itemDeletionSteps(state({ status: 'inactive' })).findings), ['item.status.inactive']);
  });
});

describe('item editability', () => {
  const live = (extra: Partial<LiveItemView> = {}): LiveItemView => ({
    ...active,
    title: 'Celular Samsung Galaxy',
    buying_mode: 'buy_it_now',
    category_id: 'MLA1055',
    shipping: { tags: [], logistic_type: 'drop_off' },
    ...extra,
  });
  const update = (item: LiveItemView, payload: unknown) =>
    errorCodes(itemUpdateFindings(item, payload, { category: phones }));

  it('active: stock, price, video, pictures, description and shipping change', () => {
    assert.deepEqual(
      update(live({ sold_quantity: 3 }), {
        available_quantity: 9,
        price: 10,
        video_id: 'YT123',
        pictures: [{ source: 'https://x.example/a.jpg' }],
        description: { plain_text: 'Texto plano' },
        shipping: { free_shipping: true },
      }),
      [],
    );
  });

  it('sold_quantity > 0 locks title, condition and buying_mode', () => {
    const sold = live({ sold_quantity: 1 });
    assert.deepEqual(update(sold, { title: 'Otro titulo' }), ['item.title.not_modifiable']);
    assert.deepEqual(update(sold, { condition: 'used' }), ['item.condition.not_modifiable']);
    assert.deepEqual(update(sold, { buying_mode: 'classified' }), ['item.buying_mode.not_modifiable']);
    const message = itemEditabilityFindings(sold, { title: 'Otro titulo' })[0]!.message;
    assert.match(message, /has sales \(sold_quantity 1\)/);
    // Sending the same value is not a change.
    assert.deepEqual(update(sold, { title: 'Celular Samsung Galaxy' }), []);
  });

  it('sold_quantity 0 lets the title change', () => {
    assert.deepEqual(update(live(), { title: 'Celular Samsung Galaxy Nuevo', price: 9 }), []);
  });

  it('listing type: once, and only without sales', () => {
    assert.deepEqual(update(live(), { listing_type_id: 'gold_premium' }), []);
    assert.deepEqual(update(live({ listing_type_changes: 1 }), { listing_type_id: 'gold_premium' }), [
      'item.listing_type_id.already_changed',
    ]);
    assert.deepEqual(update(live({ sold_quantity: 2 }), { listing_type_id: 'gold_premium' }), [
      'item.listing_type_id.has_sales',
    ]);
  });

  it('the stock of an item with variations changes through its variations', () => {
    const withVariations = live({ variations: [{ id: 1, available_quantity: 2 }] });
    assert.deepEqual(update(withVariations, { available_quantity: 9 }), ['item.available_quantity.has_variations']);
    assert.deepEqual(update(withVariations, { variations: [{ id: 1, available_quantity: 9 }] }), []);
  });

  it('read-only fields are refused with their reason, unknown fields as unknown', () => {
    const found = itemUpdateFindings(live(), { category_id: 'MLA1', sold_quantity: 0, id: 'X', colour: 'red' });
    assert.deepEqual(
      found.map((entry) => entry.code),
      ['item.category_id.read_only', 'item.sold_quantity.read_only', 'item.id.read_only', 'item.field.unknown'],
    );
    assert.match(found[0]!.message, /category is fixed at creation/);
    assert.deepEqual(found[3]!.path, ['colour']);
  });

  it('type errors are reported at their path', () => {
    const found = itemUpdateFindings(live(), { price: 'cheap', deleted: true });
    assert.deepEqual(
      found.map((entry) => [entry.code, entry.path]),
      [
        ['item.deleted.not_closed', ['deleted']],
        ['item.price.invalid', ['price']],
      ],
    );
  });

  it('an empty body or a non-object is refused', () => {
    assert.deepEqual(update(live(), {}), ['item.body.empty']);
    assert.deepEqual(update(live(), [1]), ['item.body.invalid']);
  });

  it('turning on flex while the item declares MANUFACTURING_TIME is refused unless it is removed', () => {
    const item = live({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '15 días' }] });
    assert.deepEqual(update(item, { shipping: { tags: ['self_service_in'] } }), [
      'item.manufacturing_time.flex_not_allowed',
    ]);
    assert.deepEqual(
      update(item, {
        shipping: { tags: ['self_service_in'] },
        sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }],
      }),
      [],
    );
  });

  it('planItemUpdate returns the resulting status with the findings', () => {
    const plan = planItemUpdate(live(), { available_quantity: 0 }, { category: phones });
    assert.deepEqual(plan.findings, []);
    assert.equal(plan.outcome.status, 'paused');
    assert.deepEqual(plan.outcome.sub_status, ['out_of_stock']);
  });
});

describe('item creation rules', () => {
  const valid = {
    title: 'Celular Samsung Galaxy A15',
    category_id: 'MLA1055',
    price: 1000,
    currency_id: 'ARS',
    available_quantity: 1,
  };
  const create = (payload: unknown) => itemCreateFindings(payload, { category: phones, currencies: ['ARS', 'USD'] });

  it('accepts a valid body', () => {
    assert.deepEqual(create(valid), []);
  });

  it('title, category_id, price and currency_id are required', () => {
    const found = create({});
    assert.deepEqual(
      found.map((entry) => entry.code),
      ['item.title.required', 'item.category_id.required', 'item.price.required', 'item.currency_id.required'],
    );
    assert.match(found[0]!.message, /required for every item creation/);
  });

  it('a User Products creation names the listing by family_name instead of title; one Error when neither', () => {
    const { title: _title, ...untitled } = valid;
    assert.deepEqual(create({ ...untitled, family_name: 'Apple iPhone 256GB' }), []);
    const neither = create(untitled);
    assert.deepEqual(
      neither.map((entry) => [entry.code, entry.severity]),
      [['item.title.required', 'error']],
    );
    assert.match(neither[0]!.message, /^title is required for every item creation \(or family_name/);
  });

  it('a title of another type says it must be text, not that it is required', () => {
    const found = create({ ...valid, title: 5 });
    assert.deepEqual(
      found.map((entry) => [entry.code, entry.message]),
      [['item.title.invalid', 'title must be text (found the number 5)']],
    );
    assert.deepEqual(
      create({ ...valid, currency_id: 7 }).map((entry) => entry.message),
      ['currency_id must be text (found the number 7)'],
    );
  });

  it('only preset categories and currencies', () => {
    assert.deepEqual(
      itemCreateFindings(valid, { unknownCategory: true }).map((entry) => entry.code),
      ['item.category_id.invalid'],
    );
    assert.deepEqual(
      create({ ...valid, currency_id: 'EUR' }).map((entry) => entry.code),
      ['item.currency_id.invalid'],
    );
  });

  it('six pictures are fine, seven get advice (Information, not a refusal)', () => {
    const pictures = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ source: `https://x.example/${index}.jpg` }));
    assert.deepEqual(create({ ...valid, pictures: pictures(6) }), []);
    const seven = create({ ...valid, pictures: pictures(7) });
    assert.deepEqual(
      seven.map((entry) => [entry.code, entry.severity]),
      [['item.pictures.too_many', 'info']],
    );
    assert.deepEqual(picturesAtCreationFindings(pictures(7))[0]!.path, ['pictures']);
  });

  it('unknown fields and values are hints; bad types are errors of the shape check', () => {
    const found = create({ ...valid, colour: 'red', condition: 'broken', price: 'ten' });
    assert.deepEqual(found.map((entry) => [entry.code, entry.path, entry.severity]).sort(), [
      ['item.condition.unknown_value', ['condition'], 'info'],
      ['item.field.unknown', ['colour'], 'info'],
      ['item.price.invalid', ['price'], 'error'],
    ]);
    assert.deepEqual(
      create({ ...valid, price: '350', available_quantity: '12' }).map((entry) => [entry.code, entry.severity]),
      [
        ['item.price.as_text', 'info'],
        ['item.available_quantity.as_text', 'info'],
      ],
    );
  });

  it('applies the sale-term rules with the category', () => {
    const found = create({ ...valid, sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] });
    assert.deepEqual(
      found.map((entry) => entry.code),
      ['item.manufacturing_time.too_long'],
    );
  });

  it('a body that is not an object is refused', () => {
    assert.deepEqual(
      create('item').map((entry) => entry.code),
      ['item.body.invalid'],
    );
  });
});

describe('title rule', () => {
  it('accepts words separated by single spaces, decimal numbers included', () => {
    for (const title of ['Celular Samsung Galaxy A15', 'Toyota Corolla 2.0 XEI', 'Aceite 1,5 L', 'Camión Ñandú 4x4'])
      assert.deepEqual(titleFindings(title), [], title);
  });

  it('advises (Information) against symbols, punctuation and bad spacing, which the API accepts', () => {
    for (const title of [
      'Celular!',
      'Celular - Samsung',
      'Celular, Samsung',
      'Oferta $100',
      'Dos  espacios',
      ' Celular',
    ])
      assert.deepEqual(
        titleFindings(title).map((entry) => [entry.code, entry.severity]),
        [['item.title.invalid_characters', 'info']],
        title,
      );
    assert.match(titleFindings('Oferta $100!')[0]!.message, /\(here: \$ !\)/);
  });
});

describe('used-item stock limit', () => {
  it('in every listed category, used holds at most 1 unit', () => {
    for (const [site, list] of Object.entries(USED_STOCK_LIMITED_CATEGORIES)) {
      for (const category_id of list) {
        assert.deepEqual(usedStockFindings({ category_id, condition: 'used', available_quantity: 1 }), [], category_id);
        const found = usedStockFindings({ category_id, condition: 'used', available_quantity: 2 });
        assert.deepEqual(
          found.map((entry) => entry.code),
          ['item.available_quantity.used_limit'],
          `${site} ${category_id}`,
        );
      }
    }
    assert.equal(USED_STOCK_LIMITED_CATEGORIES.MLA!.length, 4);
    assert.equal(USED_STOCK_LIMITED_CATEGORIES.MLM!.length, 3);
    assert.equal(USED_STOCK_LIMITED_CATEGORIES.MLC!.length, 27);
    assert.equal(USED_STOCK_LIMITED_CATEGORIES.MPE!.length, 31);
  });

  it('new items and other categories are not limited', () => {
    assert.deepEqual(usedStockFindings({ category_id: 'MLA1322', condition: 'new', available_quantity: 50 }), []);
    assert.deepEqual(usedStockFindings({ category_id: 'MLA1055', condition: 'used', available_quantity: 50 }), []);
  });

  it('applies on update to the resulting condition and stock', () => {
    const used: LiveItemView = { ...active, condition: 'used', available_quantity: 1, category_id: 'MLA3114' };
    assert.deepEqual(errorCodes(itemUpdateFindings(used, { available_quantity: 2 })), [
      'item.available_quantity.used_limit',
    ]);
    const fresh: LiveItemView = { ...active, available_quantity: 5, category_id: 'MLA3114' };
    assert.deepEqual(errorCodes(itemUpdateFindings(fresh, { condition: 'used' })), [
      'item.available_quantity.used_limit',
    ]);
  });
});
