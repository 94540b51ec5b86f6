// Pure (no `vscode`): what an item action's notification says once the change is made. Amounts and counts read as
// the explorer's tree writes them (`src/model/numberFormat.ts`), in the display language's figures: `USD 194,250`,
// `12,000 units` (`es`: `USD 194.250`, `12.000 unidades`).
import * as l10n from '@vscode/l10n';
import { formatMoney, formatNumber } from '../../model/numberFormat';

/** `MLA1400000201: price set to USD 194,250.` (no currency code when the item names none). */
export const priceSetText = (
  itemId: string,
  price: number,
  currency: string | null | undefined,
  locale = 'en-US',
): string => l10n.t('{0}: price set to {1}.', itemId, formatMoney(price, currency, locale));

/** `MLA1400000201: stock set to 12,000 units.` */
export const stockSetText = (itemId: string, quantity: number, locale = 'en-US'): string =>
  quantity === 1
    ? l10n.t('{0}: stock set to {1} unit.', itemId, formatNumber(quantity, locale))
    : l10n.t('{0}: stock set to {1} units.', itemId, formatNumber(quantity, locale));
