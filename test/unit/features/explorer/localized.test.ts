// The explorer in Spanish and Brazilian Portuguese: the words come from the bundle @vscode/l10n is configured with
// (VS Code's, at activation; a small one here), the figures from Intl in the display locale: money keeps its currency
// code first with the locale's separators, dates keep the site's own clock in the locale's words.
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import {
  campaignDescription,
  feedbackLook,
  formatDate,
  itemDescription,
  itemStatusWords,
  itemsEmptyMessage,
  itemsRootDescription,
  itemTooltip,
  loadMoreLabel,
  orderDescription,
  orderStatusLook,
  paymentStatusLook,
  sizeChartDescription,
} from '../../../../src/features/explorer/format';
import { itemWords, typedPick } from '../../../../src/features/pickers/picks';
import type { Item } from '../../../../src/model/item';
import type { Order } from '../../../../src/model/order';

const SPANISH: Record<string, string> = {
  '{0} in stock': '{0} en stock',
  'out of stock': 'sin stock',
  paused: 'pausada',
  active: 'activa',
  'picture download pending': 'descarga de imágenes pendiente',
  'cheapest first': 'más baratas primero',
  'Load {0} more ({1} left)': 'Cargar {0} más (quedan {1})',
  "No items match '{0}'. Change the filter.": "Ninguna publicación coincide con '{0}'. Cambie el filtro.",
  '{0} sizes': '{0} talles',
  '{0} measurement': '{0} medida',
  'active/campaign status': 'activa',
  'not fulfilled': 'no concretada',
  neutral: 'neutral',
  'hidden until {0}': 'oculta hasta el {0}',
  'cancelled/payment status': 'cancelado',
  cancelled: 'cancelada',
  'returned by the seller': 'devuelta por el vendedor',
  Started: 'Inicio',
  'the item id you typed': 'el id de publicación que escribió',
};

const PORTUGUESE: Record<string, string> = {
  '{0} in stock': '{0} em estoque',
  paused: 'pausado',
  'picture download pending': 'download de imagens pendente',
  paid: 'pago',
  reservation: 'reserva',
  'paid {0}': 'pago {0}',
  'partially paid': 'pago parcialmente',
  'active/campaign status': 'ativa',
};

const ITEM = {
  id: 'MLA1400000409',
  title: 'Remera',
  price: 1500000,
  currency_id: 'ARS',
  available_quantity: 1234,
  status: 'paused',
  sub_status: ['picture_download_pending'],
  start_time: '2026-03-02T07:23:00.000-03:00',
} as Item;

const CAMPAIGN = {
  id: 9001001,
  name: 'x',
  status: 'active',
  type: 'GUARANTEED',
  start_date: '2025-10-03T00:00:00',
  end_date: '2026-05-01T23:59:59',
};

describe('the explorer in Spanish and Portuguese', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('in es: money with its currency first and the dot grouping, stock and status in Spanish', () => {
    l10n.config({ contents: SPANISH });
    assert.equal(
      itemDescription(ITEM, 'es'),
      'ARS 1.500.000 · 1234 en stock · pausada (descarga de imágenes pendiente) · MLA1400000409',
    );
    assert.equal(
      itemDescription({ ...ITEM, available_quantity: 0, sub_status: [] }, 'es').split(' · ')[1],
      'sin stock',
    );
    assert.equal(itemsRootDescription('active', 'price_asc', 12345, 'es'), 'activa · más baratas primero · 12.345');
    assert.equal(loadMoreLabel(50, 1034, 'es'), 'Cargar 50 más (quedan 1034)');
    assert.equal(itemsEmptyMessage('paused'), "Ninguna publicación coincide con 'paused'. Cambie el filtro.");
    assert.equal(
      sizeChartDescription({ id: 1, name: 'x', sizes: [{}, {}], columns: [{}] } as never, 'es'),
      '1 · 2 talles · 1 medida',
    );
  });

  it('in es: dates in Spanish words at the site’s own clock, in descriptions and tooltips', () => {
    l10n.config({ contents: SPANISH });
    assert.equal(formatDate('2026-03-02T07:23:00.000-03:00', 'es'), '2 mar 2026, 7:23');
    assert.equal(campaignDescription(CAMPAIGN, 'es'), 'activa · GUARANTEED · 3 oct 2025 → 1 may 2026 · 9001001');
    const hidden = feedbackLook(
      { fulfilled: false, rating: 'neutral', status: 'hidden', visibility_date: '2026-04-01T10:00:00.000-04:00' },
      'es',
    );
    assert.equal(hidden.text, 'neutral · no concretada · oculta hasta el 1 abr 2026');
    assert.ok(itemTooltip(ITEM, 'es').includes('**Inicio:** 2 mar 2026, 7:23'), itemTooltip(ITEM, 'es'));
  });

  it('in es: one code, two words where the noun differs (an order cancelada, a payment cancelado)', () => {
    l10n.config({ contents: SPANISH });
    assert.equal(orderStatusLook('cancelled', 'feedback').text, 'cancelada (devuelta por el vendedor)');
    assert.equal(paymentStatusLook('cancelled').text, 'cancelado');
    assert.equal(typedPick('mla1234567890', [], itemWords())[0]?.description, 'el id de publicación que escribió');
  });

  it('in pt-BR: money with the comma decimals, counts with the dot grouping, words in Portuguese', () => {
    l10n.config({ contents: PORTUGUESE });
    assert.equal(
      itemDescription({ ...ITEM, id: 'MLB1', price: 1234.5, currency_id: 'BRL' }, 'pt-BR'),
      'BRL 1.234,50 · 1.234 em estoque · pausado (download de imagens pendente) · MLB1',
    );
    const order = {
      id: 1,
      status: 'partially_paid',
      currency_id: 'BRL',
      total_amount: 1500,
      paid_amount: 500.5,
      tags: ['reservation', 'paid'],
      buyer: { id: 2 },
      order_items: [],
    } as unknown as Order;
    assert.equal(orderDescription(order, 'pt-BR'), 'BRL 1.500 (pago BRL 500,50) · pago parcialmente · reserva · pago');
    assert.equal(
      campaignDescription(CAMPAIGN, 'pt-BR'),
      'ativa · GUARANTEED · 3 de out. de 2025 → 1 de mai. de 2026 · 9001001',
    );
  });

  it('a state code the bundle does not know yet reads as the code, humanized', () => {
    l10n.config({ contents: SPANISH });
    assert.equal(itemStatusWords('frozen_solid'), 'frozen solid');
    assert.equal(orderStatusLook('cancelled', 'new_code').text, 'cancelada (new code)');
  });

  it('without a bundle the English words and the site-written dates stay as they were', () => {
    assert.equal(
      itemDescription(ITEM),
      'ARS 1,500,000 · 1,234 in stock · paused (picture download pending) · MLA1400000409',
    );
    assert.equal(formatDate('2026-03-02T07:23:00.000-03:00'), '2026-03-02 07:23');
    assert.equal(formatDate('2026-03-02T07:23:00.000-03:00', 'en-US'), 'Mar 2, 2026, 7:23 AM');
  });
});
