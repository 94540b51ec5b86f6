import assert from 'node:assert/strict';
import { ITEM_STATUS_TABLE, type ItemStateView, itemTransition } from '../../../src/rules/itemStatus';

/** The spec's item status table (marketplace-api.md, "States and transitions" › "Item status"), row by row. */
const SPEC_ROWS = [
  ['active', 'PUT status=paused', '-', 'paused'],
  ['paused', 'PUT status=active', '-', 'active'],
  ['active or paused', 'PUT status=closed', '-', 'closed'],
  ['active', 'PUT available_quantity=0', 'condition new and listing type not free', 'paused, sub_status out_of_stock'],
  ['paused (out_of_stock)', 'PUT available_quantity greater than 0', '-', 'active'],
  ['paused (picture downloading pending)', 'picture downloads correctly', '-', 'active'],
  ['payment_required', 'user pays', 'listing created by a debtor or low-credit user', 'active'],
  ['under_review (warning)', '2 days pass without correction', '-', 'under_review (waiting_for_patch)'],
  ['under_review', 'no correction made', '-', 'inactive'],
  ['active', 'end time (end_time) reached', 'stock remains', 'closed (reason expired)'],
  ['closed', 'PUT deleted=true', 'item first closed', 'deleted'],
] as const;

/** Moves of the table that come from the spec's "Other facts" under the table rather than from a row of it. */
const FROM_OTHER_FACTS = [
  // "An item in payment_required does not respond to status closed directly; … PUT status closed, then deleted=true."
  'payment_required | PUT status=closed | closed',
  // "forbidden (removed by moderation; can only be deleted directly)", as every review reason.
  ...['warning', 'waiting_for_patch', 'held', 'pending_documentation', 'forbidden'].map(
    (reason) => `under_review (${reason}) | PUT deleted=true | deleted`,
  ),
  // Corrections end a warning or waiting_for_patch review ("Item hidden until corrected").
  'under_review (warning) | a correction of the listing | active',
  'under_review (waiting_for_patch) | a correction of the listing | active',
  // Asking for the state the item is in keeps it there (an active item still needs stock).
  'active | PUT status=active | active',
  'paused | PUT status=paused | paused',
  // Any other stock change keeps the state (the automatic moves above are its only effects).
  'active | PUT available_quantity | unchanged',
  'paused | PUT available_quantity | unchanged',
];

/** The request a PUT trigger of the spec sends. */
const BODIES: Record<string, Record<string, unknown>> = {
  'PUT status=paused': { status: 'paused' },
  'PUT status=active': { status: 'active' },
  'PUT status=closed': { status: 'closed' },
  'PUT available_quantity=0': { available_quantity: 0 },
  'PUT available_quantity greater than 0': { available_quantity: 4 },
  'PUT deleted=true': { deleted: 'true' },
};

/** Where the spec's To column leaves an item. */
const LANDINGS: Record<string, { status: string; sub_status: string[]; deleted: boolean }> = {
  paused: { status: 'paused', sub_status: [], deleted: false },
  active: { status: 'active', sub_status: [], deleted: false },
  closed: { status: 'closed', sub_status: [], deleted: false },
  'paused, sub_status out_of_stock': { status: 'paused', sub_status: ['out_of_stock'], deleted: false },
  deleted: { status: 'closed', sub_status: ['deleted'], deleted: true },
};

const describeMove = (from: string, trigger: string, to: string) => `${from} | ${trigger} | ${to}`;

describe('the item status table against the spec', () => {
  const moves = ITEM_STATUS_TABLE.flatMap((row) =>
    row.moves.map((move) => ({
      row,
      move,
      from: move.fromSub ? `${row.from} (${move.fromSub})` : row.from,
    })),
  );

  for (const [from, trigger, condition, to] of SPEC_ROWS) {
    const states = from.split(' or ');
    if (!trigger.startsWith('PUT ')) {
      it(`${from} → ${to} on "${trigger}" is automatic, no request of the table`, () => {
        assert.equal(
          moves.some((entry) => entry.move.trigger === trigger),
          false,
        );
      });
      continue;
    }
    for (const state of states) {
      it(`${describeMove(state, trigger, to)}: a row of the table, and itemTransition lands there`, () => {
        const entry = moves.find((candidate) => candidate.from === state && candidate.move.trigger === trigger);
        assert.ok(entry, `no move ${describeMove(state, trigger, to)} in the table`);
        assert.equal(entry.move.to, to);
        assert.equal(entry.move.condition ?? '-', condition);
        const [status, sub] = state.replace(')', '').split(' (');
        const item: ItemStateView = {
          status,
          sub_status: sub ? [sub] : [],
          condition: 'new',
          listing_type_id: 'gold_special',
          available_quantity: sub === 'out_of_stock' ? 0 : 5,
        };
        const outcome = itemTransition(item, BODIES[trigger]);
        assert.deepEqual(outcome.findings, []);
        assert.deepEqual({ ...outcome, findings: undefined }, { ...LANDINGS[to], findings: undefined });
      });
    }
  }

  it('every other move of the table is one the spec states under the table', () => {
    const fromRows = new Set(
      SPEC_ROWS.flatMap(([from, trigger, , to]) => from.split(' or ').map((state) => describeMove(state, trigger, to))),
    );
    const others = moves
      .map((entry) => describeMove(entry.from, entry.move.trigger, entry.move.to))
      .filter((text) => !fromRows.has(text));
    assert.deepEqual(others.sort(), [...FROM_OTHER_FACTS].sort());
  });

  it('has one row per state of the spec, under_review one per reason, deleted first', () => {
    assert.deepEqual(
      ITEM_STATUS_TABLE.map((row) => row.from),
      [
        'deleted',
        'active',
        'paused',
        'closed',
        'payment_required',
        'under_review (warning)',
        'under_review (waiting_for_patch)',
        'under_review (held)',
        'under_review (pending_documentation)',
        'under_review (forbidden)',
        'inactive',
      ],
    );
  });
});
