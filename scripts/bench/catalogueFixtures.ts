// A large seller's own catalogue as a fixtures file (`--fixtures FILE`, the format of src/model/fixtures.ts), for the
// bench's start with 10,000 listings: the shapes of the sample shop (test/fixtures/sandbox/shop.fixtures.json) in
// turn, each listing its own title, price, stock, SKU and pictures. Deterministic: the same count gives the same file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FixtureItem, SandboxFixtures } from '../../src/model/fixtures';

const SIZES = ['S', 'M', 'L', 'XL'] as const;
const COLORS = ['Blanco', 'Negro', 'Azul'] as const;

/** The n-th listing (from 0): a shirt in sizes and colours (variations), a used oven, a new car, a shirt, … */
export function catalogueItem(n: number): FixtureItem {
  const number = String(n + 1).padStart(5, '0');
  const pictures = [{ source: `https://shop.example/img/${number}-1.jpg` }];
  const date_created = new Date(Date.UTC(2026, 0, 1) + (n % 1_440) * 60_000).toISOString();
  switch (n % 4) {
    case 1:
      return {
        title: `Horno Electrico Usado ${number}`,
        category_id: 'MLA1322',
        price: 40_000 + (n % 100) * 500,
        currency_id: 'ARS',
        available_quantity: 1,
        condition: 'used',
        listing_type_id: 'gold_special',
        pictures,
        seller_custom_field: `HOR-${number}`,
        date_created,
      };
    case 2:
      return {
        title: `Chevrolet Onix 1.2 LT 0km ${number}`,
        category_id: 'MLA1744',
        price: 20_000 + (n % 50) * 100,
        currency_id: 'USD',
        available_quantity: 1 + (n % 3),
        buying_mode: 'classified',
        listing_type_id: 'gold_premium',
        condition: 'new',
        pictures,
        attributes: [
          { id: 'BRAND', value_name: 'Chevrolet' },
          { id: 'MODEL', value_name: 'Onix' },
          { id: 'VEHICLE_YEAR', value_name: '2026' },
        ],
        seller_custom_field: `AUT-${number}`,
        date_created,
      };
    default: {
      const price = 12_000 + (n % 40) * 250;
      const color = COLORS[n % COLORS.length]!;
      return {
        title: `Remera Algodon Basica ${color} ${number}`,
        category_id: 'MLA109042',
        price,
        currency_id: 'ARS',
        buying_mode: 'buy_it_now',
        listing_type_id: 'gold_special',
        condition: 'new',
        pictures: [...pictures, { source: `https://shop.example/img/${number}-2.jpg` }],
        attributes: [
          { id: 'BRAND', value_name: 'Tienda Propia' },
          { id: 'SIZE', value_name: 'M' },
        ],
        variations: SIZES.map((size, index) => ({
          price,
          available_quantity: 1 + ((n + index) % 12),
          attribute_combinations: [
            { id: 'SIZE', value_name: size },
            { id: 'COLOR', value_name: color },
          ],
          seller_custom_field: `REM-${number}-${size}`,
        })),
        sale_terms: [
          { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor' },
          { id: 'WARRANTY_TIME', value_name: '30 días' },
        ],
        seller_custom_field: `REM-${number}`,
        date_created,
      };
    }
  }
}

/** A fixtures document with `count` listings, instead of the default seed. */
export function catalogueFixtures(count: number): SandboxFixtures {
  return {
    default_data: 'none',
    clock_start: '2026-03-02T12:00:00.000-03:00',
    items: Array.from({ length: count }, (_, n) => catalogueItem(n)),
  };
}

/** Writes `catalogue.fixtures.json` with `count` listings into `folder`; its path and size in bytes. */
export function writeCatalogueFixtures(folder: string, count: number): { path: string; bytes: number } {
  const path = join(folder, 'catalogue.fixtures.json');
  const text = JSON.stringify(catalogueFixtures(count));
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}
