// The item picker every command uses: the seller's newest listings (title, then price, stock, status and id), or an
// item id typed in.
import { displayLocale } from '../../platform/displayLanguage';
import type { Output } from '../../platform/output';
import type { Session } from '../auth/session';
import { pickId } from './idPicker';
import { itemPicks, itemWords } from './picks';
import { type ItemField, newestSellerItems } from './sellerItems';

/** Listings the picker offers (one search page). */
const LISTED = 50;
/** What an entry shows: the title, then price, stock and status (`itemDescription`). */
const FIELDS: readonly ItemField[] = ['title', 'price', 'currency_id', 'available_quantity', 'status', 'sub_status'];

/** Asks for an item id: signed in, among the seller's newest listings (or typed in); signed out, typed in. */
export function pickItemId(
  session: Session | undefined,
  options: { title: string; output: Pick<Output, 'warn'> },
): Promise<string | undefined> {
  return pickId({
    ...options,
    words: itemWords(),
    load: session
      ? async () =>
          itemPicks(await newestSellerItems(session.client, session.account.userId, LISTED, FIELDS), displayLocale())
      : undefined,
  });
}
