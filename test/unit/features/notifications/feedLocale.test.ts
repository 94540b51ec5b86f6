// The Notifications view in Spanish and Portuguese: relative times through Intl.RelativeTimeFormat in the display
// locale, the row's words through the bundle (a small Spanish one configured here), and the moments the words change
// the same as in English, so the label ticker keeps them true in every language.
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import type { FeedEntry } from '../../../../src/features/notifications/feed';
import {
  entryDescription,
  nextRelativeChange,
  relativeTime,
  topicMeaning,
} from '../../../../src/features/notifications/feedFormat';
import { seededRandom } from '../../support/seededRandom';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const SPANISH = {
  '{0} attempt': '{0} intento',
  '{0} attempts': '{0} intentos',
  'sent {0}': 'enviada {0}',
  'received {0}': 'recibida {0}',
  'pulled {0}': 'obtenida {0}',
  '→ {0} in {1} ms': '→ {0} en {1} ms',
  'a listing’s price changed': 'cambió el precio de una publicación',
};

function entry(partial: Partial<FeedEntry>): FeedEntry {
  return {
    key: 'k',
    topic: 'items_prices',
    resource: '/items/MLA1',
    body: {},
    raw: '{}',
    firstReceivedAt: ago(180_000),
    lastReceivedAt: ago(180_000),
    deliveries: 1,
    attempts: 1,
    source: 'received',
    ...partial,
  };
}

describe('the Notifications view in Spanish and Portuguese', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('says how recent a time is in the display locale, through Intl', () => {
    assert.equal(relativeTime(ago(20_000), NOW, 'es'), 'ahora');
    assert.equal(relativeTime(ago(180_000), NOW, 'es'), 'hace 3 min');
    assert.equal(relativeTime(ago(2 * 3_600_000), NOW, 'es'), 'hace 2 h');
    assert.equal(relativeTime(ago(86_400_000), NOW, 'es'), 'hace 1 día');
    assert.equal(relativeTime(ago(4 * 86_400_000), NOW, 'es'), 'hace 4 días');
    assert.equal(relativeTime(ago(-300_000), NOW, 'es'), 'dentro de 5 min');
    assert.equal(relativeTime(ago(20_000), NOW, 'pt-BR'), 'agora');
    assert.equal(relativeTime(ago(2 * 3_600_000), NOW, 'pt-BR'), 'há 2 h');
    assert.equal(relativeTime(ago(4 * 86_400_000), NOW, 'pt-BR'), 'há 4 dias');
    // English keeps the view's compact words.
    assert.equal(relativeTime(ago(180_000), NOW, 'en-US'), '3 min ago');
  });

  it('words a row through the bundle, with counts and times in the locale', () => {
    l10n.config({ contents: SPANISH });
    const row = entry({
      attempts: 12_000,
      sent: ago(300_000),
      forward: { url: 'http://127.0.0.1:3000/n', status: 200, ms: 1234.4, at: ago(0) },
    });
    assert.equal(
      entryDescription(row, NOW, 'es'),
      '12.000 intentos · enviada hace 5 min · recibida hace 3 min · → 200 en 1234 ms',
    );
    assert.equal(entryDescription(entry({}), NOW, 'es'), '1 intento · recibida hace 3 min');
    assert.equal(topicMeaning('items_prices'), 'cambió el precio de una publicación');
    assert.equal(topicMeaning('__proto__'), undefined);
  });

  it('changes its words at the same moments in every language, so the ticker keeps them true', () => {
    const random = seededRandom(23);
    const spans = [-7_200_000, -90_000, -60_000, 0, 44_000, 45_000, 89_500, 3_599_000, 86_399_000];
    for (let index = 0; index < 600; index++) spans.push(Math.round((random() * 10.1 - 0.1) * 86_400_000));
    for (const locale of ['es', 'pt-BR']) {
      for (const elapsed of spans) {
        const at = ago(elapsed);
        const words = relativeTime(at, NOW, locale);
        const next = nextRelativeChange(at, NOW);
        assert.ok(next, `${locale} ${elapsed}`);
        assert.equal(relativeTime(at, new Date(next.getTime() - 1), locale), words, `${locale} ${elapsed}: unchanged`);
        assert.notEqual(relativeTime(at, next, locale), words, `${locale} ${elapsed}: changed at ${next}`);
      }
    }
  });
});
