import { ITEM_ID } from '../../model/payloadFiles';
import type { QuoteInputs, QuoteMode } from '../../model/protocols/shipping';

/** What opens the panel on a given form: a listing (mode 5) or a shipment (mode 6), with those inputs. */
export interface QuotePrefill {
  mode: QuoteMode;
  inputs: Partial<QuoteInputs>;
}

/**
 * Which form a target opens: a listing node or an item id (mode 5, the listing's quote), a shipment id (mode 6, its
 * delivery promise), nothing (the form used last, with its inputs).
 */
export function prefillOf(target: unknown): QuotePrefill | undefined {
  const node = target as { kind?: unknown; data?: { id?: unknown } } | undefined;
  if (node && node.kind === 'item' && typeof node.data?.id === 'string') {
    return { mode: 'item', inputs: { itemId: node.data.id } };
  }
  if (typeof target === 'string') {
    const text = target.trim();
    if (ITEM_ID.test(text.toUpperCase())) return { mode: 'item', inputs: { itemId: text.toUpperCase() } };
    if (/^\d{1,19}$/.test(text)) return { mode: 'leadTime', inputs: { shipmentId: text } };
  }
  return undefined;
}
