import assert from 'node:assert/strict';
import {
  Blacklist,
  BlacklistRequest,
  FeedbackRequest,
  NoteRequest,
  Order,
  OrderFeedback,
  OrderNote,
  OrderNotesAnswer,
  OrderSearchResult,
  Payment,
  PaymentsSearchResult,
} from '../../../src/model/order';
import { PaymentMethod, PLATFORM_PAYMENT_METHOD_ID, Site, supportsPlatform } from '../../../src/model/site';

/** A reservation order with every field of the spec's table, as the API writes it. */
const ORDER = {
  id: 2195160686,
  status: 'cancelled',
  status_detail: { code: 'feedback', description: 'The seller returned the reservation.' },
  date_created: '2026-02-10T10:15:00.000-04:00',
  date_closed: '2026-02-10T11:00:00.000-04:00',
  expiration_date: '2026-03-12T10:15:00.000-04:00',
  last_updated: '2026-02-15T09:00:00.000-04:00',
  order_items: [
    {
      item: {
        id: 'MLA1400000101',
        title: 'Toyota Corolla 2.0 XEI CVT 0km',
        category_id: 'MLA1744',
        variation_id: null,
        variation_attributes: [],
      },
      quantity: 1,
      unit_price: 500,
      full_unit_price: 32500,
      currency_id: 'USD',
    },
  ],
  total_amount: 500,
  paid_amount: 500,
  total_amount_with_shipping: 500,
  currency_id: 'USD',
  buyer: {
    id: 7000000001,
    nickname: 'TEST_BUYER_01',
    email: 'test.buyer.01@testuser.example',
    phone: { area_code: '11', number: '45551234', extension: '' },
    alternative_phone: { area_code: '11', number: '1570000001', extension: '' },
    first_name: 'Lucía',
    last_name: 'González',
    billing_info: { doc_type: 'DNI', doc_number: '30111222' },
  },
  seller: {
    id: 5503910054,
    nickname: 'TEST_SELLER_AUTOS',
    email: 'seller@testuser.example',
    phone: { area_code: '11', number: '44440000', extension: '' },
    alternative_phone: { area_code: '11', number: '1555039100', extension: '' },
    first_name: 'Mateo',
    last_name: 'Pérez',
  },
  payments: [
    {
      id: 41000000001,
      order_id: 2195160686,
      payer_id: 7000000001,
      collector: { id: 5503910054 },
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
      status_code: null,
      operation_type: 'regular_payment',
      payment_method_id: 'master',
      payment_type: 'credit_card',
      transaction_amount: 500,
      total_paid_amount: 0,
      shipping_cost: 0,
      overpaid_amount: 0,
      coupon_amount: 0,
      coupon_id: null,
      currency_id: 'USD',
      installments: 1,
      issuer_id: '310',
      card_id: 8000000001,
      activation_uri: null,
      atm_transfer_reference: { company_id: null, transaction_id: null },
      available_actions: [],
      date_created: '2026-02-10T10:59:00.000-04:00',
      date_last_modified: '2026-02-10T10:59:00.000-04:00',
      reason: 'Toyota Corolla 2.0 XEI CVT 0km',
      site_id: 'MLA',
    },
  ],
  feedback: {
    sale: { id: 9100000001, fulfilled: false, rating: 'neutral', date_created: '2026-02-15T09:00:00.000-04:00' },
    purchase: null,
  },
  shipping: { id: null, status: 'to_be_agreed' },
  tags: ['reservation', 'paid'],
  coupon: { amount: 0, id: null },
  mediations: [],
};

