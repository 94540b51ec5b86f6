import type { FeedbackRequest } from '../../model/order';
import { kindFindings } from '../../rules/byKind';
import { errorsOf, type Finding, findingsText, formatPath } from '../../rules/finding';
import { ratingOf } from '../../rules/orderFeedback';
import { orderTransition } from '../../rules/orderStatus';
import {
  apiError,
  badRequest,
  created,
  forbidden,
  type HttpError,
  intQuery,
  noContent,
  notFound,
  objectBody,
  ok,
  optionalObjectBody,
  requiredBodyField,
  type SandboxRequest,
} from '../http';
import { itemExists, readItem } from '../items/lookup';
import { adjustStock } from '../items/stock';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Family, Sandbox } from '../sandbox';
import { untracked } from '../store/tracking';
import {
  addPayment,
  advanceOrders,
  createReservation,
  creditPending,
  depositFor,
  OrderRuleError,
  type OrderWorld,
  orderDueAt,
  paymentTotals,
  prohibitSeller,
  recordFeedback,
  tagFraud,
} from './engine';
import { generatedPayment, keepOrder, notesOf, orderToChange, readOrder } from './lookup';
import { renderFeedback, renderOrder, renderPayment, roleIn, type Viewer } from './render';
import { planReservation } from './reservation';
import { searchOrders } from './search';
import { noteId, seedOrders } from './seed';
import { siteMethodOfType } from './sites';
import type { SandboxOrder, SandboxPayment } from './state';
import { withSyntheticOrders } from './syntheticSeed';

/** The order engine bound to the running sandbox: its clock, ids, notifications and the items' stock. */
export function worldOf(sandbox: Sandbox): OrderWorld {
  return {
    slice: sandbox.state.orders,
    now: () => sandbox.now(),
    nextId: (kind, start) => sandbox.nextId(kind, start),
    notify: (event) => sandbox.notify(event),
    adjustStock: (itemId, delta) => {
      // A vehicle given back after its listing was removed has nowhere to go back to.
      if (delta > 0 && !itemExists(sandbox.state, itemId)) return;
      adjustStock(sandbox, itemId, delta);
    },
  };
}

/** 400 with one `cause[]` entry per blocking finding, as the API answers validation errors. */
function refuse(findings: readonly Finding[], root: string): HttpError {
  const errors = errorsOf(findings);
  return apiError(400, 'validation_error', findingsText(errors), {
    cause: errors.map((item, index) => ({
      department: 'orders',
      cause_id: 200 + index,
      type: 'error',
      code: item.code,
      references: [formatPath(item.path, root)],
      message: item.message,
    })),
  });
}

/** Runs an engine action, answering a refused rule as 400. */
function guarded<T>(root: string, action: () => T): T {
  try {
    return action();
  } catch (failure) {
    if (failure instanceof OrderRuleError) throw refuse(failure.findings, root);
    throw failure;
  }
}

function orderIdOf(raw: string | undefined): string {
  if (!raw || !/^\d{1,20}$/.test(raw)) throw badRequest(`The order id must be a number; got ${raw}.`);
  return String(Number(raw));
}

/**
 * The order of a path id, or the API's 404 (400 for an id that is not a number). To change it (the default), a
 * generated order at scale is materialized into the state first; to read it, it is only built.
 */
export function findOrder(sandbox: Sandbox, raw: string | undefined, change = true): SandboxOrder {
  const id = orderIdOf(raw);
  const order = change ? orderToChange(sandbox.state, id) : readOrder(sandbox.state, id);
  if (!order) throw notFound(`Order ${id} not found`);
  return order;
}

/**
 * The order as seen by the caller: only its seller or buyer may read it (403 otherwise), and an order in
 * payment_required, or cancelled without getting past it, does not exist for the seller (404).
 */
function callerOrder(request: SandboxRequest, sandbox: Sandbox): { order: SandboxOrder; viewer: Viewer } {
  // Read only: a route that changes the order keeps it (keepOrder) once the change is accepted.
  const order = findOrder(sandbox, request.params.order_id, false);
  const user = request.user!;
  const role = roleIn(order, user.id);
  if (!role) throw forbidden(`Order ${order.data.id} belongs to other users: only its seller or buyer can read it.`);
  if (role === 'seller' && !order.visible_to_seller) throw notFound(`Order ${order.data.id} not found`);
  return { order, viewer: { id: user.id, role } };
}

function sellerOrder(request: SandboxRequest, sandbox: Sandbox): SandboxOrder {
  const { order, viewer } = callerOrder(request, sandbox);
  if (viewer.role !== 'seller')
    throw forbidden('Order notes are kept by the seller: the buyer can neither read nor write them.');
  return order;
}

function ownPath(request: SandboxRequest, what: string): number {
  const raw = request.params.cust_id ?? '';
  if (!/^\d+$/.test(raw)) throw badRequest(`The user id in the path must be a number; got ${raw}.`);
  const id = Number(raw);
  if (id !== request.user!.id) {
    throw forbidden(
      `The path id must be your own user id (${request.user!.id}): you can only ${what} your own blacklist.`,
    );
  }
  return id;
}

