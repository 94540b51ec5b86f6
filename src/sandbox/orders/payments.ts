import { badRequest, forbidden, intQuery, notFound, ok } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { untracked } from '../store/tracking';
import { generatedPayment } from './lookup';
import { renderPayment } from './render';
import type { SandboxOrder, SandboxPayment } from './state';

function allPayments(sandbox: Sandbox): { order: SandboxOrder; payment: SandboxPayment }[] {
  return Object.values(sandbox.state.orders.orders).flatMap((order) =>
    order.data.payments.map((payment) => ({ order, payment })),
  );
}

/** Payments: the payer's list, a collection (the collector's), and the sites and payment methods they use. */
export const paymentRoutes: Route[] = [
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
