import assert from 'node:assert/strict';
import { getItem } from '../../../../src/api/items';
import { allOrders, getOrder } from '../../../../src/api/orders';
import { getSizeChart } from '../../../../src/api/sizeCharts';
import {
  advertiserDescription,
  attributeDescription,
  COLORS,
  campaignDescription,
  campaignStatusLook,
  cancelReasonWords,
  columnNames,
  escapeMarkdown,
  feedbackLook,
  formatDate,
  formatJson,
  formatMoney,
  groupLabel,
  itemDescription,
  itemSortChoices,
  itemStatusChoices,
  itemStatusLook,
  itemStock,
  itemsEmptyMessage,
  itemsRootDescription,
  itemTooltip,
  jsonPath,
  type Look,
  loadMoreLabel,
  noteLabel,
  oneLine,
  orderDescription,
  orderItemDescription,
  orderLabel,
  orderSortChoices,
  orderStatusChoices,
  orderStatusLook,
  ordersEmptyMessage,
  ordersRootDescription,
  orderTagsText,
  orderTooltip,
  orderViewChoices,
  paymentDescription,
  paymentLabel,
  paymentStatusLook,
  pictureDescription,
  pictureTooltip,
  saleTermDescription,
  sizeChartDescription,
  sizeDescription,
  variationDescription,
  variationLabel,
} from '../../../../src/features/explorer/format';
import { ItemsPager } from '../../../../src/features/explorer/paging';
import { ITEM_STATUSES, type Item } from '../../../../src/model/item';
import { ORDER_CANCEL_CODES, ORDER_STATUSES, ORDER_TAGS, type Order } from '../../../../src/model/order';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../../../src/sandbox/sizeCharts/seed';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

/** Codicon ids of VS Code 1.139's codicon.css that the explorer may use; a typo would show no icon at all. */
const CODICONS = new Set(
  `pass-filled debug-pause cloud-download warning tools eye file circle-slash credit-card archive history trash error
  circle-outline question clock pie-chart thumbsup thumbsdown circle-large-outline feedback discard play-circle
  check-all megaphone tag inbox symbol-ruler symbol-numeric law symbol-field file-media versions package note
  person organization fold-down info`.split(/\s+/),
);
const THEME_COLORS = new Set(Object.values(COLORS));

function assertLook(look: Look, context: string): void {
  assert.ok(CODICONS.has(look.icon), `${context}: ${look.icon} is not a known codicon`);
  if (look.color) assert.ok(THEME_COLORS.has(look.color as never), `${context}: unknown colour ${look.color}`);
  assert.ok(look.text.length > 0);
}

