// A note on each paid order, once. The marketplace retries a notification until it is acknowledged, and sends the
// orders and orders_v2 topics for the same change: the note is therefore looked for among the order's notes before it
// is added, and a POST that failed is never repeated without looking again.
import { ApiError, sleep } from './marketplace.js';

/** Marks the notes this service writes, so it recognises its own among the seller's. */
export const NOTE_MARK = '[integrator]';
/** Rounds of "look, then add" when the API does not confirm the POST (a 5xx, a timeout, no answer). */
const ROUNDS = 3;

/** The note added to a paid order (the API allows 300 characters). */
export function paidNote(order) {
  return `${NOTE_MARK} Deposit received for order ${order.id}: the sales team prepares the delivery.`;
}

/** The notes of `GET /orders/{id}/notes`, whichever of its shapes the answer has. */
export function notesOf(answer) {
  const list = Array.isArray(answer) ? answer : [answer];
  return list.flatMap((entry) => (entry && Array.isArray(entry.results) ? entry.results : entry ? [entry] : []));
}

const ours = (note) => typeof note?.note === 'string' && note.note.startsWith(NOTE_MARK);

/**
 * Adds the note to a paid order unless it is there; answers "added", "present" or "skipped".
 * @param {{api: ReturnType<import('./marketplace.js').createClient>, log: (line: string) => void, retryPauseMs?: number}} deps
 * @param {string} orderId
 */
export async function notePaidOrder({ api, log, retryPauseMs = 1_000 }, orderId) {
  const order = await api.get(`/orders/${orderId}`);
  if (order.status !== 'paid') {
    log(`order ${orderId}: ${order.status}, no note`);
    return 'skipped';
  }
  for (let round = 1; ; round++) {
    if (notesOf(await api.get(`/orders/${orderId}/notes`)).some(ours)) return 'present';
    try {
      await api.post(`/orders/${orderId}/notes`, { note: paidNote(order) });
      log(`order ${orderId}: note added`);
      return 'added';
    } catch (error) {
      // The POST may have been applied even though no answer said so: look at the notes again before another one.
      if (!(error instanceof ApiError) || !error.transient || round >= ROUNDS) throw error;
      log(`order ${orderId}: the note was not confirmed (${error.message}); looking again before another try`);
      await sleep(retryPauseMs * round);
    }
  }
}
