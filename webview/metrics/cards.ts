// The summary cards: the API's summary of the panel's campaign over the range, as the host formatted it, with a note
// where the days' rows do not add up to it (reach and frequency are not additive).

import type { SummaryCard } from '../../src/model/metricsProtocol';
import { el } from '../shared/dom';

/** `#cards`, one `.card[data-key]` per card. */
export function cardsView(cards: SummaryCard[], campaignName: string): HTMLElement {
  const title = el('h3', 'section-title', `Summary of ${campaignName}`);
  title.id = 'cards-title';
  const list = el('ul', 'cards');
  list.id = 'cards';
  list.setAttribute('aria-labelledby', 'cards-title');
  for (const card of cards) {
    const item = el(
      'li',
      `card card-${card.unit}`,
      el('span', 'card-label', card.label),
      el('span', 'card-value', card.value),
    );
    item.dataset.key = card.key;
    item.dataset.unit = card.unit;
    if (card.note) item.append(el('span', 'card-note', card.note));
    list.append(item);
  }
  return el('section', 'summary', title, list);
}
