// The writes of the full-disk suite: a few sequential writers running side by side against a real sandbox over HTTP
// (prices of three items, notes on an order, item creations, clock advances), each remembering what was answered
// 2xx and what 507. Then the checks: every answered change is stored (and served after a restart), every refused one
// is absent.
import assert from 'node:assert/strict';
import { ITEM } from '../../../src/sandbox/items/ids';
import type { RunningSandbox } from '../../../src/sandbox/runtime';
import type { SandboxState } from '../../../src/sandbox/state';
import { SELLER_ID } from '../../../src/sandbox/users/ids';
import { callSandbox, type SandboxAnswer } from '../support/sandboxAnswer';
import { usedOven } from '../support/usedOven';

/** The items whose prices are written, one writer each. */
export const PRICED_ITEMS: readonly string[] = [ITEM.PHONE_NO_SALES, ITEM.CAR_NEW_PREMIUM, ITEM.APARTMENT_SALE];

export interface Outcomes {
  /** Per item: the last price answered 200 (the seeded one at first), and every price answered 507. */
  prices: Map<string, { stored: number; refused: number[] }>;
  notes: { orderId: number; stored: Map<string, string>; refused: string[] };
  items: { stored: Map<string, string>; refused: string[] };
  clock: { storedMinutes: number; refused: number };
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Reads right after a refusal that saw something other than what is stored. */
  dirtyReads: string[];
}

/** Nothing written yet: the seeded prices, and an order of the seller to write notes on. */
export async function outcomesFor(sandbox: RunningSandbox): Promise<Outcomes> {
  const prices = new Map<string, { stored: number; refused: number[] }>();
  for (const id of PRICED_ITEMS) {
    prices.set(id, { stored: (await callSandbox(sandbox, 'GET', `/items/${id}`)).body.price as number, refused: [] });
  }
  const listed = await callSandbox(sandbox, 'GET', '/_sandbox/orders?status=paid');
  const orders = listed.body.orders as { id: number; seller_id: number; visible_to_seller: boolean }[];
  const order = orders.find((candidate) => candidate.seller_id === SELLER_ID && candidate.visible_to_seller);
  assert.ok(order, 'a paid order of the seller');
  return {
    prices,
    notes: { orderId: order.id, stored: new Map(), refused: [] },
    items: { stored: new Map(), refused: [] },
    clock: { storedMinutes: 0, refused: 0 },
    statuses: new Map(),
    dirtyReads: [],
  };
}

/**
 * The 507 of a refused write, in the API's error shape and saying what to do; any other answer but a 2xx fails the
 * run. Returns whether the write was stored.
 */
