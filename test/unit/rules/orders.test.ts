import assert from 'node:assert/strict';
import { PLATFORM_PAYMENT_METHOD_ID } from '../../../src/model/site';
import { blacklistFindings } from '../../../src/rules/blacklist';
import type { Finding } from '../../../src/rules/finding';
import { feedbackAllowedFindings, feedbackFindings } from '../../../src/rules/orderFeedback';
import { noteFindings } from '../../../src/rules/orderNotes';
import { hourResolution, orderSearchFindings } from '../../../src/rules/orderSearch';
import { type OrderEvent, type OrderStateContext, orderTransition } from '../../../src/rules/orderStatus';
import { mandatoryPaymentFlow, mandatoryPaymentFlowFindings } from '../../../src/rules/payments';

const codes = (findings: Finding[]) => findings.map((item) => item.code);
const errors = (findings: Finding[]) => findings.filter((item) => item.severity === 'error');

describe('order rules', () => {
  describe('noteFindings (at most 300 characters)', () => {
    it('accepts 300 characters and refuses 301, pointing at note', () => {
      assert.deepEqual(noteFindings({ note: 'a'.repeat(300) }), []);
      const refused = noteFindings({ note: 'a'.repeat(301) });
      assert.deepEqual(codes(refused), ['order.note.too_long']);
      assert.deepEqual(refused[0]?.path, ['note']);
      assert.match(refused[0]!.message, /at most 300 characters; this one has 301/);
    });

    it('counts characters as people do: 300 emoji are 300 characters', () => {
      assert.deepEqual(noteFindings({ note: '🚗'.repeat(300) }), []);
      assert.deepEqual(codes(noteFindings({ note: '🚗'.repeat(301) })), ['order.note.too_long']);
    });

    it('refuses an empty or blank note, a missing one, a non-text one and unknown fields', () => {
      assert.deepEqual(codes(noteFindings({ note: '' })), ['order.note.empty']);
      assert.deepEqual(codes(noteFindings({ note: '   ' })), ['order.note.empty']);
      assert.deepEqual(codes(noteFindings({})), ['order.note.required']);
      assert.deepEqual(codes(noteFindings({ note: 12 })), ['order.note.type']);
      assert.deepEqual(codes(noteFindings({ note: 'ok', text: 'x' })), ['order.note.unknown_field']);
      assert.deepEqual(codes(noteFindings(undefined)), ['order.note.body']);
      assert.deepEqual(codes(noteFindings(['note'])), ['order.note.body']);
      assert.deepEqual(noteFindings({ note: 'a' }), []);
    });
  });

  describe('feedbackFindings (fulfilled/rating pairs)', () => {
    it('accepts the two pairs of the spec', () => {
      assert.deepEqual(feedbackFindings({ fulfilled: true, rating: 'positive' }), []);
      assert.deepEqual(feedbackFindings({ fulfilled: false, rating: 'neutral', reason: 'x', restock_item: true }), []);
    });

    it('refuses the crossed pairs with the spec reason on rating', () => {
      for (const body of [
        { fulfilled: true, rating: 'neutral' },
        { fulfilled: true, rating: 'negative' },
        { fulfilled: false, rating: 'positive' },
        { fulfilled: false, rating: 'negative' },
      ]) {
        const found = feedbackFindings(body);
        assert.deepEqual(codes(found), ['order.feedback.rating_mismatch'], JSON.stringify(body));
        assert.deepEqual(found[0]?.path, ['rating']);
        assert.match(found[0]!.message, body.fulfilled ? /rated positive/ : /rated neutral/);
      }
    });

    it('requires both fields and checks their types', () => {
      assert.deepEqual(codes(feedbackFindings({ rating: 'positive' })), ['order.feedback.fulfilled_required']);
      assert.deepEqual(codes(feedbackFindings({ fulfilled: true })), ['order.feedback.rating_required']);
      assert.deepEqual(codes(feedbackFindings({})), [
        'order.feedback.fulfilled_required',
        'order.feedback.rating_required',
      ]);
      assert.deepEqual(codes(feedbackFindings({ fulfilled: 'yes', rating: 'positive' })), [
        'order.feedback.fulfilled_type',
      ]);
      assert.deepEqual(codes(feedbackFindings({ fulfilled: true, rating: 'great' })), [
        'order.feedback.rating_invalid',
      ]);
      assert.deepEqual(codes(feedbackFindings({ fulfilled: true, rating: 'positive', restock_item: 'no' })), [
        'order.feedback.restock_item_type',
      ]);
      assert.deepEqual(codes(feedbackFindings({ fulfilled: true, rating: 'positive', stars: 5 })), [
        'order.feedback.unknown_field',
      ]);
    });

    it('keeps the message under 160 characters: 159 ok, 160 refused', () => {
      assert.deepEqual(feedbackFindings({ fulfilled: true, rating: 'positive', message: 'm'.repeat(159) }), []);
      const found = feedbackFindings({ fulfilled: true, rating: 'positive', message: 'm'.repeat(160) });
      assert.deepEqual(codes(found), ['order.feedback.message_too_long']);
      assert.deepEqual(found[0]?.path, ['message']);
    });
  });

  describe('feedbackAllowedFindings', () => {
    const now = new Date('2026-03-02T15:00:00Z');
    const paid: OrderStateContext = {
      status: 'paid',
      expiration_date: '2026-03-20T10:00:00.000-04:00',
      feedback: { sale: null, purchase: null },
    };

    it('lets the seller rate a paid order before its expiration', () => {
      assert.deepEqual(feedbackAllowedFindings(paid, 'seller', now), []);
    });

    it('takes feedback only on paid orders', () => {
      for (const status of ['payment_required', 'payment_in_process', 'partially_paid', 'cancelled']) {
        assert.deepEqual(codes(feedbackAllowedFindings({ ...paid, status }, 'seller', now)), [
          'order.feedback.not_paid',
        ]);
      }
    });

    it('refuses a repeated feedback of the same party', () => {
      const rated = { ...paid, feedback: { sale: { fulfilled: true }, purchase: null } };
      assert.deepEqual(codes(feedbackAllowedFindings(rated, 'seller', now)), ['order.feedback.already_sent']);
      assert.deepEqual(feedbackAllowedFindings(rated, 'buyer', now), []);
    });

    it('lets the buyer answer only after the seller confirmed the delivery', () => {
      assert.deepEqual(codes(feedbackAllowedFindings(paid, 'buyer', now)), ['order.feedback.delivery_not_confirmed']);
    });

    it('closes at the expiration date (the rating deadline), exactly at it', () => {
      const deadline = new Date(Date.parse(paid.expiration_date!));
      assert.deepEqual(feedbackAllowedFindings(paid, 'seller', new Date(deadline.getTime() - 1)), []);
      assert.deepEqual(codes(feedbackAllowedFindings(paid, 'seller', deadline)), ['order.feedback.deadline_passed']);
    });
  });

  describe('orderTransition: the order status table', () => {
    const at = (status: string, extra: Partial<OrderStateContext> = {}): OrderStateContext => ({
      status,
      tags: ['reservation'],
      feedback: { sale: null, purchase: null },
      ...extra,
    });
    const go = (order: OrderStateContext, event: OrderEvent) => {
      const result = orderTransition(order, event);
      if (!result.ok) assert.fail(`refused: ${result.findings[0]?.message}`);
      return result.transition;
    };
    const refusedCode = (order: OrderStateContext, event: OrderEvent) => {
      const result = orderTransition(order, event);
      assert.equal(result.ok, false);
      return result.ok ? [] : codes(result.findings);
    };
    const delivered = { feedback: { sale: { fulfilled: true }, purchase: null } };

    it('payment_required → paid when the deposit is credited (first paid: date_closed, stock, notifications)', () => {
      const move = go(at('payment_required'), { type: 'payment', credited: 500, pending: 0, deposit: 500 });
      assert.equal(move.to, 'paid');
      assert.equal(move.firstPaid, true);
      assert.deepEqual(move.addTags, ['paid']);
      assert.equal(move.statusDetail, null);
    });

    it('refuses more than the deposit: the reservation is paid with its deposit, not the full price', () => {
      assert.deepEqual(
        refusedCode(at('payment_required'), { type: 'payment', credited: 32_500, pending: 0, deposit: 500 }),
        ['order.payment.over_deposit'],
      );
    });

    it('a short credit is partially_paid, a payment not yet credited is payment_in_process', () => {
      assert.equal(
        go(at('payment_required'), { type: 'payment', credited: 200, pending: 0, deposit: 500 }).to,
        'partially_paid',
      );
      assert.equal(
        go(at('payment_required'), { type: 'payment', credited: 0, pending: 500, deposit: 500 }).to,
        'payment_in_process',
      );
      assert.equal(
        go(at('payment_in_process'), { type: 'payment', credited: 500, pending: 0, deposit: 500 }).to,
        'paid',
      );
      assert.equal(go(at('partially_paid'), { type: 'payment', credited: 500, pending: 0, deposit: 500 }).to, 'paid');
      // A rejected card leaves the order where it was.
      assert.equal(
        go(at('payment_required'), { type: 'payment', credited: 0, pending: 0, deposit: 500 }).to,
        'payment_required',
      );
      assert.deepEqual(refusedCode(at('paid'), { type: 'payment', credited: 500, pending: 0, deposit: 500 }), [
        'order.transition.not_allowed',
      ]);
    });

    it('unpaid orders → cancelled when time passes without payment', () => {
      for (const status of ['payment_required', 'payment_in_process', 'partially_paid']) {
        const move = go(at(status), { type: 'unpaid_timeout' });
        assert.equal(move.to, 'cancelled');
        assert.equal(move.statusDetail?.code, 'not_paid');
      }
      assert.deepEqual(refusedCode(at('paid'), { type: 'unpaid_timeout' }), ['order.transition.not_allowed']);
    });

    it('paid → cancelled (feedback) when the seller returns the reservation, with a refund', () => {
      const move = go(at('paid'), { type: 'seller_feedback', fulfilled: false });
      assert.equal(move.to, 'cancelled');
      assert.equal(move.statusDetail?.code, 'feedback');
      assert.equal(move.refund, true);
    });

    it('paid → paid tagged delivered when the seller confirms delivery; the buyer confirming releases the money', () => {
      const deliveredMove = go(at('paid'), { type: 'seller_feedback', fulfilled: true });
      assert.equal(deliveredMove.to, 'paid');
      assert.deepEqual(deliveredMove.addTags, ['delivered']);
      assert.equal(deliveredMove.releaseMoney, false);
      const confirmed = go(at('paid', delivered), { type: 'buyer_feedback', fulfilled: true });
      assert.equal(confirmed.to, 'paid');
      assert.equal(confirmed.releaseMoney, true);
      assert.equal(confirmed.refund, false);
    });

    it('paid → cancelled (buyer) when the seller confirmed delivery and the buyer says not received', () => {
      const move = go(at('paid', delivered), { type: 'buyer_feedback', fulfilled: false });
      assert.equal(move.to, 'cancelled');
      assert.equal(move.statusDetail?.code, 'buyer');
      assert.equal(move.refund, true);
      assert.deepEqual(move.addTags, ['not_delivered']);
      assert.deepEqual(refusedCode(at('paid'), { type: 'buyer_feedback', fulfilled: false }), [
        'order.transition.not_allowed',
      ]);
    });

    it('paid → cancelled (expired_order) when it expires without a confirmed delivery; released when delivered', () => {
      const expired = go(at('paid'), { type: 'expiration' });
      assert.equal(expired.to, 'cancelled');
      assert.equal(expired.statusDetail?.code, 'expired_order');
      assert.equal(expired.refund, true);
      const undisputed = go(at('paid', delivered), { type: 'expiration' });
      assert.equal(undisputed.to, 'paid');
      assert.equal(undisputed.releaseMoney, true);
      assert.deepEqual(refusedCode(at('cancelled'), { type: 'expiration' }), ['order.transition.not_allowed']);
    });

    it('any → cancelled when the seller becomes prohibited', () => {
      for (const status of ['payment_required', 'payment_in_process', 'partially_paid', 'paid']) {
        const move = go(at(status), { type: 'seller_prohibited' });
        assert.equal(move.to, 'cancelled');
        assert.equal(move.statusDetail?.code, 'seller_prohibited');
      }
      assert.deepEqual(refusedCode(at('cancelled'), { type: 'seller_prohibited' }), ['order.transition.not_allowed']);
    });

    it('fraud_risk_detected tags any order without moving it', () => {
      const move = go(at('paid'), { type: 'fraud_detected' });
      assert.equal(move.to, 'paid');
      assert.deepEqual(move.addTags, ['fraud_risk_detected']);
    });

    it('refuses states the spec does not know', () => {
      assert.deepEqual(refusedCode(at('confirmed'), { type: 'expiration' }), ['order.transition.not_allowed']);
    });
  });

  describe('hourResolution (order.date_created.from/to)', () => {
    it('keeps the hour and discards minutes, seconds and milliseconds at :00 and :59', () => {
      const start = hourResolution('2026-03-01T10:00:00.000-04:00');
      const end = hourResolution('2026-03-01T10:59:59.999-04:00');
      assert.equal(start?.text, '2026-03-01T10:00:00.000-04:00');
      assert.equal(end?.text, '2026-03-01T10:00:00.000-04:00');
      assert.equal(start?.date.toISOString(), '2026-03-01T14:00:00.000Z');
      assert.equal(end?.date.getTime(), start?.date.getTime());
      assert.equal(hourResolution('2026-03-01T11:00:00.000-04:00')?.date.toISOString(), '2026-03-01T15:00:00.000Z');
    });

    it('truncates in the offset the timestamp was written with (half-hour zones too), UTC without one', () => {
      assert.equal(hourResolution('2026-03-01T10:45:00+05:30')?.date.toISOString(), '2026-03-01T04:30:00.000Z');
      assert.equal(hourResolution('2026-03-01T10:45:00Z')?.text, '2026-03-01T10:00:00.000Z');
      assert.equal(hourResolution('2026-03-01T10:45:00')?.date.toISOString(), '2026-03-01T10:00:00.000Z');
      assert.equal(hourResolution('2026-03-01')?.text, '2026-03-01T00:00:00.000Z');
    });

    it('refuses what is not a timestamp', () => {
      for (const bad of ['yesterday', '2026-13-01T10:00:00Z', '2026-02-30T10:00:00Z', '2026-03-01T25:00:00Z', '']) {
        assert.equal(hourResolution(bad), undefined, bad);
      }
    });
  });

  describe('orderSearchFindings', () => {
    it('accepts a complete seller search', () => {
      assert.deepEqual(
        orderSearchFindings({
          seller: '5503910054',
          'order.status': 'paid',
          'order.date_created.from': '2026-01-01T00:00:00.000-04:00',
          'order.date_created.to': '2026-02-01T00:00:00.000-04:00',
          sort: 'date_desc',
          offset: '0',
          limit: '50',
        }),
        [],
      );
    });

    it('needs exactly one of seller or buyer, as a user id', () => {
      assert.deepEqual(codes(orderSearchFindings({})), ['order.search.party_required']);
      assert.deepEqual(codes(orderSearchFindings({ seller: '1', buyer: '2' })), ['order.search.one_party']);
      assert.deepEqual(codes(orderSearchFindings({ seller: 'me' })), ['order.search.user_id']);
    });

    it('checks status, dates, their order, sort and paging, and warns about unknown parameters', () => {
      assert.deepEqual(codes(orderSearchFindings({ seller: '1', 'order.status': 'confirmed' })), [
        'order.search.status',
      ]);
      assert.deepEqual(codes(orderSearchFindings({ seller: '1', 'order.date_created.from': 'ayer' })), [
        'order.search.date',
      ]);
      assert.deepEqual(
        codes(
          orderSearchFindings({
            seller: '1',
            'order.date_created.from': '2026-02-01T10:00:00Z',
            'order.date_created.to': '2026-02-01T09:59:00Z',
          }),
        ),
        ['order.search.date_range'],
      );
      // Same hour once minutes are discarded: not a reversed range.
      assert.deepEqual(
        orderSearchFindings({
          seller: '1',
          'order.date_created.from': '2026-02-01T10:30:00Z',
          'order.date_created.to': '2026-02-01T10:10:00Z',
        }),
        [],
      );
      assert.deepEqual(codes(orderSearchFindings({ seller: '1', sort: 'price_asc' })), ['order.search.sort']);
      assert.deepEqual(codes(orderSearchFindings({ seller: '1', offset: '-1', limit: '0' })), [
        'order.search.offset',
        'order.search.limit',
      ]);
      const warned = orderSearchFindings({ seller: '1', page: '2' });
      assert.deepEqual(codes(warned), ['order.search.unknown_parameter']);
      assert.deepEqual(errors(warned), []);
    });
  });

  describe('blacklistFindings', () => {
    it('needs a user id other than the owner', () => {
      assert.deepEqual(blacklistFindings({ user_id: 7 }, 5), []);
      assert.deepEqual(codes(blacklistFindings({}, 5)), ['blacklist.user_id_required']);
      assert.deepEqual(codes(blacklistFindings({ user_id: '7' }, 5)), ['blacklist.user_id_type']);
      assert.deepEqual(codes(blacklistFindings({ user_id: 5 }, 5)), ['blacklist.self']);
      assert.deepEqual(codes(blacklistFindings({ user_id: 7, reason: 'x' }, 5)), ['blacklist.unknown_field']);
      assert.deepEqual(codes(blacklistFindings(null, 5)), ['blacklist.body']);
    });
  });

  describe('mandatoryPaymentFlow (the six cases)', () => {
    const platform = (id: string) => ({ id, payment_method_ids: [PLATFORM_PAYMENT_METHOD_ID, 'visa'] });
    const plain = { condition: 'used', official_store_id: null };
    const nobody = { immediate_payment: false, auto: false };
    const cases = (input: Parameters<typeof mandatoryPaymentFlow>[0]) =>
      mandatoryPaymentFlow(input).cases.map((hit) => hit.case);

    it('applies to nothing special on MLA', () => {
      const decision = mandatoryPaymentFlow({ site: platform('MLA'), item: plain, seller: nobody, buyer: nobody });
      assert.deepEqual(decision, { supported: true, applies: false, cases: [] });
    });

    it('1: every order of MLB', () => {
      assert.deepEqual(cases({ site: platform('MLB'), item: plain, seller: nobody, buyer: nobody }), [1]);
    });

    it('2: condition new on MLA and MLM only', () => {
      const item = { condition: 'new', official_store_id: null };
      assert.deepEqual(cases({ site: platform('MLA'), item, seller: nobody }), [2]);
      assert.deepEqual(cases({ site: platform('MLM'), item, seller: nobody }), [2]);
      assert.deepEqual(cases({ site: platform('MCO'), item, seller: nobody }), []);
    });

    it('3: official stores in every country with the platform', () => {
      assert.deepEqual(
        cases({ site: platform('MCO'), item: { ...plain, official_store_id: 77 }, seller: nobody }),
        [3],
      );
    });

    it('4: categories where the platform is the only option', () => {
      assert.deepEqual(cases({ site: platform('MLA'), item: plain, platformOnlyCategory: true, seller: nobody }), [4]);
    });

    it('5: users flagged immediate_payment (buyer or seller)', () => {
      assert.deepEqual(
        cases({ site: platform('MLA'), item: plain, seller: nobody, buyer: { immediate_payment: true } }),
        [5],
      );
      assert.deepEqual(cases({ site: platform('MLA'), item: plain, seller: { immediate_payment: true } }), [5]);
    });

    it('6: sellers flagged auto', () => {
      assert.deepEqual(cases({ site: platform('MLA'), item: plain, seller: { auto: true } }), [6]);
    });

    it('lists every case that applies, in the spec order', () => {
      assert.deepEqual(
        cases({
          site: platform('MLB'),
          item: { condition: 'new', official_store_id: 3 },
          platformOnlyCategory: true,
          seller: { auto: true },
          buyer: { immediate_payment: true },
        }),
        [1, 3, 4, 5, 6],
      );
    });

    it('never applies on a site whose payment_method_ids lack the platform', () => {
      const decision = mandatoryPaymentFlow({
        site: { id: 'MLB', payment_method_ids: ['visa'] },
        item: { condition: 'new', official_store_id: 3 },
        seller: { auto: true },
        buyer: { immediate_payment: true },
      });
      assert.deepEqual(decision, { supported: false, applies: false, cases: [] });
    });

    it('flags item payloads that refuse the platform where the flow applies', () => {
      const context = { site: platform('MLA'), seller: nobody };
      const found = mandatoryPaymentFlowFindings(
        { condition: 'new', accepts_platformpago: false, non_platformpago_payment_methods: [{ id: 'MLAMO' }] },
        context,
      );
      assert.deepEqual(codes(found), [
        'payment.mandatory_flow',
        'payment.mandatory_flow.platform_refused',
        'payment.mandatory_flow.other_methods',
      ]);
      assert.deepEqual(found[1]?.path, ['accepts_platformpago']);
      assert.equal(found[1]?.severity, 'warning');
      assert.match(found[1]!.message, /case 2/);
      assert.deepEqual(mandatoryPaymentFlowFindings({ condition: 'used', accepts_platformpago: false }, context), []);
      assert.deepEqual(mandatoryPaymentFlowFindings('not an item', context), []);
    });
  });
});
