import * as l10n from '@vscode/l10n';
import type { ItemStatus } from '../model/item';
import { isRecord } from '../model/records';
import { errorsOf, type Finding, finding, type JsonPath } from './finding';

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

/** Fields a PUT may carry besides status, deleted and available_quantity: changing one corrects a listing. */
const CORRECTION_FIELDS = new Set([
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
]);

/** The spec's under review sub-states and what each means for the seller. */
const REVIEW_SUB_STATES = ['warning', 'waiting_for_patch', 'held', 'pending_documentation', 'forbidden'] as const;
type ReviewReason = (typeof REVIEW_SUB_STATES)[number];

/** What each under review sub-state means for the seller, in the display language. */
const reviewReasons = (): Record<ReviewReason, string> => ({
  warning: l10n.t('the item is under review (warning) pending a correction'),
  waiting_for_patch: l10n.t('the item is under review and hidden until corrected (waiting_for_patch)'),
  held: l10n.t('the item is under review, hidden and waiting for manual moderation (held)'),
  pending_documentation: l10n.t(
    'the item is under review and hidden until documentation is sent (pending_documentation)',
  ),
  forbidden: l10n.t('the item was removed by moderation (forbidden)'),
});

/** The under review sub-state of an item (warning when its sub_status names none). */
function reviewReason(sub: readonly string[]): ReviewReason {
  return (
    (sub.find((entry) => (REVIEW_SUB_STATES as readonly string[]).includes(entry)) as ReviewReason | undefined) ??
    'warning'
  );
}

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

// ---------------------------------------------------------------------------------------------------------------
// The status table
// ---------------------------------------------------------------------------------------------------------------

/** What a `PUT /items/{id}` body asks, as the status table reads it. */
export interface StatusRequest {
  /** Every top-level field, in the body's order. */
  fields: string[];
  /** The status asked for (undefined when the body has none). */
  status: unknown;
  /** The body carries `deleted`. */
  deleted: boolean;
  /** The stock asked for, when a number. */
  quantity: number | undefined;
  /** The fields besides status and deleted. */
  others: string[];
  /** The fields that correct a listing's content. */
  corrections: string[];
}

/** Where a move leaves the item. */
type Landing = Omit<TransitionOutcome, 'findings'>;

/** A refusal: each path it names is one finding with the code and the message (`field` is the path's first key). */
interface Refusal {
  code: string;
  refuses: (request: StatusRequest, item: ItemStateView) => JsonPath[];
  message: (field: string) => string;
}

/** A move of the spec's table: the trigger (a request) takes the item from the row's state to `to`. */
export interface StatusMove {
  /** The spec's Trigger column, e.g. `PUT status=paused`. */
  trigger: string;
  /** The spec's sub-state of the From column the move starts from, when it names one (`out_of_stock`). */
  fromSub?: string;
  /** The spec's Condition column, when it has one. */
  condition?: string;
  /** The spec's To column. */
  to: string;
  when: (request: StatusRequest, item: ItemStateView) => boolean;
  lands: (request: StatusRequest, item: ItemStateView) => Landing;
}

/** One state of the table: what it refuses (every refusal applies), then the first move whose trigger matches. */
export interface StatusRow {
  /** The spec's From column: `active`, `under_review (held)`… */
  from: string;
  refusals: readonly Refusal[];
  /** None matching (and nothing refused): the item stays as it is. */
  moves: readonly StatusMove[];
}

const each = (fields: readonly string[]): JsonPath[] => fields.map((field) => [field]);
const only = (refused: boolean, field: string): JsonPath[] => (refused ? [[field]] : []);
const subOf = (item: ItemStateView): string[] => [...(item.sub_status ?? [])];
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const DELETED: Landing = { status: 'closed', sub_status: ['deleted'], deleted: true };
const land = (status: ItemStatus): Landing => ({ status, sub_status: [], deleted: false });

const deleteClosed: StatusMove = {
  trigger: 'PUT deleted=true',
  condition: 'item first closed',
  to: 'deleted',
  when: (request) => request.deleted,
  lands: () => DELETED,
};

const closeIt: StatusMove = {
  trigger: 'PUT status=closed',
  to: 'closed',
  when: (request) => request.status === 'closed',
  lands: () => land('closed'),
};

/** A stock change (`PUT available_quantity`) moves the item as `stockTransition` says. */
const stockMove = (move: Pick<StatusMove, 'trigger' | 'fromSub' | 'condition' | 'to' | 'when'>): StatusMove => ({
  ...move,
  lands: (request, item) => ({ ...stockTransition(item, request.quantity!), deleted: false }),
});

