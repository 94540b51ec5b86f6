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
    const picked = await pickOrderId(session, { title: vscode.l10n.t('Which order?'), output: deps.output });
    id = picked === undefined ? undefined : Number(picked);
  }
  if (id === undefined) return undefined;
  return { session, order: await getOrder(session.client, id), node };
}

async function askNote(title: string, value = ''): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t("The note's text (at most {0} characters)", NOTE_MAX_LENGTH),
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
    const text = options.note ?? (await askNote(vscode.l10n.t('Add a note to order {0}', order.id)));
    if (text === undefined) return false;
    refuseOn(kindFindings('note', { note: text }), vscode.l10n.t('Cannot add the note'));
    const request = vscode.l10n.t('a new note on order {0}', order.id);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await addNote(session.client, order.id, text);
    done(deps, vscode.l10n.t('Note added to order {0}.', order.id));
    await refreshAfter(deps, resolved.node, true);
    return true;
  }

  function noteTarget(target: unknown) {
    const node = nodeOf(target, 'note') as
      | (ExplorerNode & { orderId: number; data: { id: string | number; note?: string } })
      | undefined;
    if (!node) throw new Error(vscode.l10n.t('Choose a note in the Orders tree (expand an order, then its notes).'));
    return node;
  }

  async function edit(target?: unknown, options: OrderActionOptions = {}) {
    const session = requireSession(deps);
    const node = noteTarget(target);
    const title = vscode.l10n.t('Edit note {0} of order {1}', node.data.id, node.orderId);
    const text = options.note ?? (await askNote(title, node.data.note ?? ''));
    if (text === undefined) return false;
    refuseOn(kindFindings('note', { note: text }), vscode.l10n.t('Cannot change the note'));
    const request = vscode.l10n.t('the change of note {0}', node.data.id);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await updateNote(session.client, node.orderId, node.data.id, text);
    done(deps, vscode.l10n.t('Note {0} changed.', node.data.id));
    await refreshAfter(deps, orderAncestor(node), true);
    return true;
  }

  async function remove(target?: unknown, options: OrderActionOptions = {}) {
    const session = requireSession(deps);
    const node = noteTarget(target);
    const ok = await confirmModal(
      vscode.l10n.t('Delete note {0} of order {1}?', node.data.id, node.orderId),
      vscode.l10n.t('"{0}" is deleted for good.', node.data.note ?? ''),
      vscode.l10n.t('Delete Note'),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('the deletion of note {0}', node.data.id);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await deleteNote(session.client, node.orderId, node.data.id);
    done(deps, vscode.l10n.t('Note {0} deleted.', node.data.id));
    await refreshAfter(deps, orderAncestor(node), true);
    return true;
  }

  async function deliver(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    refuseOn(
      feedbackAllowedFindings(order, 'seller', new Date()),
      vscode.l10n.t('Cannot confirm delivery of order {0}', order.id),
    );
    const ok = await confirmModal(
      vscode.l10n.t('Confirm delivery of order {0}?', order.id),
      vscode.l10n.t(
        'Sends fulfilled=true with a positive rating: the buyer is asked to confirm receipt; the money is released to you after that. Feedback is sent once.',
      ),
      vscode.l10n.t('Confirm Delivery'),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('the delivery confirmation of order {0}', order.id);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await confirmDelivery(session.client, order.id, options.message ? { message: options.message } : {});
    done(deps, vscode.l10n.t('Delivery of order {0} confirmed.', order.id));
    await refreshAfter(deps, resolved.node, true);
    return true;
  }

  async function giveBack(target?: unknown, options: OrderActionOptions = {}) {
    const resolved = await resolveOrder(deps, target);
    if (!resolved) return false;
    const { session, order } = resolved;
    refuseOn(
      feedbackAllowedFindings(order, 'seller', new Date()),
      vscode.l10n.t('Cannot return the reservation of order {0}', order.id),
    );
    const ok = await confirmModal(
      vscode.l10n.t('Return the reservation of order {0}?', order.id),
      vscode.l10n.t(
        'Sends fulfilled=false with a neutral rating: the order is cancelled and the reservation amount refunded to the buyer. This cannot be undone.',
      ),
      vscode.l10n.t('Return Reservation'),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('the return of order {0}', order.id);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await returnReservation(session.client, order.id, options.message ? { message: options.message } : {});
    done(deps, vscode.l10n.t('Reservation of order {0} returned; the buyer is refunded.', order.id));
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
      vscode.l10n.t('Cannot blacklist buyer {0}', buyerId),
    );
    const ok = await confirmModal(
      vscode.l10n.t('Blacklist buyer {0}?', order.buyer.nickname ?? buyerId),
      vscode.l10n.t(
        'User {0} can no longer bid on or reserve any of your listings until you remove them from the blacklist.',
        buyerId,
      ),
      vscode.l10n.t({ message: 'Blacklist', comment: ['the button that adds the user to the blacklist'] }),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('a blacklist entry for user {0}', buyerId);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await addToBlacklist(session.client, session.account.userId, buyerId);
    done(deps, vscode.l10n.t('Buyer {0} blacklisted.', buyerId));
    await deps.explorer.refresh();
    return true;
  }

  return [
    { id: COMMANDS.addOrderNote, run: add, failure: vscode.l10n.t('Could not add the note') },
    { id: COMMANDS.editOrderNote, run: edit, failure: vscode.l10n.t('Could not change the note') },
    { id: COMMANDS.deleteOrderNote, run: remove, failure: vscode.l10n.t('Could not delete the note') },
    { id: COMMANDS.confirmDelivery, run: deliver, failure: vscode.l10n.t('Could not confirm the delivery') },
    { id: COMMANDS.returnReservation, run: giveBack, failure: vscode.l10n.t('Could not return the reservation') },
    { id: COMMANDS.blacklistBuyer, run: blacklistBuyer, failure: vscode.l10n.t('Could not blacklist the buyer') },
  ];
}
