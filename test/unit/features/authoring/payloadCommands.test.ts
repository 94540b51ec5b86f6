import assert from 'node:assert/strict';
import { getItem, searchSellerItems, updateItem } from '../../../../src/api/items';
import { addNote, sendFeedback } from '../../../../src/api/orders';
import { createSizeChart } from '../../../../src/api/sizeCharts';
import {
  blacklistSkeleton,
  destinationPlaceholder,
  editableItemPayload,
  feedbackSkeleton,
  fieldRefusal,
  kindName,
  NEW_PAYLOAD_KINDS,
  type NewPayloadKind,
  newFileNameProblem,
  newItemSkeleton,
  nextFreeName,
  noteSkeleton,
  PLACEHOLDER_VISIBLE,
  PULLED_FIELDS,
  proposedFileName,
  renderPayload,
  requestOfName,
  saleTermsSkeleton,
  sizeChartSkeleton,
} from '../../../../src/features/authoring/skeletons';
import { ITEM_STATUSES, type Item, ItemCreate, ItemUpdate, SaleTermsUpdate } from '../../../../src/model/item';
import { BlacklistRequest, FeedbackRequest, NoteRequest } from '../../../../src/model/order';
import { classifyPayloadFile } from '../../../../src/model/payloadFiles';
import { SizeChartCreate } from '../../../../src/model/sizeChart';
import { READ_ONLY_FIELDS, UPDATABLE_FIELDS } from '../../../../src/rules/itemEditability';
import { itemCreateFindings } from '../../../../src/rules/items';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SECOND_USER_ID, SELLER_ID } from '../../../../src/sandbox/users/ids';
import { apiFailure } from '../../support/apiFailure';
import { useSandbox } from '../../support/sandbox';

const at = (text: string, range: { start: number; end: number } | undefined) =>
  range ? text.slice(range.start, range.end) : undefined;

