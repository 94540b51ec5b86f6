import * as vscode from 'vscode';
import { addToBlacklist } from '../../api/blacklist';
import { addNote, confirmDelivery, deleteNote, getOrder, returnReservation, updateNote } from '../../api/orders';
import { COMMANDS } from '../../constants';
import { NOTE_MAX_LENGTH, type Order } from '../../model/order';
import type { CommandEntry } from '../../platform/commandTable';
import { kindFindings } from '../../rules/byKind';
import { feedbackAllowedFindings } from '../../rules/orderFeedback';
import type { Session } from '../auth/session';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { ExplorerNode } from '../explorer/nodes';
import { pickOrderId } from '../pickers/orders';
import { noteCheck } from './checks';
import { type ActionDeps, type ActionOptions, confirmModal, done, nodeOf, refreshAfter, refuseOn } from './common';

export interface OrderActionOptions extends ActionOptions {
  /** The note's text (skips the input). */
  note?: string;
  /** A message sent with the feedback. */
  message?: string;
}

/** The live counter and the spec's reason while a note is typed: `n/300`. */
export function noteValidation(text: string): vscode.InputBoxValidationMessage {
  const { counter, error } = noteCheck(text);
  return error
    ? { message: `${counter} · ${error}`, severity: vscode.InputBoxValidationSeverity.Error }
    : { message: counter, severity: vscode.InputBoxValidationSeverity.Info };
}

/** The nearest order node above (or at) a node, to refresh after a change. */
function orderAncestor(node: ExplorerNode | undefined): ExplorerNode | undefined {
  for (let at = node; at; at = at.parent) if (at.kind === 'order') return at;
  return node;
}

interface OrderTarget {
  session: Session;
  order: Order;
  node: ExplorerNode | undefined;
}

async function resolveOrder(deps: ActionDeps, target: unknown): Promise<OrderTarget | undefined> {
  const session = requireSession(deps);
  const node = nodeOf(target, 'order');
  let id: number | undefined;
  if (node) id = (node.data as { id: number }).id;
  else if (typeof target === 'number') id = target;
  else if (typeof target === 'string' && /^\d+$/.test(target)) id = Number(target);
  else {
    const picked = await pickOrderId(session, { title: 'Which order?', output: deps.output });
    id = picked === undefined ? undefined : Number(picked);
  }
  if (id === undefined) return undefined;
  return { session, order: await getOrder(session.client, id), node };
}

async function askNote(title: string, value = ''): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: `The note's text (at most ${NOTE_MAX_LENGTH} characters)`,
    value,
    ignoreFocusOut: true,
    validateInput: noteValidation,
  });
}

export function orderActions(deps: ActionDeps): CommandEntry[] {
  async function add(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    const text = options.note ?? (await askNote(`Add a note to order ${order.id}`));
    if (text === undefined) return false;
    refuseOn(kindFindings('note', { note: text }), 'Cannot add the note');
    if (!(await confirmOutsideSandbox(session, `a new note on order ${order.id}`, options))) return false;
    await addNote(session.client, order.id, text);
    done(deps, `Note added to order ${order.id}.`);
    await refreshAfter(deps, resolved.node, true);
    return true;
  }

  function noteTarget(target: unknown) {
    const node = nodeOf(target, 'note') as
      | (ExplorerNode & { orderId: number; data: { id: string | number; note?: string } })
      | undefined;
    if (!node) throw new Error('Choose a note in the Orders tree (expand an order, then its notes).');
    return node;
  }

  async function edit(target?: unknown, options: OrderActionOptions = {}) {
    const session = requireSession(deps);
    const node = noteTarget(target);
    const text =
      options.note ?? (await askNote(`Edit note ${node.data.id} of order ${node.orderId}`, node.data.note ?? ''));
    if (text === undefined) return false;
    refuseOn(kindFindings('note', { note: text }), 'Cannot change the note');
    if (!(await confirmOutsideSandbox(session, `the change of note ${node.data.id}`, options))) return false;
    await updateNote(session.client, node.orderId, node.data.id, text);
    done(deps, `Note ${node.data.id} changed.`);
    await refreshAfter(deps, orderAncestor(node), true);
    return true;
  }

  async function remove(target?: unknown, options: OrderActionOptions = {}) {
    const session = requireSession(deps);
    const node = noteTarget(target);
    const ok = await confirmModal(
      `Delete note ${node.data.id} of order ${node.orderId}?`,
      `"${node.data.note ?? ''}" is deleted for good.`,
      'Delete Note',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `the deletion of note ${node.data.id}`, options))) return false;
    await deleteNote(session.client, node.orderId, node.data.id);
    done(deps, `Note ${node.data.id} deleted.`);
    await refreshAfter(deps, orderAncestor(node), true);
    return true;
  }

  async function deliver(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    refuseOn(feedbackAllowedFindings(order, 'seller', new Date()), `Cannot confirm delivery of order ${order.id}`);
    const ok = await confirmModal(
      `Confirm delivery of order ${order.id}?`,
      'Sends fulfilled=true with a positive rating: the buyer is asked to confirm receipt; the money is released to you after that. Feedback is sent once.',
      'Confirm Delivery',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `the delivery confirmation of order ${order.id}`, options)))
      return false;
    await confirmDelivery(session.client, order.id, options.message ? { message: options.message } : {});
    done(deps, `Delivery of order ${order.id} confirmed.`);
    await refreshAfter(deps, resolved.node, true);
    return true;
  }

  async function giveBack(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    refuseOn(
      feedbackAllowedFindings(order, 'seller', new Date()),
      `Cannot return the reservation of order ${order.id}`,
    );
    const ok = await confirmModal(
      `Return the reservation of order ${order.id}?`,
      'Sends fulfilled=false with a neutral rating: the order is cancelled and the reservation amount refunded to the buyer. This cannot be undone.',
      'Return Reservation',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `the return of order ${order.id}`, options))) return false;
    await returnReservation(session.client, order.id, options.message ? { message: options.message } : {});
    done(deps, `Reservation of order ${order.id} returned; the buyer is refunded.`);
    await refreshAfter(deps, resolved.node, true);
    return true;
  }

  async function blacklistBuyer(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    const buyerId = order.buyer.id;
    refuseOn(
      kindFindings('blacklist', { user_id: buyerId }, { userId: session.account.userId }),
      `Cannot blacklist buyer ${buyerId}`,
    );
    const ok = await confirmModal(
      `Blacklist buyer ${order.buyer.nickname ?? buyerId}?`,
      `User ${buyerId} can no longer bid on or reserve any of your listings until you remove them from the blacklist.`,
      'Blacklist',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `a blacklist entry for user ${buyerId}`, options))) return false;
    await addToBlacklist(session.client, session.account.userId, buyerId);
    done(deps, `Buyer ${buyerId} blacklisted.`);
    await deps.explorer.refresh();
    return true;
  }

  return [
    { id: COMMANDS.addOrderNote, run: add, failure: 'Could not add the note' },
    { id: COMMANDS.editOrderNote, run: edit, failure: 'Could not change the note' },
    { id: COMMANDS.deleteOrderNote, run: remove, failure: 'Could not delete the note' },
    { id: COMMANDS.confirmDelivery, run: deliver, failure: 'Could not confirm the delivery' },
    { id: COMMANDS.returnReservation, run: giveBack, failure: 'Could not return the reservation' },
    { id: COMMANDS.blacklistBuyer, run: blacklistBuyer, failure: 'Could not blacklist the buyer' },
  ];
}
