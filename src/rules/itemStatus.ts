import type { ItemStatus } from '../model/item';
import { isRecord } from '../model/records';
import { errorsOf, type Finding, finding } from './finding';

/** What the status rules need to know of a live item (a subset of the item the API returns). */
export interface ItemStateView {
  /** Absent from trimmed answers (documentation examples, `attributes=`): the state is then unknown. */
  status?: string;
  sub_status?: readonly string[] | null;
  condition?: string | null;
  listing_type_id?: string | null;
  available_quantity?: number | null;
  sold_quantity?: number | null;
  deleted?: string | null;
}

/** Where a requested change leaves the item; `findings` with an error mean the request is refused as a whole. */
export interface TransitionOutcome {
  findings: Finding[];
  status: ItemStatus;
  sub_status: string[];
  /** The item ends deleted (closed with sub_status deleted; irreversible). */
  deleted: boolean;
}

/** Fields a PUT may carry besides status, deleted and available_quantity. */
const CORRECTION_FIELDS = [
  'title',
  'pictures',
  'description',
  'attributes',
  'video_id',
  'variations',
  'sale_terms',
  'shipping',
  'condition',
  'buying_mode',
  'listing_type_id',
];

const REVIEW_REASONS: Record<string, string> = {
  warning: 'the item is under review (warning) pending a correction',
  waiting_for_patch: 'the item is under review and hidden until corrected (waiting_for_patch)',
  held: 'the item is under review, hidden and waiting for manual moderation (held)',
  pending_documentation: 'the item is under review and hidden until documentation is sent (pending_documentation)',
  forbidden: 'the item was removed by moderation (forbidden)',
};

/** Whether the item is deleted: a closed item the seller deleted (irreversible). */
export function isDeleted(item: ItemStateView): boolean {
  return item.deleted === 'true' || (item.status === 'closed' && (item.sub_status ?? []).includes('deleted'));
}

/** An active item with no stock pauses (out_of_stock) only when its condition is new and its listing type not free. */
export function pausesWhenOutOfStock(item: Pick<ItemStateView, 'condition' | 'listing_type_id'>): boolean {
  return item.condition === 'new' && item.listing_type_id !== 'free';
}

/**
 * The automatic move a stock change causes (a PUT of available_quantity, or stock discounted by a paid order):
 * active at 0 → paused/out_of_stock (new, not free) or closed/out_of_stock (otherwise, nothing left to sell);
 * paused/out_of_stock above 0 → active. Any other state keeps its status.
 */
export function stockTransition(item: ItemStateView, quantity: number): { status: ItemStatus; sub_status: string[] } {
  const sub = [...(item.sub_status ?? [])];
  const status = item.status as ItemStatus;
  if (status === 'active' && quantity <= 0) {
    return pausesWhenOutOfStock(item)
      ? { status: 'paused', sub_status: ['out_of_stock'] }
      : { status: 'closed', sub_status: ['out_of_stock'] };
  }
  if (status === 'paused' && sub.includes('out_of_stock') && quantity > 0) {
    return { status: 'active', sub_status: sub.filter((entry) => entry !== 'out_of_stock') };
  }
  return { status, sub_status: sub };
}

/**
 * The spec's item status table applied to a `PUT /items/{id}` body: whether the state allows the request, and the
 * resulting status and sub_status. Field-level editability is checked separately (`itemEditabilityFindings`).
 */
