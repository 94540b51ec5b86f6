import type { FeedbackRequest } from '../../model/order';
import { kindFindings } from '../../rules/byKind';
import { errorsOf } from '../../rules/finding';
import { ratingOf } from '../../rules/orderFeedback';
import { badRequest, created, forbidden, noContent, notFound, ok, type SandboxRequest } from '../http';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { untracked } from '../store/tracking';
import { recordFeedback } from './engine';
import { keepOrder, notesOf, orderToChange, readOrder } from './lookup';
import { renderFeedback, renderOrder, roleIn, type Viewer } from './render';
import { searchOrders } from './search';
import { noteId } from './seed';
import type { SandboxOrder } from './state';
import { guarded, refuse, worldOf } from './world';

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
export function callerOrder(request: SandboxRequest, sandbox: Sandbox): { order: SandboxOrder; viewer: Viewer } {
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

const SEARCH_VIEWS = ['search', 'recent', 'archived', 'pending'] as const;

/** The orders' API routes: search, an order, its notes (the seller's) and its feedback. */
export const orderRoutes: Route[] = [
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