describe('order model', () => {
  it('parses an order with every field of the spec, keeping unknown fields', () => {
    const parsed = Order.parse({ ...ORDER, context: { site: 'MLA' } });
    assert.equal(parsed.id, 2195160686);
    assert.equal(parsed.status_detail?.code, 'feedback');
    assert.equal(parsed.order_items[0]?.full_unit_price, 32500);
    assert.equal(parsed.buyer.billing_info?.doc_number, '30111222');
    assert.equal(parsed.payments?.[0]?.status_detail, 'cc_rejected_insufficient_amount');
    assert.deepEqual((parsed as Record<string, unknown>).context, { site: 'MLA' });
  });

  it('parses an order before the counterpart data is added (buyer id and nickname only)', () => {
    const parsed = Order.parse({
      ...ORDER,
      status: 'partially_paid',
      status_detail: null,
      date_closed: null,
      buyer: { id: 7000000004, nickname: 'TEST_BUYER_04' },
    });
    assert.equal(parsed.buyer.email, undefined);
  });

  it('requires the identity fields of an order', () => {
    const { id: _id, ...withoutId } = ORDER;
    assert.equal(Order.safeParse(withoutId).success, false);
    assert.equal(Order.safeParse({ ...ORDER, buyer: { nickname: 'x' } }).success, false);
  });

  it('parses every payment field the spec lists', () => {
    const payment = Payment.parse(ORDER.payments[0]);
    for (const field of [
      'activation_uri',
      'atm_transfer_reference',
      'available_actions',
      'card_id',
      'collector',
      'coupon_amount',
      'coupon_id',
      'currency_id',
      'date_created',
      'date_last_modified',
      'id',
      'installments',
      'issuer_id',
      'operation_type',
      'order_id',
      'overpaid_amount',
      'payer_id',
      'payment_method_id',
      'payment_type',
      'reason',
      'shipping_cost',
      'site_id',
      'status',
      'status_code',
      'status_detail',
      'total_paid_amount',
      'transaction_amount',
    ]) {
      assert.ok(field in payment, field);
    }
  });

  it('parses the public order search answer shape', () => {
    const parsed = OrderSearchResult.parse({
      query: null,
      results: [ORDER],
      sort: { id: 'date_asc', name: 'Date ascending' },
      available_sorts: [{ id: 'date_desc', name: 'Date descending' }],
      filters: [],
      available_filters: [
        { id: 'order.status', name: 'Order Status', type: 'text', values: [{ id: 'paid', name: 'Paid', results: 1 }] },
      ],
      paging: { total: 1, offset: 0, limit: 50 },
      display: 'complete',
    });
    assert.equal(parsed.paging.total, 1);
    assert.equal(parsed.available_filters?.[0]?.values?.[0]?.results, 1);
  });

  it('parses notes: the public note shape and the list answer', () => {
    const note = {
      id: '65a0000000000000000000001',
      date_created: '2026-02-10T10:00:00.000-04:00',
      date_last_updated: '2026-02-10T10:00:00.000-04:00',
      note: 'Llamar antes de las 18 h.',
    };
    assert.equal(OrderNote.parse(note).note, 'Llamar antes de las 18 h.');
    assert.equal(OrderNotesAnswer.parse([{ order_id: '2195160686', results: [note] }])[0]?.results.length, 1);
  });

  it('parses the public feedback answer {sale, purchase}', () => {
    const parsed = OrderFeedback.parse({
      sale: {
        fulfilled: true,
        rating: 'positive',
        message: 'Entregado',
        date_created: '2026-02-11T10:00:00.000-04:00',
      },
      purchase: null,
    });
    assert.equal(parsed.sale?.rating, 'positive');
    assert.equal(parsed.purchase, null);
  });

  it('parses blacklist entries and the payments search answer', () => {
    assert.equal(Blacklist.parse([{ user: { id: 6120334455, blocked: true } }])[0]?.user.id, 6120334455);
    const payments = PaymentsSearchResult.parse({
      paging: { total: 1, offset: 0, limit: 30 },
      results: ORDER.payments,
    });
    assert.equal(payments.results[0]?.id, 41000000001);
  });

  describe('requests are strict', () => {
    it('NoteRequest: {note} up to 300 characters, nothing else', () => {
      assert.ok(NoteRequest.safeParse({ note: 'x'.repeat(300) }).success);
      assert.equal(NoteRequest.safeParse({ note: 'x'.repeat(301) }).success, false);
      assert.equal(NoteRequest.safeParse({ note: '' }).success, false);
      assert.equal(NoteRequest.safeParse({ note: 'x', color: 'red' }).success, false);
    });

    it('FeedbackRequest: the public body {fulfilled, rating, message, reason, restock_item}', () => {
      assert.ok(
        FeedbackRequest.safeParse({
          fulfilled: false,
          rating: 'neutral',
          message: 'Devolución de la seña',
          reason: 'buyer_regrets',
          restock_item: true,
        }).success,
      );
      assert.equal(FeedbackRequest.safeParse({ fulfilled: true }).success, false);
      assert.equal(FeedbackRequest.safeParse({ fulfilled: true, rating: 'great' }).success, false);
      assert.equal(
        FeedbackRequest.safeParse({ fulfilled: true, rating: 'positive', message: 'm'.repeat(160) }).success,
        false,
      );
      assert.equal(FeedbackRequest.safeParse({ fulfilled: true, rating: 'positive', stars: 5 }).success, false);
    });

    it('BlacklistRequest: {user_id}', () => {
      assert.ok(BlacklistRequest.safeParse({ user_id: 6120334455 }).success);
      assert.equal(BlacklistRequest.safeParse({ user_id: '6120334455' }).success, false);
      assert.equal(BlacklistRequest.safeParse({ user_id: 1, note: 'x' }).success, false);
    });
  });

  describe('site and payment method', () => {
    it('parses a site with payment_method_ids and tells whether it supports the platform', () => {
      const site = Site.parse({
        id: 'MLA',
        name: 'Argentina',
        country_id: 'AR',
        default_currency_id: 'ARS',
        payment_method_ids: [PLATFORM_PAYMENT_METHOD_ID, 'visa'],
      });
      assert.equal(supportsPlatform(site), true);
      assert.equal(supportsPlatform({ payment_method_ids: ['visa'] }), false);
      assert.equal(Site.safeParse({ id: 'MLA' }).success, false);
    });

    it('parses a payment method', () => {
      const method = PaymentMethod.parse({
        id: 'visa',
        name: 'Visa',
        payment_type_id: 'credit_card',
        status: 'active',
      });
      assert.equal(method.payment_type_id, 'credit_card');
    });
  });
});
