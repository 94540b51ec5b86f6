import assert from 'node:assert/strict';
import { ITEM } from '../../../src/sandbox/items/ids';
import { MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { type Receiver, startReceiver } from '../support/receiver';
import { useSandbox } from '../support/sandbox';
import { usedOven } from '../support/usedOven';

interface ItemBody {
  id: string;
  status: string;
  sub_status: string[];
  available_quantity: number;
  sold_quantity: number;
  deleted?: string;
  price: number;
  title: string;
  sale_terms: { id: string; value_name: string | null }[];
  warnings: { code: string; type: string }[];
  seller_id: number;
  listing_type_id: string;
}

interface Cause {
  department: string;
  cause_id: number;
  type: string;
  code: string;
  references: string[];
  message: string;
}

describe('items family of the sandbox', () => {
  const h = useSandbox();

  const get = async (id: string): Promise<ItemBody> => {
    const answer = await h.raw('GET', `/items/${id}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as ItemBody;
  };
  const put = (id: string, body: unknown, token?: string) => h.raw('PUT', `/items/${id}`, { body, token });
  const putOk = async (id: string, body: unknown): Promise<ItemBody> => {
    const answer = await put(id, body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as ItemBody;
  };
  /** Expects a 400 validation_error and returns its causes. */
  const refused = async (id: string, body: unknown): Promise<Cause[]> => {
    const answer = await put(id, body);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    const error = answer.body as { error: string; message: string; status: number; cause: Cause[] };
    assert.equal(error.error, 'validation_error');
    assert.equal(error.status, 400);
    return error.cause;
  };
  const advance = (body: Record<string, number>) => h.admin('POST', '/_sandbox/clock/advance', body);
  const state = async (id: string) => {
    const item = await get(id);
    return [item.status, ...item.sub_status].join('/');
  };

  describe('every row of the item status table', () => {
    it('active → PUT status=paused → paused', async () => {
      assert.equal((await putOk(ITEM.PHONE_NO_SALES, { status: 'paused' })).status, 'paused');
    });

    it('paused → PUT status=active → active', async () => {
      assert.equal((await putOk(ITEM.PAUSED_SELLER, { status: 'active' })).status, 'active');
    });

    it('active or paused → PUT status=closed → closed, final', async () => {
      assert.equal((await putOk(ITEM.PHONE_NO_SALES, { status: 'closed' })).status, 'closed');
      assert.equal((await putOk(ITEM.PAUSED_SELLER, { status: 'closed' })).status, 'closed');
      const causes = await refused(ITEM.PHONE_NO_SALES, { status: 'active' });
      assert.equal(causes[0]!.code, 'item.status.closed_final');
      assert.match(causes[0]!.message, /cannot be reactivated.*relist/);
    });

    it('active + available_quantity=0 (new, not free) → paused/out_of_stock; used → closed', async () => {
      const paused = await putOk(ITEM.PHONE_NO_SALES, { available_quantity: 0 });
      assert.deepEqual([paused.status, paused.sub_status], ['paused', ['out_of_stock']]);
      const used = await putOk(ITEM.USED_NOTEBOOK, { available_quantity: 0 });
      assert.equal(used.status, 'closed');
    });

    it('paused(out_of_stock) + available_quantity > 0 → active; activating it with no stock is refused', async () => {
      const causes = await refused(ITEM.PAUSED_OUT_OF_STOCK, { status: 'active' });
      assert.equal(causes[0]!.code, 'item.status.no_stock');
      const active = await putOk(ITEM.PAUSED_OUT_OF_STOCK, { available_quantity: 4 });
      assert.deepEqual([active.status, active.sub_status], ['active', []]);
    });

    it('paused(picture download pending) → active once the pictures download (5 minutes)', async () => {
      assert.equal(await state(ITEM.PAUSED_PICTURE_PENDING), 'paused/picture_download_pending');
      const causes = await refused(ITEM.PAUSED_PICTURE_PENDING, { status: 'active' });
      assert.equal(causes[0]!.code, 'item.status.picture_download_pending');
      await advance({ minutes: 6 });
      assert.equal(await state(ITEM.PAUSED_PICTURE_PENDING), 'active');
    });

    it('payment_required → user pays → active', async () => {
      await h.admin('POST', `/_sandbox/items/${ITEM.PAYMENT_REQUIRED}/pay`);
      assert.equal(await state(ITEM.PAYMENT_REQUIRED), 'active');
    });

    it('under_review(warning) + 2 days without correction → waiting_for_patch', async () => {
      // The seeded warning began a day ago: one more day does it, half a day does not.
      await advance({ hours: 12 });
      assert.equal(await state(ITEM.REVIEW_WARNING), 'under_review/warning');
      await advance({ hours: 12 });
      assert.equal(await state(ITEM.REVIEW_WARNING), 'under_review/waiting_for_patch');
      assert.equal(await state(ITEM.REVIEW_WARNING_RECENT), 'under_review/warning');
    });

    it('under_review with no correction → inactive (7 days after waiting_for_patch)', async () => {
      await advance({ days: 4 });
      assert.equal(await state(ITEM.REVIEW_WAITING_FOR_PATCH), 'under_review/waiting_for_patch');
      await advance({ days: 1, minutes: 1 });
      assert.equal(await state(ITEM.REVIEW_WAITING_FOR_PATCH), 'inactive');
      // warning (1 day old) → waiting_for_patch at day 2 → inactive at day 9.
      await advance({ days: 4 });
      assert.equal(await state(ITEM.REVIEW_WARNING), 'inactive');
      assert.equal(await state(ITEM.REVIEW_HELD), 'under_review/held', 'held waits for manual moderation');
    });

    it('active + end time reached with stock → closed (expired)', async () => {
      assert.equal(await state(ITEM.PHONE_EXPIRING), 'active');
      await advance({ days: 1, minutes: 1 });
      assert.equal(await state(ITEM.PHONE_EXPIRING), 'closed/expired');
    });

    it('closed → PUT deleted=true → deleted, irreversible, no longer returned by the search', async () => {
      const deleted = await putOk(ITEM.CLOSED_EXPIRED, { deleted: 'true' });
      assert.equal(deleted.deleted, 'true');
      assert.deepEqual([deleted.status, deleted.sub_status], ['closed', ['deleted']]);
      const causes = await refused(ITEM.CLOSED_EXPIRED, { deleted: 'true' });
      assert.equal(causes[0]!.code, 'item.status.deleted');
      const search = await h.raw('GET', `/users/${SELLER_ID}/items/search?status=closed&limit=100`);
      assert.ok(!(search.body as { results: string[] }).results.includes(ITEM.CLOSED_EXPIRED));
    });
  });

  describe('other facts of the state machine', () => {
    it('payment_required: no direct deletion; close first, then delete', async () => {
      const causes = await refused(ITEM.PAYMENT_REQUIRED, { deleted: 'true' });
      assert.equal(causes[0]!.code, 'item.deleted.not_closed');
      assert.match(causes[0]!.message, /first PUT \{"status": "closed"\}, then PUT \{"deleted": "true"\}/);
      await putOk(ITEM.PAYMENT_REQUIRED, { status: 'closed' });
      assert.equal((await putOk(ITEM.PAYMENT_REQUIRED, { deleted: 'true' })).deleted, 'true');
    });

    it('forbidden can only be deleted, directly', async () => {
      const causes = await refused(ITEM.REVIEW_FORBIDDEN, { price: 1 });
      assert.equal(causes[0]!.code, 'item.status.forbidden');
      assert.equal((await putOk(ITEM.REVIEW_FORBIDDEN, { deleted: 'true' })).deleted, 'true');
    });

    it('inactive is read-only', async () => {
      const causes = await refused(ITEM.INACTIVE, { available_quantity: 3 });
      assert.equal(causes[0]!.code, 'item.status.inactive');
    });

    it('a correction ends a warning review; held refuses edits; moderation approves', async () => {
      const corrected = await putOk(ITEM.REVIEW_WARNING, { pictures: [{ source: 'https://images.example/ok.jpg' }] });
      assert.equal(corrected.status, 'active');
      assert.equal((await refused(ITEM.REVIEW_HELD, { price: 5 }))[0]!.code, 'item.status.under_review_locked');
      await h.admin('POST', `/_sandbox/items/${ITEM.REVIEW_HELD}/review/approve`);
      assert.equal(await state(ITEM.REVIEW_HELD), 'active');
    });

    it('admin routes put an item under review and back, and pause it for pictures', async () => {
      await h.admin('POST', `/_sandbox/items/${ITEM.PHONE_NO_SALES}/review`, { sub_status: 'pending_documentation' });
      assert.equal(await state(ITEM.PHONE_NO_SALES), 'under_review/pending_documentation');
      await h.admin('POST', `/_sandbox/items/${ITEM.PHONE_NO_SALES}/review/approve`);
      await h.admin('POST', `/_sandbox/items/${ITEM.PHONE_NO_SALES}/pictures/pending`);
      assert.equal(await state(ITEM.PHONE_NO_SALES), 'paused/picture_download_pending');
      await h.admin('POST', `/_sandbox/items/${ITEM.PHONE_NO_SALES}/pictures/downloaded`);
      assert.equal(await state(ITEM.PHONE_NO_SALES), 'active');
      const wrong = await h.raw('POST', `/_sandbox/items/${ITEM.PHONE_NO_SALES}/pay`, { token: null });
      assert.equal(wrong.status, 400);
      assert.match((wrong.body as { message: string }).message, /only an item in payment_required/);
    });

    it('stock sold through orders (adjustStock) discounts stock, counts sales and pauses or closes at 0', async () => {
      await h.admin('POST', `/_sandbox/items/${ITEM.CAR_NEW_PREMIUM}/stock`, { delta: -3 });
      const car = await get(ITEM.CAR_NEW_PREMIUM);
      assert.deepEqual(
        [car.available_quantity, car.sold_quantity, car.status, car.sub_status],
        [0, 3, 'paused', ['out_of_stock']],
      );
      await h.admin('POST', `/_sandbox/items/${ITEM.CAR_NEW_PREMIUM}/stock`, { delta: 1 });
      const back = await get(ITEM.CAR_NEW_PREMIUM);
      assert.deepEqual([back.available_quantity, back.sold_quantity, back.status], [1, 2, 'active']);
      await h.admin('POST', `/_sandbox/items/${ITEM.CAR_USED_SPECIAL}/stock`, { delta: -1 });
      assert.equal(await state(ITEM.CAR_USED_SPECIAL), 'closed/out_of_stock');
      const oversold = await h.raw('POST', `/_sandbox/items/${ITEM.CAR_USED_SPECIAL}/stock`, {
        token: null,
        body: { delta: -1 },
      });
      assert.equal(oversold.status, 400);
    });
  });

  describe('editability', () => {
    it('sold_quantity > 0 locks the title; 0 allows it', async () => {
      const causes = await refused(ITEM.PHONE_WITH_SALES, { title: 'Celular Samsung Galaxy A55 Nuevo', price: 10 });
      assert.equal(causes[0]!.code, 'item.title.not_modifiable');
      assert.match(causes[0]!.message, /has sales/);
      assert.equal((await get(ITEM.PHONE_WITH_SALES)).price !== 10, true, 'a refused PUT changes nothing');
      const renamed = await putOk(ITEM.PHONE_NO_SALES, { title: 'Celular Motorola Moto G24 Gris Nuevo' });
      assert.equal(renamed.title, 'Celular Motorola Moto G24 Gris Nuevo');
    });

    it('the listing type changes once, only without sales', async () => {
      assert.equal(
        (await refused(ITEM.PHONE_LISTING_TYPE_CHANGED, { listing_type_id: 'gold_special' }))[0]!.code,
        'item.listing_type_id.already_changed',
      );
      assert.equal(
        (await refused(ITEM.PHONE_WITH_SALES, { listing_type_id: 'gold_premium' }))[0]!.code,
        'item.listing_type_id.has_sales',
      );
      assert.equal(
        (await putOk(ITEM.PHONE_NO_SALES, { listing_type_id: 'gold_premium' })).listing_type_id,
        'gold_premium',
      );
      assert.equal(
        (await refused(ITEM.PHONE_NO_SALES, { listing_type_id: 'gold_special' }))[0]!.code,
        'item.listing_type_id.already_changed',
      );
    });

    it('variations: item stock is their sum and changes through them', async () => {
      const causes = await refused(ITEM.TSHIRT_VARIATIONS, { available_quantity: 50 });
      assert.equal(causes[0]!.code, 'item.available_quantity.has_variations');
      const answer = await h.raw('GET', `/items/${ITEM.TSHIRT_VARIATIONS}`);
      const variations = (answer.body as { variations: { id: number; available_quantity: number }[] }).variations;
      const updated = await putOk(ITEM.TSHIRT_VARIATIONS, {
        variations: variations.map((entry) => ({ id: entry.id, available_quantity: 0 })),
      });
      assert.deepEqual(
        [updated.available_quantity, updated.status, updated.sub_status],
        [0, 'paused', ['out_of_stock']],
      );
      const restocked = await putOk(ITEM.TSHIRT_VARIATIONS, {
        variations: [
          ...variations.map((entry) => ({ id: entry.id, available_quantity: 1 })),
          {
            available_quantity: 4,
            attribute_combinations: [{ id: 'SIZE', value_name: 'XL' }],
          },
        ],
      });
      assert.deepEqual([restocked.available_quantity, restocked.status], [7, 'active']);
    });

    it('read-only fields are refused', async () => {
      const causes = await refused(ITEM.PHONE_NO_SALES, { category_id: 'MLA1577', sold_quantity: 3 });
      assert.deepEqual(
        causes.map((cause) => cause.code),
        ['item.category_id.read_only', 'item.sold_quantity.read_only'],
      );
    });
  });

  describe('sale terms and limits through PUT', () => {
    it('MANUFACTURING_TIME: 45 días accepted, 46 refused', async () => {
      await putOk(ITEM.PHONE_NO_SALES, { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '45 días' }] });
      const causes = await refused(ITEM.PHONE_NO_SALES, {
        sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }],
      });
      assert.deepEqual(causes[0]!.references, ['item.sale_terms[0].value_name']);
      assert.equal(causes[0]!.code, 'item.manufacturing_time.too_long');
    });

    it('MANUFACTURING_TIME refused for vehicles, real estate, services, flex, fulfillment and unlisted categories', async () => {
      const term = { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '10 días' }] };
      const expected: [string, string][] = [
        [ITEM.CAR_NEW_PREMIUM, 'item.manufacturing_time.vertical_not_allowed'],
        [ITEM.APARTMENT_SALE, 'item.manufacturing_time.vertical_not_allowed'],
        [ITEM.SERVICE_PLUMBING, 'item.manufacturing_time.vertical_not_allowed'],
        [ITEM.PHONE_FLEX, 'item.manufacturing_time.flex_not_allowed'],
        [ITEM.PHONE_FULFILLMENT, 'item.manufacturing_time.fulfillment_not_allowed'],
        [ITEM.BOOK_NO_MANUFACTURING_TIME, 'item.manufacturing_time.not_in_category'],
      ];
      for (const [id, code] of expected) assert.equal((await refused(id, term))[0]!.code, code, id);
    });

    it('MANUFACTURING_TIME removal with value_id and value_name null', async () => {
      const before = await get(ITEM.PHONE_MANUFACTURING_TIME);
      assert.ok(before.sale_terms.some((entry) => entry.id === 'MANUFACTURING_TIME'));
      const after = await putOk(ITEM.PHONE_MANUFACTURING_TIME, {
        sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }],
      });
      assert.ok(!after.sale_terms.some((entry) => entry.id === 'MANUFACTURING_TIME'));
      assert.ok(
        after.sale_terms.some((entry) => entry.id === 'WARRANTY_TYPE'),
        'other terms kept',
      );
    });

    it('PURCHASE_MAX_QUANTITY: 18 characters accepted, 19 refused, only where the category lists it', async () => {
      const set = await putOk(ITEM.GROCERY_YERBA, {
        sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: '1'.repeat(18) }],
      });
      assert.equal(set.sale_terms.find((entry) => entry.id === 'PURCHASE_MAX_QUANTITY')?.value_name, '1'.repeat(18));
      const long = await refused(ITEM.GROCERY_YERBA, {
        sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: '1'.repeat(19) }],
      });
      assert.equal(long[0]!.code, 'item.purchase_max_quantity.too_long');
      const elsewhere = await refused(ITEM.PHONE_NO_SALES, {
        sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: '5' }],
      });
      assert.equal(elsewhere[0]!.code, 'item.purchase_max_quantity.not_in_category');
    });

    it('used items in the limited categories hold at most 1 unit', async () => {
      await putOk(ITEM.USED_OVEN, { available_quantity: 1 });
      const causes = await refused(ITEM.USED_OVEN, { available_quantity: 2 });
      assert.equal(causes[0]!.code, 'item.available_quantity.used_limit');
      await putOk(ITEM.NEW_CONSOLE, { available_quantity: 50 });
    });
  });

  describe('creation', () => {
    const body = (extra: Record<string, unknown> = {}) => ({
      ...usedOven('Horno Electrico Usado Buen Estado'),
      ...extra,
    });
    const pictures = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ source: `https://images.example/${index}.jpg` }));

    it('answers 201 with the item; seven pictures are accepted with a warning', async () => {
      const six = await h.raw('POST', '/items', { body: body({ pictures: pictures(6) }) });
      assert.equal(six.status, 201);
      assert.deepEqual((six.body as ItemBody).warnings, []);
      const seven = await h.raw('POST', '/items', { body: body({ pictures: pictures(7) }) });
      assert.equal(seven.status, 201);
      const item = seven.body as ItemBody;
      assert.deepEqual(
        item.warnings.map((entry) => [entry.code, entry.type]),
        [['item.pictures.too_many', 'warning']],
      );
      const validate = await h.raw('POST', '/items/validate', { body: body({ pictures: pictures(7) }) });
      assert.equal(validate.status, 204);
    });

    it('refuses 2 used units in a limited category, a foreign category and a missing title', async () => {
      const answer = await h.raw('POST', '/items', {
        body: { ...body({ available_quantity: 2, category_id: 'MLB1055' }), title: undefined },
      });
      assert.equal(answer.status, 400);
      const causes = (answer.body as { cause: Cause[] }).cause;
      assert.deepEqual(
        causes.map((cause) => cause.code),
        ['item.title.required', 'item.category_id.other_site'],
      );
      const used = await h.raw('POST', '/items/validate', { body: body({ available_quantity: 2 }) });
      assert.equal((used.body as { cause: Cause[] }).cause[0]!.code, 'item.available_quantity.used_limit');
    });

    it('new items are numbered after the seeded ones and found by the search', async () => {
      const first = (await h.raw('POST', '/items', { body: body() })).body as ItemBody;
      const second = (await h.raw('POST', '/items', { body: body() })).body as ItemBody;
      assert.equal(Number(second.id.slice(3)), Number(first.id.slice(3)) + 1);
      // A seeded listing started "now" too (its picture is downloading): the newest page holds both new ones, and
      // may hold it when the clocks meet in the same millisecond.
      const search = await h.raw('GET', `/users/${SELLER_ID}/items/search?orders=start_time_desc&limit=3`);
      const newest = (search.body as { results: string[] }).results;
      assert.ok(newest.includes(first.id) && newest.includes(second.id), newest.join());
    });
  });

  describe('documented error bodies', () => {
    it('validation_error: every cause has department, cause_id, type, code, references and message', async () => {
      const answer = await h.raw('POST', '/items/validate', { body: { title: 'Mal!', price: 'x' } });
      assert.equal(answer.status, 400);
      const body = answer.body as { message: string; error: string; status: number; cause: Cause[] };
      assert.equal(body.message, 'Validation error');
      assert.ok(body.cause.length >= 3);
      for (const cause of body.cause) {
        assert.equal(cause.department, 'items');
        assert.equal(typeof cause.cause_id, 'number');
        assert.ok(['error', 'warning'].includes(cause.type));
        assert.match(cause.code, /^item\./);
        assert.ok(cause.references.length === 1 && cause.references[0]!.startsWith('item'));
        assert.ok(cause.message.length > 10);
      }
    });

    it('404 business_logic_error, 403 access_denied, 401 without token', async () => {
      const missing = await h.raw('GET', '/items/MLA1');
      assert.deepEqual(missing.body, {
        message: 'Item with id MLA1 not found.',
        error: 'business_logic_error',
        status: 404,
        cause: [],
      });
      const foreign = await put(ITEM.MLB_PHONE, { price: 1 });
      assert.equal(foreign.status, 403);
      assert.deepEqual(
        { ...(foreign.body as object), message: undefined },
        { status: 403, error: 'access_denied', code: 'FORBIDDEN', message: undefined },
      );
      const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
      const mlbToken = users.find((user) => user.id === MLB_SELLER_ID)!.token;
      assert.equal((await put(ITEM.MLB_PHONE, { price: 1099 }, mlbToken)).status, 200, 'its own seller may');
      for (const path of [`/items/${ITEM.TSHIRT_M}`, `/items?ids=${ITEM.TSHIRT_M}`]) {
        const anonymous = await h.raw('GET', path, { token: null });
        assert.equal(anonymous.status, 401, path);
        assert.equal((anonymous.body as { error: string }).error, 'unauthorized_request_error');
      }
    });

    it('multi-get of more than 20 ids, a body that is not JSON or not an object: 400 bad_request', async () => {
      const ids = Array.from({ length: 21 }, (_, index) => `MLA${1400000901 + index}`).join(',');
      const many = await h.raw('GET', `/items?ids=${ids}`);
      assert.equal(many.status, 400);
      assert.match((many.body as { message: string }).message, /at most 20 ids/);
      const twenty = await h.raw('GET', `/items?ids=${ids.split(',').slice(0, 20).join(',')}`);
      assert.equal((twenty.body as unknown[]).length, 20);
      const broken = await h.raw('PUT', `/items/${ITEM.PHONE_NO_SALES}`, { body: '{"price": ' });
      assert.equal(broken.status, 400);
      assert.equal((broken.body as { error: string }).error, 'bad_request');
      const list = await h.raw('PUT', `/items/${ITEM.PHONE_NO_SALES}`, { body: [1, 2] });
      assert.equal(list.status, 400);
      const noIds = await h.raw('GET', '/items');
      assert.equal(noIds.status, 400);
    });
  });

  describe('search paging and scan past 1,000 results', () => {
    it('offset + limit up to 1,000 pages; beyond needs the scan, which walks every item', async () => {
      await h.admin('POST', '/_sandbox/items/bulk', { count: 1000 });
      const edge = await h.raw('GET', `/users/${SELLER_ID}/items/search?offset=900&limit=100`);
      assert.equal(edge.status, 200);
      const total = (edge.body as { paging: { total: number } }).paging.total;
      assert.ok(total > 1000);
      const beyond = await h.raw('GET', `/users/${SELLER_ID}/items/search?offset=901&limit=100`);
      assert.equal(beyond.status, 400);
      assert.match((beyond.body as { message: string }).message, /search_type=scan/);
      const tooBig = await h.raw('GET', `/users/${SELLER_ID}/items/search?limit=101`);
      assert.equal(tooBig.status, 400);

      const seen: string[] = [];
      let scrollId: string | undefined;
      for (let calls = 0; calls < 20; calls++) {
        const query = `search_type=scan&limit=100${scrollId ? `&scroll_id=${scrollId}` : ''}`;
        const page = await h.raw('GET', `/users/${SELLER_ID}/items/search?${query}`);
        assert.equal(page.status, 200, JSON.stringify(page.body));
        const body = page.body as { results: string[]; scroll_id: string };
        if (body.results.length === 0) break;
        seen.push(...body.results);
        scrollId = body.scroll_id;
      }
      assert.equal(seen.length, total);
      assert.equal(new Set(seen).size, total);
    });

    it('a scroll_id expires 5 minutes after its last use', async () => {
      const first = await h.raw('GET', `/users/${SELLER_ID}/items/search?search_type=scan&limit=10`);
      const scrollId = (first.body as { scroll_id: string }).scroll_id;
      await advance({ minutes: 4 });
      const second = await h.raw('GET', `/users/${SELLER_ID}/items/search?search_type=scan&scroll_id=${scrollId}`);
      assert.equal(second.status, 200);
      assert.equal((second.body as { paging: { offset: number } }).paging.offset, 10);
      await advance({ minutes: 5, hours: 0 });
      const expired = await h.raw('GET', `/users/${SELLER_ID}/items/search?search_type=scan&scroll_id=${scrollId}`);
      assert.equal(expired.status, 400);
      assert.match((expired.body as { message: string }).message, /start a new scan/);
    });
  });

  describe('notifications', () => {
    let receiver: Receiver;
    beforeEach(async () => {
      receiver = await startReceiver();
      await h.admin('PUT', '/_sandbox/notifications', {
        callback_url: receiver.url,
        topics: ['items', 'items_prices'],
      });
    });
    afterEach(() => receiver.close());
    const topics = async () => {
      await h.sandbox.settle();
      return receiver.received.map((entry) => [entry.body.topic, entry.body.resource, entry.body.user_id]);
    };

    it('a price change goes to items_prices only; other changes to items', async () => {
      await putOk(ITEM.PHONE_NO_SALES, { price: 1234 });
      assert.deepEqual(await topics(), [['items_prices', `/items/${ITEM.PHONE_NO_SALES}`, SELLER_ID]]);
      receiver.received.length = 0;
      await putOk(ITEM.PHONE_NO_SALES, { available_quantity: 3 });
      assert.deepEqual(await topics(), [['items', `/items/${ITEM.PHONE_NO_SALES}`, SELLER_ID]]);
      receiver.received.length = 0;
      await putOk(ITEM.PHONE_NO_SALES, { title: 'Celular Motorola Moto G24 Gris Oferta', price: 99 });
      assert.deepEqual((await topics()).map((entry) => entry[0]).sort(), ['items', 'items_prices']);
    });

    it('creation, time-based expiry and stock sold by an order notify items', async () => {
      const created = await h.raw('POST', '/items', {
        body: { title: 'Celular Nuevo Prueba', category_id: 'MLA1055', price: 10, currency_id: 'ARS' },
      });
      await advance({ days: 1, minutes: 1 });
      await h.admin('POST', `/_sandbox/items/${ITEM.CAR_NEW_SPECIAL}/stock`, { delta: -1 });
      const resources = (await topics()).filter((entry) => entry[0] === 'items').map((entry) => entry[1]);
      assert.ok(resources.includes(`/items/${(created.body as ItemBody).id}`));
      assert.ok(resources.includes(`/items/${ITEM.PHONE_EXPIRING}`));
      assert.ok(resources.includes(`/items/${ITEM.CAR_NEW_SPECIAL}`));
    });

    it('a refused PUT notifies nothing', async () => {
      await refused(ITEM.CLOSED_EXPIRED, { price: 5 });
      assert.deepEqual(await topics(), []);
    });
  });

  it('category sale terms need no token and answer 404 for an unknown category', async () => {
    const answer = await h.raw('GET', '/categories/MLA1577/sale_terms', { token: null });
    assert.equal(answer.status, 200);
    assert.ok((answer.body as { id: string }[]).some((entry) => entry.id === 'PURCHASE_MAX_QUANTITY'));
    assert.equal((await h.raw('GET', '/categories/NOPE/sale_terms', { token: null })).status, 404);
  });
});