function allPayments(sandbox: Sandbox): { order: SandboxOrder; payment: SandboxPayment }[] {
  return Object.values(sandbox.state.orders.orders).flatMap((order) =>
    order.data.payments.map((payment) => ({ order, payment })),
  );
}

const SEARCH_VIEWS = ['search', 'recent', 'archived', 'pending'] as const;

const ORDER_ROUTES: Route[] = [
  // `/orders/search` and its recent, archived and pending views share one search.
  ...SEARCH_VIEWS.map(
    (view): Route => ({
      method: 'GET',
      path: view === 'search' ? '/orders/search' : `/orders/search/${view}`,
      auth: 'required',
      handler: (request, sandbox) => ok(searchOrders(request, sandbox, view)),
    }),
  ),
  {
    method: 'GET',
    path: '/orders/:order_id',
    auth: 'required',
    readOnly: true,
    handler: (request, sandbox) => {
      const { order, viewer } = callerOrder(request, sandbox);
      return ok(renderOrder(order, viewer, sandbox.now()));
    },
  },
  {
    method: 'GET',
    path: '/orders/:order_id/notes',
    auth: 'required',
    handler: (request, sandbox) => {
      const order = sellerOrder(request, sandbox);
      const notes = notesOf(sandbox.state, String(order.data.id));
      return ok([{ order_id: String(order.data.id), results: structuredClone(untracked(notes)) }]);
    },
  },
  {
    method: 'POST',
    path: '/orders/:order_id/notes',
    auth: 'required',
    handler: (request, sandbox) => {
      const order = sellerOrder(request, sandbox);
      const findings = kindFindings('note', request.body);
      if (errorsOf(findings).length) throw refuse(findings, 'order_note');
      const stamp = sandbox.nowIso();
      const note = {
        id: noteId(sandbox),
        note: (request.body as { note: string }).note,
        date_created: stamp,
        date_last_updated: stamp,
      };
      const key = String(order.data.id);
      const notes = notesOf(sandbox.state, key);
      keepOrder(sandbox.state, order, notes);
      sandbox.state.orders.notes[key] = [...notes, note];
      return created(structuredClone(untracked(note)));
    },
  },
  {
    method: 'PUT',
    path: '/orders/:order_id/notes/:note_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const order = sellerOrder(request, sandbox);
      const notes = notesOf(sandbox.state, String(order.data.id));
      const note = notes.find((candidate) => candidate.id === request.params.note_id);
      if (!note) throw notFound(`Note ${request.params.note_id} not found on order ${order.data.id}`);
      const findings = kindFindings('note', request.body);
      if (errorsOf(findings).length) throw refuse(findings, 'order_note');
      keepOrder(sandbox.state, order, notes);
      note.note = (request.body as { note: string }).note;
      note.date_last_updated = sandbox.nowIso();
      return ok(structuredClone(untracked(note)));
    },
  },
  {
    method: 'DELETE',
    path: '/orders/:order_id/notes/:note_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const order = sellerOrder(request, sandbox);
      const key = String(order.data.id);
      const notes = notesOf(sandbox.state, key);
      if (!notes.some((note) => note.id === request.params.note_id)) {
        throw notFound(`Note ${request.params.note_id} not found on order ${order.data.id}`);
      }
      keepOrder(sandbox.state, order, notes);
      sandbox.state.orders.notes[key] = notes.filter((note) => note.id !== request.params.note_id);
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/orders/:order_id/feedback',
    auth: 'required',
    handler: (request, sandbox) => {
      const { order } = callerOrder(request, sandbox);
      const now = sandbox.now();
      return ok({
        sale: renderFeedback(order.data.feedback.sale, now),
        purchase: renderFeedback(order.data.feedback.purchase, now),
      });
    },
  },
  {
    method: 'POST',
    path: '/orders/:order_id/feedback',
    auth: 'required',
    handler: (request, sandbox) => {
      const { order, viewer } = callerOrder(request, sandbox);
      const findings = kindFindings('feedback', request.body);
      if (errorsOf(findings).length) throw refuse(findings, 'feedback');
      // The rule above is the authority on the body (it counts characters as people do), so no schema re-check.
      const sent = request.body as FeedbackRequest;
      const body = { ...sent, rating: ratingOf(sent.rating) ?? sent.rating };
      const entry = guarded('order', () => recordFeedback(worldOf(sandbox), order, viewer.role, body));
      keepOrder(sandbox.state, order);
      return created(renderFeedback(entry, sandbox.now()));
    },
  },
];

