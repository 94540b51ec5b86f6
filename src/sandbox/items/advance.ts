import { stockTransition } from '../../rules/itemStatus';
import type { Sandbox } from '../sandbox';
import type { SandboxItem, ScrollRecord } from './state';
import { applyStatus } from './stock';

const DAY = 86_400_000;
/** The spec's warning period before an item under review becomes waiting_for_patch. */
export const WARNING_PERIOD_MS = 2 * DAY;
/** Sandbox choice: an uncorrected waiting_for_patch or pending_documentation review ends inactive after 7 days. */
export const REVIEW_TO_INACTIVE_MS = 7 * DAY;
/** Sandbox choice: pictures "download" 5 minutes after the item was paused for them. */
export const PICTURE_DOWNLOAD_MS = 5 * 60_000;

function move(
  sandbox: Sandbox,
  item: SandboxItem,
  next: { status: SandboxItem['status']; sub_status: string[] },
  since: number,
): void {
  if (!applyStatus(sandbox, item, next)) return;
  // The new sub-state starts when the old one ran out, not when the clock was looked at.
  item._since_ms = since;
  item.last_updated = sandbox.nowIso();
  sandbox.notify({ topic: 'items', resource: `/items/${item.id}`, user_id: item.seller_id });
}

/**
 * The time-based rows of the status table, applied up to the sandbox's now: active items past stop_time with stock
 * close (expired); a warning review turns waiting_for_patch after 2 days; uncorrected reviews end inactive; pictures
 * finish downloading. Each step may feed the next within one call (warning → waiting_for_patch → inactive).
 */
export function advanceItems(sandbox: Sandbox): void {
  const now = sandbox.now().getTime();
  const slice = sandbox.state.items;
  for (const item of Object.values(slice.items)) {
    const since = item._since_ms ?? Date.parse(item.last_updated);
    if (item.status === 'active') {
      const stop = Date.parse(item.stop_time);
      if (Number.isFinite(stop) && stop <= now && item.available_quantity > 0) {
        move(sandbox, item, { status: 'closed', sub_status: ['expired'] }, stop);
      }
      continue;
    }
    if (item.status === 'under_review') {
      if (item.sub_status.includes('warning') && now - since >= WARNING_PERIOD_MS) {
        move(sandbox, item, { status: 'under_review', sub_status: ['waiting_for_patch'] }, since + WARNING_PERIOD_MS);
      }
      const reviewSince = item._since_ms ?? since;
      if (
        (item.sub_status.includes('waiting_for_patch') || item.sub_status.includes('pending_documentation')) &&
        now - reviewSince >= REVIEW_TO_INACTIVE_MS
      ) {
        move(sandbox, item, { status: 'inactive', sub_status: [] }, reviewSince + REVIEW_TO_INACTIVE_MS);
      }
      continue;
    }
    if (item.status === 'paused' && item.sub_status.includes('picture_download_pending')) {
      if (now - since >= PICTURE_DOWNLOAD_MS) {
        // Downloaded: active again, unless there is no stock to sell (then the out_of_stock pause applies).
        const next = stockTransition({ ...item, status: 'active', sub_status: [] }, item.available_quantity);
        move(sandbox, item, next, since + PICTURE_DOWNLOAD_MS);
      }
    }
  }
  for (const [id, scroll] of Object.entries(slice.scrolls)) if (scroll.expires_ms <= now) delete slice.scrolls[id];
}

/**
 * When `advanceItems` next changes this item (sandbox ms; Infinity: never by time alone), read from the same fields
 * with the same comparisons, so that skipping the scan before that instant changes nothing.
 */
export function itemDueAt(item: SandboxItem): number {
  const since = item._since_ms ?? Date.parse(item.last_updated);
  if (item.status === 'active') {
    const stop = Date.parse(item.stop_time);
    return Number.isFinite(stop) && item.available_quantity > 0 ? stop : Number.POSITIVE_INFINITY;
  }
  let due = Number.POSITIVE_INFINITY;
  if (item.status === 'under_review') {
    if (item.sub_status.includes('warning')) due = Math.min(due, since + WARNING_PERIOD_MS);
    if (item.sub_status.includes('waiting_for_patch') || item.sub_status.includes('pending_documentation')) {
      due = Math.min(due, since + REVIEW_TO_INACTIVE_MS);
    }
  } else if (item.status === 'paused' && item.sub_status.includes('picture_download_pending')) {
    due = since + PICTURE_DOWNLOAD_MS;
  }
  // A date that does not parse is never due, as the scan's comparisons with NaN never hold.
  return Number.isNaN(due) ? Number.POSITIVE_INFINITY : due;
}

/** When a scroll of the item search expires and `advanceItems` deletes it. */
export const scrollDueAt = (scroll: ScrollRecord): number => scroll.expires_ms;
