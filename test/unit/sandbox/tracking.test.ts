import assert from 'node:assert/strict';
import { types } from 'node:util';
import { AdvanceSchedule } from '../../../src/sandbox/advanceSchedule';
import type { Family } from '../../../src/sandbox/family';
import type { Sandbox } from '../../../src/sandbox/sandbox';
import type { SandboxState } from '../../../src/sandbox/state';
import { DirtyUnits } from '../../../src/sandbox/store/dirtyUnits';
import { applyLine, groupLine } from '../../../src/sandbox/store/journal';
import { detach, StateTracker, type Unit, untracked } from '../../../src/sandbox/store/tracking';

interface Shape {
  meta: { clockOffsetMs: number; counters: Record<string, number> };
  items: { items: Record<string, { id: string; price: number; pictures: { url: string }[] }> };
  notifications: { records: { id: number; attempts: number }[]; topics: string[] };
}

function sample(): Shape {
  return {
    meta: { clockOffsetMs: 0, counters: { item: 1 } },
    items: {
      items: {
        A: { id: 'A', price: 1, pictures: [{ url: 'a' }] },
        B: { id: 'B', price: 2, pictures: [] },
      },
    },
    notifications: { records: [{ id: 1, attempts: 0 }], topics: ['items'] },
  };
}

function tracked(raw = sample()) {
  const units: string[] = [];
  const tracker = new StateTracker(raw, (unit) => units.push(unit.join('/')));
  return { raw, view: tracker.view, units };
}

/** Whether any object inside `value` is a proxy: the raw state must never hold a view. */
function holdsProxy(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (types.isProxy(value)) return true;
  return Object.values(value).some(holdsProxy);
}

describe('state tracking: the units a change touches', () => {
  it('reports a write by its path cut to slice, collection and record', () => {
    const { view, units } = tracked();
    view.items.items.A!.price = 10;
    view.items.items.A!.pictures[0]!.url = 'b';
    view.items.items.A!.pictures.push({ url: 'c' });
    view.meta.counters.item = 2;
    view.meta.clockOffsetMs = 5;
    delete view.items.items.B;
    view.items.items.C = { id: 'C', price: 3, pictures: [] };
    // The push sets index 1, which makes the length 2 already: the length write that follows changes nothing.
    assert.deepEqual(units, [
      'items/items/A',
      'items/items/A',
      'items/items/A',
      'meta/counters/item',
      'meta/clockOffsetMs',
      'items/items/B',
      'items/items/C',
    ]);
  });

  it('an array at depth 2 has a unit per index and one for its length; a write of the same value is none', () => {
    const { view, units } = tracked();
    view.notifications.records.push({ id: 2, attempts: 0 });
    view.notifications.records[0]!.attempts = 1;
    view.notifications.records[0]!.attempts = 1;
    view.notifications.records.pop();
    assert.deepEqual(units, [
      'notifications/records/1',
      'notifications/records/0',
      'notifications/records/1',
      'notifications/records/length',
    ]);
  });

  it('a record that moved in its list is reported at its new index', () => {
    const { raw, view, units } = tracked();
    view.notifications.records.push({ id: 2, attempts: 0 }, { id: 3, attempts: 0 });
    const third = view.notifications.records[2]!;
    view.notifications.records.shift();
    units.length = 0;
    // The view read before the shift still writes to the record; read anew, it names the record's new place.
    view.notifications.records[1]!.attempts = 7;
    assert.deepEqual(units, ['notifications/records/1']);
    assert.equal(third.attempts, 7);
    assert.equal(raw.notifications.records[1]?.id, 3);
  });

  it('stores raw values: a spread of a record, a filtered list and a view itself hold no view once stored', () => {
    const { raw, view } = tracked();
    const a = view.items.items.A!;
    view.items.items.D = { ...a, id: 'D' };
    view.notifications.records = view.notifications.records.filter(() => true);
    view.items.items.E = a;
    Object.defineProperty(view.items.items, 'F', { value: { ...a }, enumerable: true, writable: true });
    assert.equal(holdsProxy(raw), false);
    assert.equal(raw.items.items.D?.pictures, raw.items.items.A?.pictures);
    assert.ok(types.isProxy(a) && !types.isProxy(untracked(a)));
    assert.doesNotThrow(() => structuredClone(untracked(a)));
  });

  it('detach gives the raw objects of an answer built from views, so it serializes without proxies', () => {
    const { view } = tracked();
    const answer = detach({ item: view.items.items.A, list: [view.notifications.records[0]], n: 1 });
    assert.equal(holdsProxy(answer), false);
    assert.equal(
      JSON.stringify(answer),
      JSON.stringify({ item: sample().items.items.A, list: [{ id: 1, attempts: 0 }], n: 1 }),
    );
  });

  it('reads give the same view for the same record, and plain values as they are', () => {
    const { view } = tracked();
    assert.equal(view.items.items.A, view.items.items.A);
    assert.equal(view.meta.clockOffsetMs, 0);
    assert.deepEqual(Object.keys(view.items.items), ['A', 'B']);
    assert.equal(JSON.stringify(view.items.items.B), JSON.stringify(sample().items.items.B));
  });
});