describe('payload authoring: skeletons and file names', () => {
  const h = useSandbox();

  describe('renderPayload', () => {
    it('writes pretty JSON with a final newline and selects the first value to edit inside its quotes', () => {
      const rendered = renderPayload({ title: 'Hello', price: 10, sizes: [{ name: 'M' }] }, ['title']);
      assert.equal(
        rendered.text,
        '{\n  "title": "Hello",\n  "price": 10,\n  "sizes": [\n    {\n      "name": "M"\n    }\n  ]\n}\n',
      );
      assert.equal(at(rendered.text, rendered.firstEdit), 'Hello');
      const number = renderPayload({ title: 'Hello', price: 10 }, ['price']);
      assert.equal(at(number.text, number.firstEdit), '10');
      const nested = renderPayload({ sizes: [{ name: 'M' }] }, ['sizes', 0, 'name']);
      assert.equal(at(nested.text, nested.firstEdit), 'M');
      assert.equal(renderPayload({ title: 'x' }, ['missing']).firstEdit, undefined);
    });
  });

  describe('new payload skeletons', () => {
    it('a new item: every creation field, the site and currency, the title selected, blanks flagged by the rules', () => {
      const skeleton = newItemSkeleton({ siteId: 'MLA', currencyId: 'ARS' });
      assert.deepEqual(Object.keys(skeleton.body), [
        'site_id',
        'title',
        'category_id',
        'price',
        'currency_id',
        'available_quantity',
        'buying_mode',
        'listing_type_id',
        'condition',
        'pictures',
        'sale_terms',
        'attributes',
      ]);
      assert.equal(skeleton.body.site_id, 'MLA');
      assert.equal(skeleton.body.currency_id, 'ARS');
      const rendered = renderPayload(skeleton.body, skeleton.firstEdit);
      assert.equal(at(rendered.text, rendered.firstEdit), skeleton.body.title);
      // What only the seller can answer is left blank, and the checks point at exactly those fields.
      const flagged = itemCreateFindings(skeleton.body)
        .filter((finding) => finding.severity === 'error')
        .map((finding) => finding.path.join('.'));
      assert.deepEqual(flagged.sort(), ['category_id', 'pictures.0.source', 'price']);
      // Signed out, the site is left out and the currency blank.
      const offline = newItemSkeleton();
      assert.equal(offline.body.site_id, undefined);
      assert.equal(offline.body.currency_id, '');
    });

    it('a new item with its blanks filled is a valid creation for the sandbox (POST /items/validate answers 204)', async () => {
      const body = structuredClone(newItemSkeleton({ siteId: 'MLA', currencyId: 'ARS' }).body) as Record<string, never>;
      Object.assign(body, {
        title: 'Samsung Galaxy A15 128 GB',
        category_id: 'MLA1055',
        price: 250000,
        pictures: [{ source: 'https://pictures.marketplace.example/galaxy-a15.jpg' }],
        attributes: [
          { id: 'BRAND', value_name: 'Samsung' },
          { id: 'MODEL', value_name: 'Galaxy A15' },
        ],
      });
      assert.ok(ItemCreate.safeParse(body).success);
      const answer = await h.raw('POST', '/items/validate', { body });
      assert.equal(answer.status, 204, JSON.stringify(answer.body));
    });

    it("a sale-terms file holds the item's current terms as inputs, and sending them back is accepted", async () => {
      const item = await getItem(h.client, ITEM.MICROWAVE_EXAMPLE);
      assert.ok(item.sale_terms?.length, 'the example item has sale terms');
      const skeleton = saleTermsSkeleton(item.sale_terms);
      assert.deepEqual(
        skeleton.body.sale_terms,
        item.sale_terms.map((term) =>
          term.value_id
            ? { id: term.id, value_id: term.value_id, value_name: term.value_name }
            : { id: term.id, value_name: term.value_name },
        ),
      );
      assert.ok(SaleTermsUpdate.safeParse(skeleton.body).success);
      const rendered = renderPayload(skeleton.body, skeleton.firstEdit);
      assert.equal(at(rendered.text, rendered.firstEdit), item.sale_terms[0]?.value_name);
      const updated = await updateItem(h.client, item.id, skeleton.body as never);
      assert.deepEqual(
        updated.sale_terms?.map((term) => [term.id, term.value_name]),
        item.sale_terms.map((term) => [term.id, term.value_name]),
      );
    });

    it('a sale-terms file for an item without terms starts from the MANUFACTURING_TIME example, which the API accepts', async () => {
      const skeleton = saleTermsSkeleton(undefined);
      assert.deepEqual(skeleton.body, { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '30 días' }] });
      const updated = await updateItem(h.client, ITEM.PHONE_NO_SALES, skeleton.body as never);
      assert.equal(updated.sale_terms?.find((term) => term.id === 'MANUFACTURING_TIME')?.value_name, '30 días');
    });

    it('a size chart: one size with two measurements, created as is by the sandbox (201)', async () => {
      const skeleton = sizeChartSkeleton();
      assert.ok(SizeChartCreate.safeParse(skeleton.body).success);
      const sizes = skeleton.body.sizes as { measurements: unknown[] }[];
      assert.equal(sizes.length, 1);
      assert.equal(sizes[0]?.measurements.length, 2);
      const chart = await createSizeChart(h.client, skeleton.body as never);
      assert.equal(chart.name, skeleton.body.name);
      assert.deepEqual(chart.columns?.map((column) => column.id).sort(), ['CHEST_CIRCUMFERENCE', 'TOTAL_LENGTH']);
    });

    it('note, feedback and blacklist bodies are valid requests the sandbox accepts', async () => {
      assert.ok(NoteRequest.safeParse(noteSkeleton().body).success);
      assert.ok(FeedbackRequest.safeParse(feedbackSkeleton().body).success);
      assert.ok(BlacklistRequest.safeParse(blacklistSkeleton().body).success);
      const orders = await h.admin<{
        orders: { id: number; feedback: { sale: boolean }; visible_to_seller: boolean }[];
      }>('GET', '/_sandbox/orders?status=paid');
      const open = orders.orders.find((order) => order.visible_to_seller && !order.feedback.sale);
      assert.ok(open, 'a paid order without the seller feedback');
      const note = await addNote(h.client, open.id, String(noteSkeleton().body.note));
      assert.equal(note.note, noteSkeleton().body.note);
      const feedback = await sendFeedback(h.client, open.id, feedbackSkeleton().body as never);
      assert.equal(feedback.fulfilled, true);
      assert.equal(feedback.rating, 'positive');
      // The blacklist skeleton's user id is a blank to fill; filled, the same body bars the user.
      const barred = await h.raw('POST', `/users/${SELLER_ID}/order_blacklist`, {
        body: { ...blacklistSkeleton().body, user_id: SECOND_USER_ID },
      });
      assert.ok(barred.status >= 200 && barred.status < 300, JSON.stringify(barred.body));
    });
  });

  describe('file names', () => {
    const kinds = NEW_PAYLOAD_KINDS;
    const targets: Partial<Record<NewPayloadKind, string>> = {
      saleTerms: 'MLA1400000705',
      note: '2000001234',
      feedback: '2000001234',
    };
    const requests: Record<NewPayloadKind, string> = {
      item: 'POST /items (create)',
      saleTerms: 'PUT /items/MLA1400000705 (update)',
      sizeChart: 'POST /size_charts (create)',
      note: 'POST /orders/2000001234/notes (create)',
      feedback: 'POST /orders/2000001234/feedback (create)',
      blacklist: 'POST /users/{me}/order_blacklist (create)',
    };
    for (const kind of kinds) {
      it(`the proposed ${kindName(kind)} file name makes ${requests[kind]}`, () => {
        const name = proposedFileName(kind, targets[kind]);
        assert.equal(classifyPayloadFile(name)?.kind, kind);
        assert.equal(requestOfName(name), requests[kind]);
        assert.equal(newFileNameProblem(kind, name), undefined);
      });
    }

    it('names that would not make the intended request are refused with the reason', () => {
      assert.match(newFileNameProblem('item', 'listing.json') ?? '', /must end with \.item\.json/);
      assert.match(newFileNameProblem('item', 'sub/new.item.json') ?? '', /without folders/);
      assert.match(newFileNameProblem('item', 'MLA1234567.item.json') ?? '', /would update MLA1234567/);
      assert.match(newFileNameProblem('sizeChart', '1200345.size-chart.json') ?? '', /replace chart 1200345/);
      assert.match(newFileNameProblem('saleTerms', 'phone.sale-terms.json') ?? '', /MLA1234567\.sale-terms\.json/);
      assert.match(newFileNameProblem('note', 'hello.note.json') ?? '', /2000001234\.note\.json/);
      assert.match(newFileNameProblem('sizeChart', 'new.item.json') ?? '', /must end with \.size-chart\.json/);
      assert.equal(newFileNameProblem('item', 'summer-sale.item.json'), undefined);
      // Case does not matter (as everywhere a payload file name is read), an item id in any case included.
      assert.equal(newFileNameProblem('item', 'summer-sale.ITEM.json'), undefined);
      assert.equal(newFileNameProblem('item', 'Summer-Sale.Item.Json'), undefined);
      assert.match(newFileNameProblem('item', 'mla1234567.Item.json') ?? '', /would update MLA1234567/);
      assert.match(newFileNameProblem('item', '.ITEM.JSON') ?? '', /must end with \.item\.json/);
      assert.throws(() => proposedFileName('saleTerms'), /named after its target/);
    });

    it('a taken name gets the next free number, keeping the suffix (and so the request)', () => {
      const taken = new Set(['new-listing.item.json', 'new-listing-2.item.json']);
      assert.equal(
        nextFreeName('new-listing.item.json', (name) => taken.has(name)),
        'new-listing-3.item.json',
      );
      assert.equal(
        nextFreeName('new-size-chart.size-chart.json', () => false),
        'new-size-chart.size-chart.json',
      );
      assert.equal(requestOfName('new-listing-3.item.json'), 'POST /items (create)');
    });
  });
});

