// Pure (no `vscode`): what an item action's notification says once the change is made. Amounts and counts read as
// the explorer's tree writes them (`src/model/numberFormat.ts`): `USD 194,250`, `12,000 units`.
import { formatMoney, plural } from '../../model/numberFormat';

/** `MLA1400000201: price set to USD 194,250.` (no currency code when the item names none). */
export const priceSetText = (itemId: string, price: number, currency: string | null | undefined): string =>
  `${itemId}: price set to ${formatMoney(price, currency)}.`;

/** `MLA1400000201: stock set to 12,000 units.` */
export const stockSetText = (itemId: string, quantity: number): string =>
  `${itemId}: stock set to ${plural(quantity, 'unit')}.`;
