/**
 * A creation the sandbox accepts for its seller: a used oven (MLA1322, a category where a used item holds one unit),
 * titled `title`. The full-disk suites create many, each titled apart.
 */
export const usedOven = (title: string) => ({
  title,
  category_id: 'MLA1322',
  price: 50_000,
  currency_id: 'ARS',
  available_quantity: 1,
  condition: 'used',
  listing_type_id: 'gold_special',
});
