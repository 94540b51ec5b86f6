import { kindFindings } from '../../rules/byKind';
import { errorsOf } from '../../rules/finding';
import { orderTransition } from '../../rules/orderStatus';
import {
  badRequest,
  created,
  notFound,
  objectBody,
  ok,
  optionalObjectBody,
  requiredBodyField,
  type SandboxRequest,
} from '../http';
import { readItem } from '../items/lookup';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { untracked } from '../store/tracking';
import {
  addPayment,
  advanceOrders,
  createReservation,
  creditPending,
  depositFor,
  paymentTotals,
  prohibitSeller,
  recordFeedback,
  tagFraud,
} from './engine';
import { notesOf } from './lookup';
import { renderFeedback, renderOrder, renderPayment } from './render';
import { planReservation } from './reservation';
import { findOrder } from './routes';
import { paymentMethodProblem, siteMethodOfType } from './sites';
import type { SandboxOrder, SandboxPayment } from './state';
import { guarded, refuse, worldOf } from './world';

function adminOrder(request: SandboxRequest, sandbox: Sandbox): SandboxOrder {
  advanceOrders(worldOf(sandbox));
  return findOrder(sandbox, request.params.order_id, request.method !== 'GET');
}

const buyerView = (order: SandboxOrder, sandbox: Sandbox) =>
  renderOrder(order, { id: order.data.buyer.id, role: 'buyer' }, sandbox.now());

/** Refuses a payment that would make the order paid when the vehicle has no stock left to discount. */
function checkStockBeforePaid(sandbox: Sandbox, order: SandboxOrder, credited: number, pending: number): void {
  const result = orderTransition(order.data, { type: 'payment', credited, pending, deposit: order.data.total_amount });
  if (!result.ok) throw refuse(result.findings, 'order');
  if (!result.transition.firstPaid) return;
  for (const line of order.data.order_items) {
    const item = readItem(sandbox.state, line.item.id);
    if (!item || item.available_quantity < line.quantity) {
      throw badRequest(
        `The vehicle ${line.item.id} has no stock left, so the reservation cannot be paid: restock the listing first.`,
      );
    }
  }
}