function judge(outcomes: Outcomes, answer: SandboxAnswer, what: string): boolean {
  outcomes.statuses.set(answer.status, (outcomes.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status === 200 || answer.status === 201) return true;
  assert.equal(answer.status, 507, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  assert.equal(answer.body.error, 'insufficient_storage');
  assert.equal(answer.body.status, 507);
  assert.deepEqual(answer.body.cause, []);
  assert.match(String(answer.body.message), /could not save this change to its data folder .*Nothing was changed\./);
  return false;
}

/** Runs every writer `writes` times, side by side; `serial` numbers the values so that none is sent twice. */
export async function runWriters(
  sandbox: RunningSandbox,
  outcomes: Outcomes,
  writes: number,
  serial: { next: number },
): Promise<void> {
  const repeat = async (write: () => Promise<void>) => {
    for (let index = 0; index < writes; index++) await write();
  };
  const priceWriter = (id: string) => async () => {
    const price = 100_000 + serial.next++;
    const record = outcomes.prices.get(id)!;
    if (judge(outcomes, await callSandbox(sandbox, 'PUT', `/items/${id}`, { price }), `price of ${id}`)) {
      record.stored = price;
      return;
    }
    record.refused.push(price);
    // A read after the refusal sees what is stored: the last price answered 200 (or the seeded one).
    const served = (await callSandbox(sandbox, 'GET', `/items/${id}`)).body.price as number;
    if (served !== record.stored) {
      outcomes.dirtyReads.push(`${id}: served ${served} after a refusal, stored ${record.stored}`);
    }
  };
  const noteWriter = async () => {
    const text = `full disk note ${serial.next++}`;
    const answer = await callSandbox(sandbox, 'POST', `/orders/${outcomes.notes.orderId}/notes`, { note: text });
    if (judge(outcomes, answer, 'note')) outcomes.notes.stored.set(String(answer.body.id), text);
    else outcomes.notes.refused.push(text);
  };
  const itemWriter = async () => {
    const title = `Horno Electrico Usado Numero ${serial.next++}`;
    const answer = await callSandbox(sandbox, 'POST', '/items', usedOven(title));
    if (judge(outcomes, answer, 'creation')) outcomes.items.stored.set(String(answer.body.id), title);
    else outcomes.items.refused.push(title);
  };
  const clockWriter = async () => {
    const answer = await callSandbox(sandbox, 'POST', '/_sandbox/clock/advance', { minutes: 1 });
    if (judge(outcomes, answer, 'clock')) outcomes.clock.storedMinutes++;
    else outcomes.clock.refused++;
  };
  await Promise.all([
    ...PRICED_ITEMS.map((id) => repeat(priceWriter(id))),
    repeat(noteWriter),
    repeat(itemWriter),
    repeat(clockWriter),
  ]);
}

/** What is stored holds every change answered 2xx and none answered 507. */
export function checkStored(state: SandboxState, outcomes: Outcomes, seededClockMs: number, where: string): void {
  for (const [id, { stored, refused }] of outcomes.prices) {
    const price = state.items.items[id]?.price;
    assert.equal(price, stored, `${where}: the price of ${id} is the last one answered 200`);
    assert.ok(!refused.includes(price), `${where}: the price of ${id} is one answered 507`);
  }
  const notes = state.orders.notes[String(outcomes.notes.orderId)] ?? [];
  const texts = new Map(notes.map((note) => [String(note.id), note.note]));
  for (const [id, text] of outcomes.notes.stored) assert.equal(texts.get(id), text, `${where}: note ${id} is stored`);
  const storedTexts = new Set(texts.values());
  for (const text of outcomes.notes.refused) assert.ok(!storedTexts.has(text), `${where}: refused "${text}" stored`);
  for (const [id, title] of outcomes.items.stored) {
    assert.equal(state.items.items[id]?.title, title, `${where}: created item ${id} is stored`);
  }
  const titles = new Set(Object.values(state.items.items).map((item) => item.title));
  for (const title of outcomes.items.refused) assert.ok(!titles.has(title), `${where}: refused "${title}" stored`);
  assert.equal(
    state.meta.clockOffsetMs,
    seededClockMs + outcomes.clock.storedMinutes * 60_000,
    `${where}: the clock moved by the advances answered 200 only`,
  );
}

/** A restarted sandbox serves every change answered 2xx. */
export async function checkServed(sandbox: RunningSandbox, outcomes: Outcomes, seededClockMs: number): Promise<void> {
  for (const [id, { stored }] of outcomes.prices) {
    assert.equal(
      (await callSandbox(sandbox, 'GET', `/items/${id}`)).body.price,
      stored,
      `${id} is served at its price`,
    );
  }
  const listed = (await callSandbox(sandbox, 'GET', `/orders/${outcomes.notes.orderId}/notes`)).body as unknown as {
    results: { id: string; note: string }[];
  }[];
  const served = new Map(listed.flatMap((entry) => entry.results).map((note) => [String(note.id), note.note]));
  for (const [id, text] of outcomes.notes.stored) assert.equal(served.get(id), text, `note ${id} is served`);
  for (const [id, title] of outcomes.items.stored) {
    assert.equal((await callSandbox(sandbox, 'GET', `/items/${id}`)).body.title, title, `created item ${id} is served`);
  }
  const clock = (await callSandbox(sandbox, 'GET', '/_sandbox')).body.clock_offset_ms;
  assert.equal(clock, seededClockMs + outcomes.clock.storedMinutes * 60_000, 'the clock is served as stored');
}

/** How many writes were answered with `status`. */
export const answered = (outcomes: Outcomes, status: number) => outcomes.statuses.get(status) ?? 0;