const BLACKLIST_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/users/:cust_id/order_blacklist',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'read');
      const entries = ownRecord(sandbox.state.orders.blacklists, String(owner)) ?? [];
      return ok(entries.map((entry) => ({ user: { id: entry.user_id, blocked: true } })));
    },
  },
  {
    method: 'POST',
    path: '/users/:cust_id/order_blacklist',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'change');
      const findings = kindFindings('blacklist', request.body, { userId: owner });
      if (errorsOf(findings).length) throw refuse(findings, 'blacklist');
      const userId = (request.body as { user_id: number }).user_id;
      if (!sandbox.userById(userId)) throw notFound(`User ${userId} not found`);
      const key = String(owner);
      const entries = ownRecord(sandbox.state.orders.blacklists, key) ?? [];
      // Blocking a user twice keeps one entry: the call is idempotent.
      if (!entries.some((entry) => entry.user_id === userId)) {
        sandbox.state.orders.blacklists[key] = [...entries, { user_id: userId, date_created: sandbox.nowIso() }];
      }
      return ok({ user: { id: userId, blocked: true } });
    },
  },
  {
    method: 'DELETE',
    path: '/users/:cust_id/order_blacklist/:user_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'change');
      const raw = request.params.user_id ?? '';
      if (!/^\d+$/.test(raw)) throw badRequest(`The id of the user to unblock must be a number; got ${raw}.`);
      const userId = Number(raw);
      const key = String(owner);
      const entries = ownRecord(sandbox.state.orders.blacklists, key) ?? [];
      if (!entries.some((entry) => entry.user_id === userId)) {
        throw notFound(`User ${userId} is not in your order blacklist`);
      }
      sandbox.state.orders.blacklists[key] = entries.filter((entry) => entry.user_id !== userId);
      return noContent();
    },
  },
];

const PAYMENT_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/payments',
    auth: 'required',
    handler: (request, sandbox) => {
      const offset = intQuery(request, 'offset', 0, 0, 100_000);
      const limit = intQuery(request, 'limit', 30, 1, 100);
      const status = request.query.get('status');
      const mine = allPayments(sandbox)
        .map(({ payment }) => payment)
        .filter((payment) => payment.payer_id === request.user!.id && (!status || payment.status === status))
        .sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || b.id - a.id);
      return ok({
        paging: { total: mine.length, offset, limit },
        results: mine.slice(offset, offset + limit).map(renderPayment),
      });
    },
  },
  {
    method: 'GET',
    path: '/collections/:collection_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const raw = request.params.collection_id ?? '';
      if (!/^\d+$/.test(raw)) throw badRequest(`The collection id must be a number; got ${raw}.`);
      const found =
        allPayments(sandbox).find(({ payment }) => payment.id === Number(raw)) ??
        generatedPayment(sandbox.state, Number(raw));
      if (!found) throw notFound(`Collection ${raw} not found`);
      if (found.payment.collector.id !== request.user!.id) {
        throw forbidden(
          `Collection ${raw} belongs to another seller: collections are read by the seller who collects.`,
        );
      }
      if (!found.order.visible_to_seller) throw notFound(`Collection ${raw} not found`);
      return ok(renderPayment(found.payment));
    },
  },
  {
    method: 'GET',
    path: '/sites/:site_id',
    auth: 'optional',
    handler: (request, sandbox) => {
      const site = ownRecord(sandbox.state.orders.sites, request.params.site_id ?? '');
      if (!site) throw notFound(`Site ${request.params.site_id} not found`);
      return ok(structuredClone(untracked(site)));
    },
  },
  {
    method: 'GET',
    path: '/payment_methods/:payment_method_id',
    auth: 'optional',
    handler: (request, sandbox) => {
      const method = ownRecord(sandbox.state.orders.paymentMethods, request.params.payment_method_id ?? '');
      if (!method) throw notFound(`Payment method ${request.params.payment_method_id} not found`);
      return ok(structuredClone(untracked(method)));
    },
  },
];

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

const ADMIN_ROUTES: Route[] = [
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
      const method = typeof methodId === 'string' ? ownRecord(methods, methodId) : undefined;
      if (typeof methodId !== 'string' || !method || method.payment_type_id === 'platform') {
        throw badRequest(
          `payment_method_id must be a payment method id such as visa, master, account_money or rapipago.`,
        );
      }
      if (site && methodId !== 'account_money' && !site.payment_method_ids.includes(methodId)) {
        throw badRequest(
          `The payment method ${methodId} is not offered on ${site.id}: use one of ${site.payment_method_ids.join(', ')}.`,
        );
      }
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

export const ordersFamily: Family<'orders'> = {
  key: 'orders',
  seed: (context) => withSyntheticOrders(seedOrders(context), context),
  routes: [...ORDER_ROUTES, ...BLACKLIST_ROUTES, ...PAYMENT_ROUTES],
  adminRoutes: ADMIN_ROUTES,
  advance: (sandbox) => advanceOrders(worldOf(sandbox)),
  dueAt: { orders: orderDueAt, notes: null, blacklists: null, sites: null, paymentMethods: null },
};