/** Admin routes of the orders family (no token; for tests and demos): reservations, payments, receipts, fraud. */
export const orderAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/orders',
    auth: 'none',
    handler: (request, sandbox) => {
      advanceOrders(worldOf(sandbox));
      const status = request.query.get('status');
      const seller = request.query.get('seller');
      const buyer = request.query.get('buyer');
      const list = Object.values(sandbox.state.orders.orders)
        .filter(
          (order) =>
            (!status || order.data.status === status) &&
            (!seller || String(order.data.seller.id) === seller) &&
            (!buyer || String(order.data.buyer.id) === buyer),
        )
        .map((order) => ({
          id: order.data.id,
          status: order.data.status,
          status_detail: order.data.status_detail,
          seller_id: order.data.seller.id,
          buyer_id: order.data.buyer.id,
          item_id: order.data.order_items[0]?.item.id,
          tags: order.data.tags,
          date_created: order.data.date_created,
          date_closed: order.data.date_closed,
          expiration_date: order.data.expiration_date,
          payments: order.data.payments.length,
          feedback: { sale: order.data.feedback.sale !== null, purchase: order.data.feedback.purchase !== null },
          notes: (ownRecord(sandbox.state.orders.notes, String(order.data.id)) ?? []).length,
          mandatory_flow: order.mandatory_flow,
          visible_to_seller: order.visible_to_seller,
          money_released: order.money_released,
        }));
      return ok({ total: list.length, orders: list });
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/orders/:order_id',
    auth: 'none',
    handler: (request, sandbox) => {
      const order = adminOrder(request, sandbox);
      return ok({
        ...structuredClone(untracked(order)),
        notes: structuredClone(untracked(notesOf(sandbox.state, String(order.data.id)))),
      });
    },
  },
  {
    // Acts as a buyer starting a reservation on a vehicle listing.
    method: 'POST',
    path: '/_sandbox/orders',
    auth: 'none',
    handler: (request, sandbox) => {
      advanceOrders(worldOf(sandbox));
      const body = objectBody(request);
      const itemId = requiredBodyField(body, 'item_id', {
        is: (value) => typeof value === 'string',
        must: 'text',
        for: 'the vehicle listing to reserve',
      });
      const buyerId = requiredBodyField(body, 'buyer_id', {
        is: (value) => typeof value === 'number',
        must: 'a number',
        for: 'the user id of the buyer',
      });
      const { item, seller, buyer, flow } = planReservation(sandbox, itemId, buyerId);
      let deposit = depositFor(item.price, item.currency_id);
      if (body.deposit !== undefined) {
        if (typeof body.deposit !== 'number' || !(body.deposit > 0) || body.deposit > item.price) {
          throw badRequest(`deposit must be a positive amount no greater than the item price (${item.price}).`);
        }
        deposit = body.deposit;
      }
      const order = createReservation(worldOf(sandbox), { item, buyer, seller, deposit, flow });
      return created({ order: buyerView(order, sandbox), mandatory_flow: flow });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/orders/:order_id/pay',
    auth: 'none',
    handler: (request, sandbox) => {
      const order = adminOrder(request, sandbox);
      const body = optionalObjectBody(request);
      const totals = paymentTotals(order);
      const remaining = Math.round((order.data.total_amount - totals.credited - totals.pending) * 100) / 100;
      const amount = body.amount === undefined ? remaining : body.amount;
      if (typeof amount !== 'number' || !(amount > 0)) {
        throw badRequest(
          remaining > 0
            ? 'amount must be a positive number (by default the rest of the deposit is paid).'
            : `Nothing is left to pay on order ${order.data.id}: credit the payments in process with POST /_sandbox/orders/${order.data.id}/credit.`,
        );
      }
      const pending = body.pending === true;
      if (amount > remaining + 0.005) {
        throw refuse(
          [
            {
              code: 'order.payment.over_deposit',
              path: ['paid_amount'],
              message: `A reservation is paid with its deposit (${order.data.total_amount}); only ${remaining} is left to pay, not ${amount}.`,
              severity: 'error',
            },
          ],
          'order',
        );
      }
      checkStockBeforePaid(
        sandbox,
        order,
        totals.credited + (pending ? 0 : amount),
        totals.pending + (pending ? amount : 0),
      );
      const site = ownRecord(sandbox.state.orders.sites, order.data.site_id);
      const methods = sandbox.state.orders.paymentMethods;
      const methodId =
        body.payment_method_id ??
        (pending ? ((site && siteMethodOfType(site, methods, 'ticket')) ?? 'account_money') : 'visa');
      const problem = paymentMethodProblem(site, methods, methodId);
      const method = typeof methodId === 'string' ? ownRecord(methods, methodId) : undefined;
      if (problem || !method || typeof methodId !== 'string')
        throw badRequest(problem ?? 'payment_method_id must be a payment method id.');
      const world = worldOf(sandbox);
      const payments = guarded('order', () => {
        const made: SandboxPayment[] = [];
        if (body.reject_first_card === true) {
          const card = method.payment_type_id === 'credit_card' ? methodId : 'master';
          made.push(addPayment(world, order, { amount, outcome: 'rejected', methodId: card }));
        }
        made.push(addPayment(world, order, { amount, outcome: pending ? 'pending' : 'approved', methodId }));
        return made;
      });
      return ok({ order: buyerView(order, sandbox), payments: payments.map(renderPayment) });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/orders/:order_id/credit',
    auth: 'none',
    handler: (request, sandbox) => {
      const order = adminOrder(request, sandbox);
      const totals = paymentTotals(order);
      if (totals.pending <= 0) throw badRequest(`Order ${order.data.id} has no payment in process to credit.`);
      checkStockBeforePaid(sandbox, order, totals.credited + totals.pending, 0);
      const credited = guarded('order', () => creditPending(worldOf(sandbox), order));
      return ok({ order: buyerView(order, sandbox), payments: credited.map(renderPayment) });
    },
  },
  {
    // The buyer confirms (received: true) or denies (false) receipt after the seller's delivery feedback.
    method: 'POST',
    path: '/_sandbox/orders/:order_id/receipt',
    auth: 'none',
    handler: (request, sandbox) => {
      const order = adminOrder(request, sandbox);
      const body = objectBody(request);
      const received = requiredBodyField(body, 'received', {
        is: (value) => typeof value === 'boolean',
        must: 'true or false',
        for: 'true when the buyer received the order, false when not',
      });
      if (body.message !== undefined && typeof body.message !== 'string') throw badRequest('message must be a text.');
      const feedback = {
        fulfilled: received,
        rating: received ? ('positive' as const) : ('neutral' as const),
        ...(body.message === undefined ? {} : { message: body.message as string }),
      };
      const findings = kindFindings('feedback', feedback);
      if (errorsOf(findings).length) throw refuse(findings, 'feedback');
      const entry = guarded('order', () => recordFeedback(worldOf(sandbox), order, 'buyer', feedback));
      return ok({ order: buyerView(order, sandbox), feedback: renderFeedback(entry, sandbox.now()) });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/orders/:order_id/fraud',
    auth: 'none',
    handler: (request, sandbox) => {
      const order = adminOrder(request, sandbox);
      const tagged = guarded('order', () => tagFraud(worldOf(sandbox), order));
      return ok({ order: buyerView(order, sandbox), notified: tagged });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/orders/sellers/:seller_id/prohibit',
    auth: 'none',
    handler: (request, sandbox) => {
      advanceOrders(worldOf(sandbox));
      const seller = sandbox.userById(Number(request.params.seller_id));
      if (!seller) throw notFound(`User ${request.params.seller_id} not found`);
      const cancelled = guarded('order', () => prohibitSeller(worldOf(sandbox), seller.id));
      return ok({ seller_id: seller.id, prohibited: true, cancelled_orders: cancelled });
    },
  },
];