/** Active or paused: a delete is refused (close first); status closed, paused and active move it; stock moves it. */
function liveRow(from: 'active' | 'paused', moves: readonly StatusMove[]): StatusRow {
  return {
    from,
    refusals: [
      {
        code: 'item.deleted.not_closed',
        refuses: (request) => only(request.deleted, 'deleted'),
        message: () =>
          l10n.t('Only a closed item can be deleted: first PUT {"status": "closed"}, then PUT {"deleted": "true"}.'),
      },
      {
        code: 'item.status.picture_download_pending',
        refuses: (request, item) => only(request.status === 'active' && picturesPending(item), 'status'),
        message: () =>
          l10n.t(
            'The item is paused while its pictures download; it becomes active automatically once they are downloaded.',
          ),
      },
      {
        code: 'item.status.no_stock',
        refuses: (request, item) =>
          request.status === 'active' &&
          !picturesPending(item) &&
          (request.quantity ?? item.available_quantity ?? 0) <= 0
            ? [[request.quantity !== undefined ? 'available_quantity' : 'status']]
            : [],
        message: () =>
          l10n.t('An item without stock cannot be active: send available_quantity greater than 0 to reactivate it.'),
      },
    ],
    moves: [
      closeIt,
      {
        trigger: 'PUT status=paused',
        to: 'paused',
        when: (request) => request.status === 'paused',
        lands: () => land('paused'),
      },
      {
        trigger: 'PUT status=active',
        to: 'active',
        when: (request) => request.status === 'active',
        lands: () => land('active'),
      },
      ...moves,
      stockMove({
        trigger: 'PUT available_quantity',
        to: 'unchanged',
        when: (request) => request.quantity !== undefined,
      }),
    ],
  };
}

const picturesPending = (item: ItemStateView): boolean =>
  item.status === 'paused' && subOf(item).includes('picture_download_pending');

/** Under review: deleted alone deletes the item; the rest depends on the sub-state. */
function reviewRow(reason: ReviewReason): StatusRow {
  const why = () => reviewReasons()[reason];
  const deleteDirectly: StatusMove = {
    trigger: 'PUT deleted=true',
    to: 'deleted',
    when: (request) => request.deleted && request.fields.length === 1,
    lands: () => DELETED,
  };
  const deleteAlone: Refusal = {
    code: 'item.deleted.alone',
    refuses: (request) => only(request.deleted && request.fields.length > 1, 'deleted'),
    message: () => l10n.t('Send {"deleted": "true"} alone to delete an item under review.'),
  };
  const row = {
    from: `under_review (${reason})`,
  };
  if (reason === 'forbidden') {
    return {
      ...row,
      refusals: [
        deleteAlone,
        {
          code: 'item.status.forbidden',
          refuses: (request) => each(request.fields.filter((key) => key !== 'deleted')),
          message: () => l10n.t('{0}: it can only be deleted, with {"deleted": "true"}.', capital(why())),
        },
      ],
      moves: [deleteDirectly],
    };
  }
  const locked = reason === 'held' || reason === 'pending_documentation';
  return {
    ...row,
    refusals: [
      deleteAlone,
      {
        code: 'item.status.under_review',
        refuses: (request) => only(request.status !== undefined, 'status'),
        message: () =>
          l10n.t(
            'The status cannot change while {0}; correct the item (see the review tab of the seller account) or delete it.',
            why(),
          ),
      },
      ...(locked
        ? [
            {
              code: 'item.status.under_review_locked',
              refuses: (request: StatusRequest) => each(request.others),
              message: (field: string) =>
                l10n.t('{0}: {1} cannot change until the review ends.', capital(why()), field),
            },
          ]
        : []),
    ],
    // A correction (any change of the listing's content) ends a warning or waiting_for_patch review.
    moves: locked
      ? [deleteDirectly]
      : [
          deleteDirectly,
          {
            trigger: 'a correction of the listing',
            to: 'active',
            when: (request) => request.corrections.length > 0,
            lands: () => land('active'),
          },
        ],
  };
}

/**
 * The spec's item status table ("States and transitions"), read for a `PUT /items/{id}`: per state, what a request
 * may not do there (each refusal a finding) and, when nothing is refused, where the first matching move takes the item.
 */
