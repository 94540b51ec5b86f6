// What a result offers to do, decided from its rows alone. Pure (no DOM): unit-tested in plain Node.

import type { QuoteResult } from '../../src/model/protocols/shipping';

/** Whether sorting can change anything: some destination has more than one option (shown or folded). */
export const sortable = (result: QuoteResult): boolean =>
  result.blocks.some((block) => block.rows.length + block.folded.length > 1);
