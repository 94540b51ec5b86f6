// The order picker every command uses: the seller's newest orders (`#id · buyer`, then total, status and tags), or
// an order id typed in.
import { searchOrders } from '../../api/orders';
import { displayLocale } from '../../platform/displayLanguage';
import type { Output } from '../../platform/output';
import type { Session } from '../auth/session';
import { pickId } from './idPicker';
import { orderPicks, orderWords } from './picks';

/** Orders the picker offers (one search page). */
const LISTED = 50;

/** Asks for an order id (digits): signed in, among the seller's newest orders (or typed in); signed out, typed in. */
export function pickOrderId(
  session: Session | undefined,
  options: { title: string; output: Pick<Output, 'warn'> },
): Promise<string | undefined> {
  return pickId({
    ...options,
    words: orderWords(),
    load: session
      ? async () => {
          const answer = await searchOrders(session.client, {
            seller: session.account.userId,
            sort: 'date_desc',
            limit: LISTED,
          });
          return orderPicks(answer.results, displayLocale());
        }
      : undefined,
  });
}