export const ITEM_STATUS_TABLE: readonly StatusRow[] = [
  {
    from: 'deleted',
    refusals: [
      {
        code: 'item.status.deleted',
        refuses: (request) => [request.fields.length ? [request.fields[0]!] : []],
        message: () => l10n.t('The item was deleted: deletion is irreversible and a deleted item accepts no change.'),
      },
    ],
    moves: [],
  },
  liveRow('active', [
    stockMove({
      trigger: 'PUT available_quantity=0',
      condition: 'condition new and listing type not free',
      to: 'paused, sub_status out_of_stock',
      when: (request) => request.quantity !== undefined && request.quantity <= 0,
    }),
  ]),
  liveRow('paused', [
    stockMove({
      trigger: 'PUT available_quantity greater than 0',
      fromSub: 'out_of_stock',
      to: 'active',
      when: (request, item) => (request.quantity ?? 0) > 0 && subOf(item).includes('out_of_stock'),
    }),
  ]),
  {
    from: 'closed',
    refusals: [
      {
        code: 'item.status.closed_final',
        refuses: (request) => only(request.status !== undefined, 'status'),
        message: () =>
          l10n.t('A closed item is final and cannot be reactivated or paused; relist it as a new item instead.'),
      },
      {
        code: 'item.status.closed_not_editable',
        refuses: (request) => each(request.others),
        message: (field) =>
          l10n.t(
            'A closed item accepts only {"deleted": "true"}; {0} cannot change. Relist it as a new item instead.',
            field,
          ),
      },
    ],
    moves: [deleteClosed],
  },
  {
    from: 'payment_required',
    refusals: [
      {
        code: 'item.deleted.not_closed',
        refuses: (request) => only(request.deleted, 'deleted'),
        message: () =>
          l10n.t(
            'An item in payment_required is deleted in two steps: first PUT {"status": "closed"}, then PUT {"deleted": "true"}.',
          ),
      },
      {
        code: 'item.status.payment_required',
        refuses: (request) => only(request.status !== undefined && request.status !== 'closed', 'status'),
        message: () =>
          l10n.t(
            'The listing fee is unpaid (payment_required): the item activates automatically once paid; it can only be closed meanwhile.',
          ),
      },
      {
        code: 'item.status.payment_required_not_editable',
        refuses: (request) => each(request.others),
        message: (field) =>
          l10n.t(
            'The item awaits payment of its listing fee (payment_required): {0} cannot change until it is paid.',
            field,
          ),
      },
    ],
    moves: [closeIt],
  },
  ...REVIEW_SUB_STATES.map(reviewRow),
  {
    from: 'inactive',
    refusals: [
      {
        code: 'item.status.inactive',
        refuses: (request) => each(request.fields),
        message: () =>
          l10n.t(
            'The item is inactive (under review without correction): it is read-only. Check the review tab of the seller account.',
          ),
      },
    ],
    moves: [],
  },
];

const ROWS = new Map(ITEM_STATUS_TABLE.map((row) => [row.from, row]));

/** The row of the table an item is in: `deleted`, its status, or `under_review (reason)`. */
function stateOf(item: ItemStateView): string | undefined {
  if (isDeleted(item)) return 'deleted';
  if (item.status === 'under_review') return `under_review (${reviewReason(subOf(item))})`;
  // A status that merely reads like a row's name (`deleted`, `under_review (held)`) is no state of the spec.
  return item.status === 'deleted' || item.status?.startsWith('under_review') ? undefined : item.status;
}

/** What a body asks, read once. */
function statusRequest(payload: Record<string, unknown>): StatusRequest {
  const fields = Object.keys(payload);
  return {
    fields,
    status: payload.status,
    deleted: 'deleted' in payload,
    quantity: typeof payload.available_quantity === 'number' ? payload.available_quantity : undefined,
    others: fields.filter((key) => key !== 'status' && key !== 'deleted'),
    corrections: fields.filter((key) => CORRECTION_FIELDS.has(key)),
  };
}

/**
 * The spec's item status table applied to a `PUT /items/{id}` body: whether the state allows the request, and the
 * resulting status and sub_status. Field-level editability is checked separately (`itemEditabilityFindings`).
 */
export function itemTransition(item: ItemStateView, payload: unknown): TransitionOutcome {
  const keep = (findings: Finding[]): TransitionOutcome => ({
    findings,
    status: item.status as ItemStatus,
    sub_status: subOf(item),
    deleted: isDeleted(item),
  });
  if (!isRecord(payload)) return keep([]);
  const state = stateOf(item);
  const row = state === undefined ? undefined : ROWS.get(state);
  if (!row)
    return keep([
      finding('item.status.unknown', ['status'], l10n.t('The item is in an unknown status {0}.', String(item.status))),
    ]);
  const request = statusRequest(payload);
  const findings: Finding[] = [];
  for (const refusal of row.refusals) {
    for (const path of refusal.refuses(request, item)) {
      findings.push(finding(refusal.code, path, refusal.message(String(path[0] ?? ''))));
    }
  }
  if (findings.length) return keep(findings);
  const move = row.moves.find((candidate) => candidate.when(request, item));
  return move ? { findings: [], ...move.lands(request, item) } : keep([]);
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
      findings: [finding('item.status.deleted', [], l10n.t('The item is already deleted; deletion is irreversible.'))],
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