describe('explorer formatting', () => {
  describe('money, numbers, dates, Markdown', () => {
    it('writes money with the currency code first, decimals only when there are cents', () => {
      assert.equal(formatMoney(1500000, 'ARS'), 'ARS 1,500,000');
      assert.equal(formatMoney(12.5, 'USD'), 'USD 12.50');
      assert.equal(formatMoney(0, 'BRL'), 'BRL 0');
      assert.equal(formatMoney(9.999, 'USD'), 'USD 10.00');
      assert.equal(formatMoney(undefined, 'USD'), '—');
      assert.equal(formatMoney(null, 'USD'), '—');
      assert.equal(formatMoney(42, undefined), '42');
      assert.equal(formatMoney(1234.5, 'EUR', 'de-DE'), 'EUR 1.234,50');
    });

    it('shows timestamps as the site wrote them, to the minute', () => {
      assert.equal(formatDate('2026-03-02T07:23:00.000-04:00'), '2026-03-02 07:23');
      assert.equal(formatDate('2025-10-03'), '2025-10-03');
      assert.equal(formatDate('yesterday'), 'yesterday');
      assert.equal(formatDate(null), '—');
    });

    it('escapes Markdown and cuts long lines', () => {
      assert.equal(escapeMarkdown('Remera *slim* [x] #1 $(zap)'), 'Remera \\*slim\\* \\[x\\] \\#1 $\\(zap\\)');
      assert.equal(oneLine('a\n b   c'), 'a b c');
      assert.equal(oneLine('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
      assert.equal([...oneLine('🙂'.repeat(20), 5)].length, 5);
    });

    it('counts in group labels and the "Load more…" label', () => {
      assert.equal(groupLabel('Sale terms', 4), 'Sale terms (4)');
      assert.equal(loadMoreLabel(50, 84), 'Load 50 more (84 left)');
      assert.equal(loadMoreLabel(50, 1034), 'Load 50 more (1,034 left)');
      assert.equal(loadMoreLabel(50, 34), 'Load the last 34');
      assert.equal(loadMoreLabel(50, 50), 'Load the last 50');
      assert.equal(loadMoreLabel(50, undefined), 'Load more…');
    });

    it('JSON document paths and content', () => {
      assert.equal(jsonPath(['items', 'MLA123']), '/items/MLA123.json');
      assert.equal(jsonPath(['size_charts', 510001, 'sizes', '38/39']), '/size_charts/510001/sizes/38%2F39.json');
      assert.equal(formatJson({ a: [1, { b: null }] }), '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}\n');
      assert.equal(formatJson(undefined), 'null\n');
    });
  });

  describe('root descriptions, choices and empty messages', () => {
    it('shows the filter and sort on the Items root, then the total', () => {
      assert.equal(itemsRootDescription('active', 'start_time_desc'), 'active · newest first');
      assert.equal(itemsRootDescription(undefined, 'price_asc', 84), 'all · cheapest first · 84');
      assert.equal(
        itemsRootDescription('under_review', 'stop_time_asc', 1234),
        'under review · ending soonest · 1,234',
      );
    });

    it('shows view, filter and sort on the Orders root; the plain search view is not named', () => {
      assert.equal(ordersRootDescription('search', undefined, 'date_desc'), 'all · newest first');
      assert.equal(ordersRootDescription('recent', 'paid', 'date_asc', 12), 'recent · paid · oldest first · 12');
      assert.equal(
        ordersRootDescription('pending', 'partially_paid', 'date_desc'),
        'pending · partially paid · newest first',
      );
    });

    it('says what to change when a list is empty', () => {
      assert.equal(itemsEmptyMessage('paused'), "No items match 'paused'. Change the filter.");
      assert.equal(itemsEmptyMessage(undefined), 'No listings yet.');
      assert.equal(
        ordersEmptyMessage('recent', 'cancelled'),
        "No orders match 'cancelled' in the recent view. Change the filter or the view.",
      );
      assert.equal(ordersEmptyMessage('search', 'paid'), "No orders match 'paid'. Change the filter.");
      assert.equal(ordersEmptyMessage('archived', undefined), 'No orders in the archived view.');
      assert.equal(ordersEmptyMessage('search', undefined), 'No orders yet.');
    });

    it('offers every item status of the model and every sort the search accepts', () => {
      assert.deepEqual(
        itemStatusChoices()
          .map((choice) => choice.value)
          .filter(Boolean)
          .sort(),
        [...ITEM_STATUSES].sort(),
      );
      assert.deepEqual(
        itemSortChoices()
          .map((choice) => choice.value)
          .sort(),
        [
          'last_updated_asc',
          'last_updated_desc',
          'price_asc',
          'price_desc',
          'start_time_asc',
          'start_time_desc',
          'stop_time_asc',
          'stop_time_desc',
        ],
      );
      // payment_required orders are never returned by a search: offering it would always answer nothing.
      assert.deepEqual(
        orderStatusChoices()
          .map((choice) => choice.value)
          .filter(Boolean)
          .sort(),
        ORDER_STATUSES.filter((status) => status !== 'payment_required').sort(),
      );
      assert.deepEqual(
        orderSortChoices().map((choice) => choice.value),
        ['date_desc', 'date_asc'],
      );
      assert.deepEqual(
        orderViewChoices().map((choice) => choice.value),
        ['search', 'recent', 'archived', 'pending'],
      );
      for (const choice of [
        ...itemStatusChoices(),
        ...itemSortChoices(),
        ...orderStatusChoices(),
        ...orderViewChoices(),
      ])
        assert.ok(choice.label && choice.description && choice.short);
    });
  });

  describe('item status looks', () => {
    const cases: [string, string[], string, string | undefined, string][] = [
      ['active', [], 'pass-filled', COLORS.green, 'active'],
      ['paused', [], 'debug-pause', COLORS.yellow, 'paused'],
      ['paused', ['out_of_stock'], 'debug-pause', COLORS.orange, 'paused (out of stock)'],
      ['paused', ['picture_download_pending'], 'cloud-download', COLORS.blue, 'paused (picture download pending)'],
      ['under_review', ['warning'], 'warning', COLORS.yellow, 'under review (warning)'],
      ['under_review', ['waiting_for_patch'], 'tools', COLORS.orange, 'under review (waiting for patch)'],
      ['under_review', ['held'], 'eye', COLORS.orange, 'under review (held)'],
      ['under_review', ['pending_documentation'], 'file', COLORS.orange, 'under review (pending documentation)'],
      ['under_review', ['forbidden'], 'circle-slash', COLORS.red, 'under review (forbidden)'],
      ['payment_required', [], 'credit-card', COLORS.orange, 'payment required'],
      ['closed', [], 'archive', COLORS.muted, 'closed'],
      ['closed', ['expired'], 'history', COLORS.muted, 'closed (expired)'],
      ['closed', ['deleted'], 'trash', COLORS.muted, 'closed (deleted)'],
      ['closed', ['suspended'], 'error', COLORS.red, 'closed (suspended)'],
      ['closed', ['freezed'], 'error', COLORS.red, 'closed (freezed)'],
      // A closed item that ran out of stock keeps the closed look; the words still say why.
      ['closed', ['out_of_stock'], 'archive', COLORS.muted, 'closed (out of stock)'],
      ['inactive', [], 'circle-outline', COLORS.muted, 'inactive'],
    ];
    for (const [status, subs, icon, color, text] of cases) {
      it(`${status}${subs.length ? ` [${subs.join(', ')}]` : ''} → ${icon}`, () => {
        const look = itemStatusLook(status, subs);
        assert.deepEqual(look, { icon, color, text });
        assertLook(look, status);
      });
    }

    it('an unknown status still shows, with a question mark', () => {
      assert.deepEqual(itemStatusLook('frozen_solid', ['x_y']), { icon: 'question', text: 'frozen solid (x y)' });
      assert.deepEqual(itemStatusLook('active', null), { icon: 'pass-filled', color: COLORS.green, text: 'active' });
    });
  });

  describe('order, payment, feedback and campaign looks', () => {
    it('every order status of the model has its own icon and colour', () => {
      const icons = new Set<string>();
      for (const status of ORDER_STATUSES) {
        const look = orderStatusLook(status);
        assertLook(look, status);
        assert.ok(look.color, `${status} has a colour`);
        icons.add(look.icon);
      }
      assert.equal(icons.size, ORDER_STATUSES.length);
      assert.deepEqual(orderStatusLook('paid'), { icon: 'pass-filled', color: COLORS.green, text: 'paid' });
    });

    it('a cancelled order says why, for every status_detail code', () => {
      for (const code of ORDER_CANCEL_CODES) {
        const look = orderStatusLook('cancelled', code);
        assert.equal(look.text, `cancelled (${cancelReasonWords(code)})`);
        assertLook(look, code);
      }
      assert.equal(orderStatusLook('cancelled', 'feedback').text, 'cancelled (returned by the seller)');
      assert.equal(orderStatusLook('cancelled', 'some_new_code').text, 'cancelled (some new code)');
    });

    it('fraud_risk_detected turns the icon into a red warning and leads the tags', () => {
      const look = orderStatusLook('paid', null, ['reservation', 'fraud_risk_detected']);
      assert.deepEqual(look, { icon: 'warning', color: COLORS.red, text: 'paid' });
      assert.equal(
        orderTagsText(['reservation', 'paid', 'fraud_risk_detected']),
        '⚠ fraud risk detected · reservation · paid',
      );
      for (const tag of ORDER_TAGS) assert.ok(orderTagsText([tag]).includes(tag.replace(/_/g, ' ')));
      assert.equal(orderTagsText(undefined), '');
    });

    it('payments, feedback and campaigns', () => {
      assert.deepEqual(paymentStatusLook('approved', 'accredited'), {
        icon: 'pass-filled',
        color: COLORS.green,
        text: 'approved (accredited)',
      });
      assert.equal(
        paymentStatusLook('rejected', 'cc_rejected_insufficient_amount').text,
        'rejected (cc rejected insufficient amount)',
      );
      for (const status of ['approved', 'rejected', 'pending', 'refunded', 'cancelled'])
        assertLook(paymentStatusLook(status), status);
      const hidden = feedbackLook({
        fulfilled: false,
        rating: 'neutral',
        status: 'hidden',
        visibility_date: '2026-04-01T10:00:00.000-04:00',
      });
      assert.equal(hidden.text, 'neutral · not fulfilled · hidden until 2026-04-01');
      assertLook(hidden, 'feedback');
      assert.equal(feedbackLook({ fulfilled: true, rating: 'positive', status: 'active' }).icon, 'thumbsup');
      for (const status of ['active', 'paused', 'finished', null])
        assertLook(campaignStatusLook(status), String(status));
      assert.equal(
        campaignDescription({
          id: 9001001,
          name: 'x',
          status: 'active',
          type: 'GUARANTEED',
          start_date: '2025-10-03T00:00:00',
          end_date: '2026-05-01T23:59:59',
        }),
        'active · GUARANTEED · 2025-10-03 → 2026-05-01 · 9001001',
      );
      assert.equal(
        advertiserDescription({ advertiser_id: 731001, site_id: 'MLA', currency: 'ARS' }),
        '731001 · MLA · ARS',
      );
    });
  });

  describe('on the sandbox data', () => {
    const h = useSandbox({}, false);
    let items: Item[];
    let orders: Order[];

    before(async () => {
      const pager = new ItemsPager(h.client, SELLER_ID, {}, 100);
      items = [];
      while (!pager.done) items.push(...(await pager.next()).items);
      orders = [];
      for await (const order of allOrders(h.client, { seller: SELLER_ID })) orders.push(order);
    });

    it('every seeded item and sub-status has a known look, and the description carries price, status and id', () => {
      const seen = new Set<string>();
      for (const item of items) {
        const look = itemStatusLook(item.status, item.sub_status);
        assertLook(look, item.id);
        assert.notEqual(look.icon, 'question', `${item.id} ${item.status}`);
        for (const sub of item.sub_status ?? []) assert.ok(look.text.includes(sub.replace(/_/g, ' ')));
        seen.add([item.status, ...(item.sub_status ?? [])].join('/'));
        const description = itemDescription(item);
        assert.ok(description.startsWith(formatMoney(item.price, item.currency_id)), description);
        assert.ok(description.includes(look.text));
        assert.ok(description.endsWith(item.id));
      }
      // The seed covers every state and sub-state the spec names (deleted items are not returned by the search).
      for (const state of [
        'active',
        'payment_required',
        'under_review/warning',
        'under_review/waiting_for_patch',
        'under_review/held',
        'under_review/pending_documentation',
        'under_review/forbidden',
        'paused/out_of_stock',
        'paused/picture_download_pending',
        'paused',
        'closed/expired',
        'closed/suspended',
        'inactive',
      ])
        assert.ok(seen.has(state), `seen ${state}`);
    });

    it('an out-of-stock item says so once; stock of an item with variations is theirs', async () => {
      const out = await getItem(h.client, ITEM.PAUSED_OUT_OF_STOCK);
      const description = itemDescription(out);
      assert.equal(description.match(/out of stock/g)?.length, 1);
      const withVariations = await getItem(h.client, ITEM.TSHIRT_VARIATIONS);
      const sum = withVariations.variations!.reduce((total, entry) => total + (entry.available_quantity ?? 0), 0);
      assert.equal(itemStock(withVariations), sum);
      assert.ok(itemDescription(withVariations).includes(`${sum} in stock`));
      const variation = withVariations.variations![0]!;
      assert.equal(variationLabel(variation), 'S · Negro');
      assert.equal(variationDescription(variation, 'ARS'), `ARS 34,999 · 4 in stock · ${variation.id}`);
    });

    it('the item tooltip holds id, listing type, condition, sold quantity and every sale term', async () => {
      const item = await getItem(h.client, ITEM.PHONE_MANUFACTURING_TIME);
      const tooltip = itemTooltip(item);
      assert.ok(tooltip.includes(`\`${item.id}\``));
      assert.ok(tooltip.includes(`**Listing type:** ${escapeMarkdown(item.listing_type_id!)}`));
      assert.ok(tooltip.includes(`**Condition:** ${escapeMarkdown(item.condition!)}`));
      assert.ok(tooltip.includes(`**Sold:** ${item.sold_quantity}`));
      assert.ok(tooltip.includes(`**Sale terms (${item.sale_terms!.length})**`));
      for (const term of item.sale_terms!) assert.ok(tooltip.includes(`\`${term.id}\``), term.id);
      assert.ok(tooltip.includes('15 días'));
      assert.ok(tooltip.includes(`[Open the listing](${item.permalink})`));
      const manufacturing = item.sale_terms!.find((term) => term.id === 'MANUFACTURING_TIME')!;
      assert.equal(saleTermDescription(manufacturing), '15 días · MANUFACTURING_TIME');
      const brand = item.attributes!.find((attribute) => attribute.value_name)!;
      assert.equal(attributeDescription(brand), `${brand.value_name} · ${brand.id}`);
      const picture = item.pictures![0]!;
      assert.ok(pictureDescription(picture).startsWith(picture.size!));
      assert.ok(pictureTooltip(picture).includes(`](${picture.secure_url}|width=240)`));
    });

    it('every order has a known look; label, description and tooltip carry id, buyer, amounts, status and tags', () => {
      assert.ok(orders.length > 100);
      for (const order of orders) {
        const look = orderStatusLook(order.status, order.status_detail?.code, order.tags);
        assertLook(look, String(order.id));
        assert.notEqual(look.icon, 'question');
        assert.equal(orderLabel(order), `#${order.id} · ${order.buyer.nickname}`);
        const description = orderDescription(order);
        assert.ok(description.startsWith(formatMoney(order.total_amount, order.currency_id)), description);
        assert.ok(description.includes(look.text));
        for (const tag of order.tags ?? [])
          assert.ok(description.includes(tag.replace(/_/g, ' ')), `${order.id} ${tag}`);
        const tooltip = orderTooltip(order);
        assert.ok(tooltip.includes(`**Order ${order.id}**`));
        assert.ok(tooltip.includes(`\`${order.buyer.id}\``));
      }
      const fraud = orders.filter((order) => order.tags?.includes('fraud_risk_detected'));
      assert.equal(fraud.length, 3);
      for (const order of fraud) assert.equal(orderStatusLook(order.status, null, order.tags).icon, 'warning');
    });

    it('a partially paid order shows what was paid; payments and order lines read well', () => {
      const partial = orders.find((order) => order.status === 'partially_paid')!;
      assert.match(
        orderDescription(partial),
        new RegExp(`^USD 500 \\(paid USD ${partial.paid_amount}\\) · partially paid · reservation$`),
      );
      const line = partial.order_items[0]!;
      assert.equal(
        orderItemDescription(line, partial.currency_id),
        `1 × USD 500 · full price ${formatMoney(line.full_unit_price, 'USD')} · ${line.item.id}`,
      );
      const payment = partial.payments![0]!;
      assert.equal(paymentLabel(payment, partial.currency_id), `USD ${payment.transaction_amount} · visa`);
      assert.equal(paymentDescription(payment), `approved (accredited) · ${payment.id}`);
    });

    it('an order with two payments: the rejected card, then the approved one', async () => {
      const two = orders.find((order) => order.payments?.length === 2)!;
      const fresh = await getOrder(h.client, two.id);
      const looks = fresh.payments!.map((payment) => paymentStatusLook(payment.status, payment.status_detail));
      assert.deepEqual(
        looks.map((look) => look.icon),
        ['error', 'pass-filled'],
      );
      assert.match(looks[0]!.text, /insufficient amount/);
    });

    it('size chart sizes read as their measurements with units', async () => {
      const chart = await getSizeChart(h.client, SEEDED_CHART_IDS.shirts);
      assert.equal(sizeChartDescription(chart), '510001 · 5 sizes · 3 measurements');
      assert.equal(sizeChartDescription({ id: 510002, name: 'x' }), '510002');
      const m = chart.sizes!.find((size) => size.name === 'M')!;
      assert.equal(
        sizeDescription(m, columnNames(chart)),
        'Contorno de pecho 98 cm · Largo total 71 cm · Largo de manga 21 cm',
      );
    });

    it('a note label is its first line', () => {
      assert.equal(
        noteLabel({ id: 'a', note: 'Cliente confirma\nvisita el sábado.' }),
        'Cliente confirma visita el sábado.',
      );
      assert.equal(noteLabel({ id: 'b', note: '   ' }), '(empty note)');
    });
  });
});
