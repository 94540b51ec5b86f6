// The integrator's own stock, by SKU: a JSON file `{"SKU": quantity}` that the warehouse system keeps up to date.
// It is read again at every sync, so a change of the file is picked up without a restart.
import { readFile } from 'node:fs/promises';

/**
 * @param {string} path
 * @returns {{read(): Promise<Map<string, number>>}}
 */
export function fileInventory(path) {
  return {
    async read() {
      let parsed;
      try {
        parsed = JSON.parse(await readFile(path, 'utf8'));
      } catch (failure) {
        throw new Error(`inventory ${path}: ${failure.message}`);
      }
      return stockBySku(parsed, path);
    },
  };
}

/**
 * Checks an inventory document: an object of SKU → whole number of units, 0 or more.
 * @param {unknown} document
 * @param {string} source where it came from, for the error message
 */
export function stockBySku(document, source = 'inventory') {
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw new Error(`${source}: expected an object of SKU → quantity, such as {"MUG-RED": 12}`);
  }
  const stock = new Map();
  const problems = [];
  for (const [sku, quantity] of Object.entries(document)) {
    if (Number.isSafeInteger(quantity) && quantity >= 0) stock.set(sku, quantity);
    else problems.push(`${sku}: ${JSON.stringify(quantity)} is not a whole number of units`);
  }
  if (problems.length) throw new Error(`${source}: ${problems.join('; ')}`);
  return stock;
}
