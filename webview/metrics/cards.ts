// The summary: the API's summary of the panel's campaign over the range, as the host formatted it, in a dense grid of
// totals (two rows at 1600 px) so that the first chart shows below it without scrolling. Where the days' rows do not
// add up to a figure (reach and frequency are not additive), the figure has a numbered note under the grid.

import * as l10n from '@vscode/l10n';
import type { SummaryCard } from '../../src/model/protocols/metrics';
import { el } from '../shared/dom';

/** `#cards`, one `.card[data-key]` per figure, and `#card-notes` when a figure has a note. */
export function cardsView(cards: SummaryCard[], campaignName: string): HTMLElement {
  const title = el('h3', 'section-title', l10n.t('Summary of {0}', campaignName));
  title.id = 'cards-title';
  const list = el('ul', 'cards');
  list.id = 'cards';
  list.setAttribute('aria-labelledby', 'cards-title');
  const notes = el('ol', 'card-notes');
  notes.id = 'card-notes';
  for (const card of cards) {
    const label = el('span', 'card-label', card.label);
    const item = el('li', `card card-${card.unit}`, label, el('span', 'card-value', card.value));
    item.dataset.key = card.key;
    item.dataset.unit = card.unit;
    if (card.note) {
      const number = String(notes.children.length + 1);
      const note = el('li', 'card-note', card.note);
      note.id = `card-note-${card.key.replace(/[^\w-]/g, '_')}`;
      notes.append(note);
      label.append(el('sup', 'card-note-mark', number));
      item.setAttribute('aria-describedby', note.id);
    }
    list.append(item);
  }
  return el('section', 'summary', title, list, ...(notes.children.length ? [notes] : []));
}