export function itemTransition(item: ItemStateView, payload: unknown): TransitionOutcome {
  const sub = [...(item.sub_status ?? [])];
  const current = item.status as ItemStatus;
  const keep = (findings: Finding[]): TransitionOutcome => ({
    findings,
    status: current,
    sub_status: sub,
    deleted: isDeleted(item),
  });
  if (!isRecord(payload)) return keep([]);
  const fields = Object.keys(payload);
  const wantsStatus = payload.status;
  const wantsDelete = 'deleted' in payload;
  const quantity = typeof payload.available_quantity === 'number' ? payload.available_quantity : undefined;
  const others = fields.filter((key) => key !== 'status' && key !== 'deleted');
  const contentFields = fields.filter((key) => CORRECTION_FIELDS.includes(key));
  const deleteTo = (): TransitionOutcome => ({
    findings: [],
    status: 'closed',
    sub_status: ['deleted'],
    deleted: true,
  });

  if (isDeleted(item)) {
    return keep([
      finding(
        'item.status.deleted',
        fields.length ? [fields[0]!] : [],
        'The item was deleted: deletion is irreversible and a deleted item accepts no change.',
      ),
    ]);
  }

  switch (current) {
    case 'inactive':
      return keep(
        fields.map((key) =>
          finding(
            'item.status.inactive',
            [key],
            'The item is inactive (under review without correction): it is read-only. Check the review tab of the seller account.',
          ),
        ),
      );

    case 'closed': {
      const findings: Finding[] = [];
      if (wantsStatus !== undefined)
        findings.push(
          finding(
            'item.status.closed_final',
            ['status'],
            'A closed item is final and cannot be reactivated or paused; relist it as a new item instead.',
          ),
        );
      for (const key of others)
        findings.push(
          finding(
            'item.status.closed_not_editable',
            [key],
            `A closed item accepts only {"deleted": "true"}; ${key} cannot change. Relist it as a new item instead.`,
          ),
        );
      if (findings.length) return keep(findings);
      return wantsDelete ? deleteTo() : keep([]);
    }

    case 'payment_required': {
      const findings: Finding[] = [];
      if (wantsDelete)
        findings.push(
          finding(
            'item.deleted.not_closed',
            ['deleted'],
            'An item in payment_required is deleted in two steps: first PUT {"status": "closed"}, then PUT {"deleted": "true"}.',
          ),
        );
      if (wantsStatus !== undefined && wantsStatus !== 'closed')
        findings.push(
          finding(
            'item.status.payment_required',
            ['status'],
            'The listing fee is unpaid (payment_required): the item activates automatically once paid; it can only be closed meanwhile.',
          ),
        );
      for (const key of others)
        findings.push(
          finding(
            'item.status.payment_required_not_editable',
            [key],
            `The item awaits payment of its listing fee (payment_required): ${key} cannot change until it is paid.`,
          ),
        );
      if (findings.length) return keep(findings);
      return wantsStatus === 'closed' ? { findings: [], status: 'closed', sub_status: [], deleted: false } : keep([]);
    }

    case 'under_review': {
      const reason = sub.find((entry) => entry in REVIEW_REASONS) ?? 'warning';
      const why = REVIEW_REASONS[reason]!;
      // Under review (forbidden included) the item can be deleted directly, without closing it first.
      if (wantsDelete && fields.length === 1) return deleteTo();
      const findings: Finding[] = [];
      if (wantsDelete)
        findings.push(
          finding('item.deleted.alone', ['deleted'], 'Send {"deleted": "true"} alone to delete an item under review.'),
        );
      if (reason === 'forbidden') {
        for (const key of fields.filter((key) => key !== 'deleted'))
          findings.push(
            finding(
              'item.status.forbidden',
              [key],
              `${capital(why)}: it can only be deleted, with {"deleted": "true"}.`,
            ),
          );
        return keep(findings);
      }
      if (wantsStatus !== undefined)
        findings.push(
          finding(
            'item.status.under_review',
            ['status'],
            `The status cannot change while ${why}; correct the item (see the review tab of the seller account) or delete it.`,
          ),
        );
      if (reason === 'held' || reason === 'pending_documentation') {
        for (const key of others)
          findings.push(
            finding(
              'item.status.under_review_locked',
              [key],
              `${capital(why)}: ${key} cannot change until the review ends.`,
            ),
          );
      }
      if (findings.length) return keep(findings);
      // A correction (any change of the listing's content) ends a warning or waiting_for_patch review.
      if (contentFields.length) return { findings: [], status: 'active', sub_status: [], deleted: false };
      return keep([]);
    }

    case 'paused':
    case 'active': {
      const findings: Finding[] = [];
      if (wantsDelete)
        findings.push(
          finding(
            'item.deleted.not_closed',
            ['deleted'],
            'Only a closed item can be deleted: first PUT {"status": "closed"}, then PUT {"deleted": "true"}.',
          ),
        );
      if (wantsStatus === 'closed') {
        return findings.length ? keep(findings) : { findings: [], status: 'closed', sub_status: [], deleted: false };
      }
      const stockAfter = quantity ?? item.available_quantity ?? 0;
      if (wantsStatus === 'paused') {
        return findings.length ? keep(findings) : { findings: [], status: 'paused', sub_status: [], deleted: false };
      }
      if (wantsStatus === 'active') {
        if (current === 'paused' && sub.includes('picture_download_pending'))
          findings.push(
            finding(
              'item.status.picture_download_pending',
              ['status'],
              'The item is paused while its pictures download; it becomes active automatically once they are downloaded.',
            ),
          );
        else if (stockAfter <= 0)
          findings.push(
            finding(
              'item.status.no_stock',
              quantity !== undefined ? ['available_quantity'] : ['status'],
              'An item without stock cannot be active: send available_quantity greater than 0 to reactivate it.',
            ),
          );
        if (findings.length) return keep(findings);
        return { findings: [], status: 'active', sub_status: [], deleted: false };
      }
      if (findings.length) return keep(findings);
      if (quantity !== undefined) return { findings: [], ...stockTransition(item, quantity), deleted: false };
      return keep([]);
    }

    default:
      return keep([finding('item.status.unknown', ['status'], `The item is in an unknown status ${current}.`)]);
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The status changes and edits the status table allows an item now: what the explorer offers on its node. */
export interface ItemAffordances {
  pause: boolean;
  activate: boolean;
  close: boolean;
  delete: boolean;
  /** Its content (stock, price, sale terms, seller_custom_field) may change. */
  edit: boolean;
}

/** The `PUT /items/{id}` bodies that delete an item from its state, in order. */
export type DeletionStep = { status: 'closed' } | { deleted: 'true' };

/**
 * How an item is deleted from where it is: a closed item, or one under review (forbidden included), takes
 * `{"deleted": "true"}` directly; an active, paused or payment_required item is closed first. `findings` with an error
 * mean it cannot be deleted now (already deleted, inactive).
 */
export function itemDeletionSteps(item: ItemStateView): { steps: DeletionStep[]; findings: Finding[] } {
  if (isDeleted(item)) {
    return {
      steps: [],
      findings: [finding('item.status.deleted', [], 'The item is already deleted; deletion is irreversible.')],
    };
  }
  const direct = item.status === 'closed' || item.status === 'under_review';
  const steps: DeletionStep[] = direct ? [{ deleted: 'true' }] : [{ status: 'closed' }, { deleted: 'true' }];
  return { steps, findings: itemTransition(item, steps[0]).findings };
}

/** What the status table allows the item now (cheap: no schema work, so it can run for every node of a page). */
export function itemAffordances(item: ItemStateView): ItemAffordances {
  const allowed = (payload: Record<string, unknown>) => errorsOf(itemTransition(item, payload).findings).length === 0;
  return {
    pause: item.status !== 'paused' && allowed({ status: 'paused' }),
    activate: item.status !== 'active' && allowed({ status: 'active' }),
    close: item.status !== 'closed' && allowed({ status: 'closed' }),
    delete: errorsOf(itemDeletionSteps(item).findings).length === 0,
    edit: allowed({ price: 1 }),
  };
}