describe('payload authoring: the editable fields of a live item (every seeded state)', () => {
  const h = useSandbox();

  /** Every listing of the seller: what the search returns, and the deleted one it leaves out. */
  async function sellerItems(): Promise<Item[]> {
    const page = await searchSellerItems(h.client, SELLER_ID, { limit: 100 });
    assert.equal(page.paging.total, page.results.length, 'one page holds every listing');
    const ids = [...new Set([...page.results, ...Object.values(ITEM).filter((id) => id.startsWith('MLA'))])];
    return Promise.all(ids.map((id) => getItem(h.client, id)));
  }

  const state = (item: Item) => [item.status, ...(item.sub_status ?? [])].join('/');

  /** A different value for a field, so the sandbox judges a change. */
  function changed(item: Item, field: string): unknown {
    switch (field) {
      case 'title':
        return 'Otro titulo distinto';
      case 'condition':
        return item.condition === 'new' ? 'used' : 'new';
      case 'buying_mode':
        return item.buying_mode === 'buy_it_now' ? 'classified' : 'buy_it_now';
      case 'listing_type_id':
        return item.listing_type_id === 'gold_special' ? 'gold_premium' : 'gold_special';
      case 'available_quantity':
        return (item.available_quantity ?? 0) + 1;
      case 'price':
        return item.price + 1;
      default:
        return editableItemPayload({ ...item, status: 'active', sub_status: [] }).body[field];
    }
  }

  it('the seed covers every item state and sub-state the rules distinguish', async () => {
    const states = new Set((await sellerItems()).map(state));
    for (const status of ITEM_STATUSES)
      assert.ok(
        [...states].some((entry) => entry.startsWith(status)),
        status,
      );
    for (const expected of [
      'active',
      'paused',
      'paused/out_of_stock',
      'paused/picture_download_pending',
      'under_review/warning',
      'under_review/waiting_for_patch',
      'under_review/held',
      'under_review/pending_documentation',
      'under_review/forbidden',
      'closed/expired',
      'closed/suspended',
      'closed/deleted',
      'payment_required',
      'inactive',
    ])
      assert.ok(states.has(expected), `the seed has an item ${expected}`);
  });

  it('for every seeded item: only updatable fields in input shape; sent back unchanged, the sandbox accepts it', async () => {
    for (const item of await sellerItems()) {
      const pulled = editableItemPayload(item);
      const fields = Object.keys(pulled.body);
      const label = `${item.id} (${state(item)})`;
      assert.ok(ItemUpdate.safeParse(pulled.body).success, `${label}: the body is a valid PUT /items body`);
      for (const field of fields) {
        assert.ok((UPDATABLE_FIELDS as readonly string[]).includes(field), `${label}: ${field} is updatable`);
        assert.ok(!READ_ONLY_FIELDS.has(field), `${label}: ${field} is not read-only`);
        assert.ok(!['status', 'deleted', 'description'].includes(field), `${label}: ${field} is not pulled`);
      }
      assert.deepEqual(
        fields,
        PULLED_FIELDS.filter((field) => fields.includes(field)),
        `${label}: fields in the file's order`,
      );
      assert.deepEqual(pulled.firstEdit, fields.length ? [fields[0]] : undefined);
      // Whatever was left out is refused by the sandbox when changed: the rules and the API agree.
      for (const { field, reason } of pulled.leftOut) {
        assert.ok(reason, `${label}: ${field} says why it was left out`);
        const refused = await apiFailure(updateItem(h.client, item.id, { [field]: changed(item, field) } as never));
        assert.equal(refused.status, 400, `${label}: changing ${field} is refused`);
      }
      if (pulled.locked) {
        assert.deepEqual(pulled.body, {}, `${label}: a locked state pulls nothing`);
        continue;
      }
      // The pulled file, sent back unchanged, is accepted.
      const updated = await updateItem(h.client, item.id, pulled.body as never);
      assert.equal(updated.price, item.price, `${label}: sending the file back changes nothing`);
      assert.equal(updated.title, item.title, label);
    }
  });

  it('sales lock title, condition, buying mode and listing type; without sales they are editable', async () => {
    const withSales = await getItem(h.client, ITEM.PHONE_WITH_SALES);
    assert.ok((withSales.sold_quantity ?? 0) > 0);
    const sold = editableItemPayload(withSales);
    assert.deepEqual(Object.keys(sold.body), [
      'price',
      'available_quantity',
      'seller_custom_field',
      'pictures',
      'attributes',
      'sale_terms',
      'shipping',
    ]);
    assert.deepEqual(
      sold.leftOut.map((entry) => entry.field),
      ['title', 'condition', 'buying_mode', 'listing_type_id'],
    );
    assert.match(sold.leftOut[0]?.reason ?? '', /has sales/);
    assert.deepEqual(sold.firstEdit, ['price']);

    const noSales = editableItemPayload(await getItem(h.client, ITEM.PHONE_NO_SALES));
    assert.deepEqual(Object.keys(noSales.body), [
      'title',
      'price',
      'available_quantity',
      'condition',
      'buying_mode',
      'listing_type_id',
      'seller_custom_field',
      'pictures',
      'attributes',
      'sale_terms',
      'shipping',
    ]);
    assert.deepEqual(noSales.leftOut, []);
  });

  it('read-only parts are dropped: pictures by id, sale terms and attributes as inputs, shipping choices only', async () => {
    const item = await getItem(h.client, ITEM.PHONE_FLEX);
    const body = editableItemPayload(item).body;
    assert.deepEqual(
      body.pictures,
      item.pictures?.map((picture) => ({ id: picture.id })),
    );
    for (const term of body.sale_terms as Record<string, unknown>[])
      assert.deepEqual(
        Object.keys(term).filter((key) => !['id', 'value_id', 'value_name'].includes(key)),
        [],
      );
    for (const attribute of body.attributes as Record<string, unknown>[])
      assert.ok(!('attribute_group_id' in attribute) && !('attribute_group_name' in attribute));
    // Flex delivery is the marketplace's tag, not a choice of the seller.
    assert.ok(item.shipping?.tags?.includes('self_service_in'));
    assert.deepEqual(Object.keys(body.shipping as object).sort(), [
      'dimensions',
      'free_shipping',
      'local_pick_up',
      'mode',
    ]);
  });

  it('an item with variations keeps their stock and drops its own', async () => {
    const item = await getItem(h.client, ITEM.TSHIRT_VARIATIONS);
    const pulled = editableItemPayload(item);
    assert.ok(!('available_quantity' in pulled.body));
    assert.match(pulled.leftOut.find((entry) => entry.field === 'available_quantity')?.reason ?? '', /variations/);
    const variations = pulled.body.variations as { id: unknown; available_quantity: number }[];
    assert.deepEqual(
      variations.map((variation) => [variation.id, variation.available_quantity]),
      item.variations?.map((variation) => [variation.id, variation.available_quantity]),
    );
  });

  it('paused out of stock keeps the stock (the way back to active); a warning under review keeps the content', async () => {
    const paused = editableItemPayload(await getItem(h.client, ITEM.PAUSED_OUT_OF_STOCK));
    assert.equal(paused.body.available_quantity, 0);
    const review = editableItemPayload(await getItem(h.client, ITEM.REVIEW_WARNING));
    assert.equal(review.locked, undefined);
    for (const field of ['title', 'pictures', 'attributes', 'price']) assert.ok(field in review.body, field);
  });

  it('closed, deleted, inactive, unpaid, held, pending documentation and forbidden items pull nothing, saying why', async () => {
    const expected: [string, RegExp][] = [
      [ITEM.CLOSED_EXPIRED, /closed item accepts only \{"deleted": "true"\}/],
      [ITEM.CLOSED_SUSPENDED, /closed item accepts only/],
      [ITEM.CLOSED_DELETED, /was deleted/],
      [ITEM.INACTIVE, /inactive.*read-only/],
      [ITEM.PAYMENT_REQUIRED, /until it is paid/],
      [ITEM.REVIEW_HELD, /held.*until the review ends/],
      [ITEM.REVIEW_PENDING_DOCUMENTATION, /pending_documentation.*until the review ends/],
      [ITEM.REVIEW_FORBIDDEN, /can only be deleted/],
    ];
    for (const [id, reason] of expected) {
      const pulled = editableItemPayload(await getItem(h.client, id));
      assert.deepEqual(pulled.body, {}, id);
      assert.match(pulled.locked ?? '', reason, id);
      assert.ok(
        pulled.leftOut.some((entry) => entry.field === 'price'),
        `${id} lists what it left out`,
      );
    }
  });

  it('fieldRefusal answers for one field (the sale-terms command asks it before writing a file)', async () => {
    assert.equal(fieldRefusal(await getItem(h.client, ITEM.PHONE_NO_SALES), 'sale_terms'), undefined);
    assert.match(
      fieldRefusal(await getItem(h.client, ITEM.CLOSED_EXPIRED), 'sale_terms') ?? '',
      /sale_terms cannot change/,
    );
  });
});

describe('the destination pick of New … Payload', () => {
  // A quick input shows about 60 characters of its placeholder; what does not fit is cut with no way to read it.
  const VISIBLE = 60;
  assert.equal(PLACEHOLDER_VISIBLE, VISIBLE);
  const targets: Record<NewPayloadKind, string | undefined> = {
    item: undefined,
    saleTerms: 'MLA1400000401',
    sizeChart: undefined,
    note: '2000012345678',
    feedback: '2000012345678',
    blacklist: undefined,
  };

  it('its placeholder shows whole and names the file it writes, for every kind', () => {
    for (const kind of NEW_PAYLOAD_KINDS) {
      const proposed = proposedFileName(kind, targets[kind]);
      const text = destinationPlaceholder(proposed);
      assert.ok(text.length <= VISIBLE, `${kind}: ${text.length} characters: ${text}`);
      assert.ok(text.includes(proposed), text);
    }
    assert.equal(destinationPlaceholder('new-listing.item.json'), 'new-listing.item.json makes POST /items (create)');
  });
});
