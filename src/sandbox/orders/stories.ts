import type { Rng } from '../random';
import { apiTimestamp } from '../sandbox';
import { type OrderWorld, recordFeedback } from './engine';
import type { SandboxNote, SandboxOrder } from './state';

// The steps of a reservation's story that the seed and the generated orders (`--scale`) both play, with the same
// words and the same draws from the random source, so their orders read alike.

const HOUR = 3_600_000;

const NOTES = [
  'Cliente confirma visita al concesionario el sábado.',
  'Pidió fotos del service oficial; enviadas por mail.',
  'Acordamos entrega con patentamiento incluido.',
  'Seña recibida. Reservar la unidad hasta la firma.',
  'Llamar antes de las 18 h.',
  'Consultó financiación del saldo en 12 cuotas.',
  'Revisar documentación del titular antes de entregar.',
  'Entrega coordinada en sucursal Palermo.',
];

/**
 * About a quarter of the orders the seller sees carry one to three notes, written after `after` and before `latest`;
 * undefined for the others. `idOf(n)` names the n-th note of the order.
 */
export function seedNotes(
  rng: Rng,
  after: number,
  latest: number,
  idOf: (index: number) => string,
): SandboxNote[] | undefined {
  if (!rng.chance(0.28)) return undefined;
  const notes: SandboxNote[] = [];
  let at = after;
  for (let count = rng.int(1, 3); count > 0 && at < latest; count--) {
    at = Math.min(at + rng.int(1, 72) * HOUR, latest);
    const created = apiTimestamp(new Date(at));
    const edited = rng.chance(0.3) ? apiTimestamp(new Date(Math.min(at + rng.int(1, 12) * HOUR, latest))) : created;
    notes.push({ id: idOf(notes.length), note: rng.pick(NOTES), date_created: created, date_last_updated: edited });
  }
  return notes;
}

/** The buyer gave the vehicle back: the seller rates the sale unfulfilled and restocks it. */
export function recordReturn(world: OrderWorld, order: SandboxOrder): void {
  recordFeedback(world, order, 'seller', {
    fulfilled: false,
    rating: 'neutral',
    message: 'El comprador desistió de la compra.',
    restock_item: true,
  });
}

/** The seller delivered and rates the sale fulfilled. */
export function recordDelivery(world: OrderWorld, order: SandboxOrder): void {
  recordFeedback(world, order, 'seller', {
    fulfilled: true,
    rating: 'positive',
    message: 'Vehículo entregado con la documentación completa.',
  });
}

/** The buyer's rating: received (completed) or not. */
export function recordBuyerVerdict(world: OrderWorld, order: SandboxOrder, received: boolean): void {
  recordFeedback(world, order, 'buyer', {
    fulfilled: received,
    rating: received ? 'positive' : 'neutral',
    message: received ? 'Excelente atención.' : 'No recibí el vehículo.',
  });
}