describe('dirty units: a unit covers those below it', () => {
  it('keeps the covering unit, whichever came first, and lengths after their indexes', () => {
    const dirty = new DirtyUnits();
    assert.equal(dirty.empty, true);
    dirty.mark(['items', 'items', 'A']);
    dirty.mark(['notifications', 'records', 'length']);
    dirty.mark(['notifications', 'records', '3']);
    dirty.mark(['items']);
    dirty.mark(['items', 'items', 'B']);
    dirty.mark(['meta', 'counters', 'item']);
    dirty.mark(['meta', 'counters', 'item']);
    assert.deepEqual(
      dirty.take().map((unit) => unit.join('/')),
      ['items', 'notifications/records/3', 'notifications/records/length', 'meta/counters/item'],
    );
    assert.equal(dirty.empty, true);
    assert.deepEqual(dirty.take(), []);
  });

  it('a group line replays to the state it was written from', () => {
    const raw = sample();
    const dirty = new DirtyUnits();
    const tracker = new StateTracker(raw, (unit) => dirty.mark(unit));
    const before = structuredClone(raw);
    const changed = tracker.view;
    changed.items.items.A!.price = 99;
    delete changed.items.items.B;
    changed.notifications.records.push({ id: 2, attempts: 1 }, { id: 3, attempts: 0 });
    changed.notifications.records.splice(0, 1);
    changed.meta.counters.order = 5;
    applyLine(before, groupLine(raw, dirty.take()).trim());
    assert.deepEqual(before, raw);
  });
});

describe('advance schedule: scans only once something is due', () => {
  interface Thing {
    due: number;
  }
  function world() {
    let now = 0;
    const things: Record<string, Thing> = { a: { due: 100 }, b: { due: 500 } };
    const state = { things: { things, other: 0 } };
    let scans = 0;
    const family = {
      key: 'things',
      seed: () => ({}),
      routes: [],
      advance: () => {
        scans++;
      },
      dueAt: { things: (thing: Thing) => thing.due },
    } as unknown as Family;
    const schedule = new AdvanceSchedule([family]);
    const tracker = new StateTracker(state, (unit: Unit) => schedule.changed(unit));
    const sandbox = { now: () => new Date(now), state: tracker.view } as unknown as Sandbox;
    const raw = state as unknown as SandboxState;
    return {
      view: tracker.view,
      schedule,
      run: (at: number) => {
        now = at;
        schedule.run(sandbox, raw);
        return scans;
      },
    };
  }

  it('runs first, then not before the earliest due instant, then computes it anew', () => {
    const { run } = world();
    assert.equal(run(0), 1, 'unknown at first: it scans');
    assert.equal(run(50), 1);
    assert.equal(run(99), 1);
    assert.equal(run(100), 2, 'due at 100');
    assert.equal(run(101), 3, 'a still has due 100 (this advance changes nothing): it scans again');
  });

  it('a changed record is judged alone; a change it cannot judge makes the next run scan', () => {
    const { run, view, schedule } = world();
    view.things.things.a!.due = 1_000;
    assert.equal(run(0), 1);
    assert.equal(run(499), 1, 'b is the earliest, at 500');
    view.things.things.c = { due: 200 };
    assert.equal(run(199), 1);
    assert.equal(run(200), 2, 'the new record c is due at 200');
    view.things.things.c!.due = 10_000;
    view.things.things.b!.due = 10_000;
    // A change only ever brings the earliest instant forward: the one known (200) stands until the next scan.
    assert.equal(run(300), 3);
    assert.equal(run(999), 3, 'recomputed by the scan: a at 1000 is the earliest');
    assert.equal(run(1_000), 4);
    view.things.things.a!.due = 10_000;
    assert.equal(run(1_001), 5);
    assert.equal(run(1_002), 5);
    view.things.other = 1;
    assert.equal(run(1_003), 6, 'another field of the slice: scan');
    schedule.replaced();
    assert.equal(run(1_004), 7, 'a replaced state: scan');
  });
});
