import { PLATFORM_PAYMENT_METHOD_ID } from '../../model/site';
import { ownRecord } from '../records';
import type { SandboxPaymentMethod, SandboxSite } from './state';

interface MethodSpec {
  id: string;
  name: string;
  type: string;
  /** Hours from payment to accreditation (0: at once). */
  accreditation: number;
  max: number;
}

/** Payment methods of the sandbox; `platformpago` is the integrated payment platform itself. */
const METHODS: MethodSpec[] = [
  {
    id: PLATFORM_PAYMENT_METHOD_ID,
    name: 'Plataforma de pagos integrada',
    type: 'platform',
    accreditation: 0,
    max: 250_000_000,
  },
  { id: 'account_money', name: 'Dinero en cuenta', type: 'account_money', accreditation: 0, max: 250_000_000 },
  { id: 'visa', name: 'Visa', type: 'credit_card', accreditation: 0, max: 60_000_000 },
  { id: 'master', name: 'Mastercard', type: 'credit_card', accreditation: 0, max: 60_000_000 },
  { id: 'amex', name: 'American Express', type: 'credit_card', accreditation: 0, max: 60_000_000 },
  { id: 'debvisa', name: 'Visa Débito', type: 'debit_card', accreditation: 0, max: 60_000_000 },
  { id: 'rapipago', name: 'Rapipago', type: 'ticket', accreditation: 48, max: 5_000_000 },
  { id: 'pagofacil', name: 'Pago Fácil', type: 'ticket', accreditation: 48, max: 5_000_000 },
  { id: 'bolbradesco', name: 'Boleto Bancário', type: 'ticket', accreditation: 72, max: 100_000 },
  { id: 'pix', name: 'Pix', type: 'bank_transfer', accreditation: 0, max: 1_000_000 },
  { id: 'oxxo', name: 'OXXO', type: 'ticket', accreditation: 48, max: 10_000 },
  { id: 'efecty', name: 'Efecty', type: 'ticket', accreditation: 48, max: 8_000_000 },
  { id: 'pse', name: 'PSE', type: 'bank_transfer', accreditation: 0, max: 100_000_000 },
  { id: 'servipag', name: 'Servipag', type: 'ticket', accreditation: 48, max: 5_000_000 },
  { id: 'pagoefectivo_atm', name: 'PagoEfectivo', type: 'atm', accreditation: 24, max: 5_000 },
  { id: 'abitab', name: 'Abitab', type: 'ticket', accreditation: 48, max: 200_000 },
  { id: 'redpagos', name: 'Redpagos', type: 'ticket', accreditation: 48, max: 200_000 },
];

interface SiteSpec {
  id: string;
  name: string;
  country: string;
  currency: string;
  symbol: string;
  /** Whether the site offers the integrated payment platform (its id among payment_method_ids). */
  platform: boolean;
  methods: string[];
}

/**
 * The country sites. MLU runs without the integrated platform, so on it the mandatory flow never applies; the others
 * list the platform's method id.
 */
const SITES: SiteSpec[] = [
  {
    id: 'MLA',
    name: 'Argentina',
    country: 'AR',
    currency: 'ARS',
    symbol: '$',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'amex', 'debvisa', 'rapipago', 'pagofacil'],
  },
  {
    id: 'MLB',
    name: 'Brasil',
    country: 'BR',
    currency: 'BRL',
    symbol: 'R$',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'amex', 'bolbradesco', 'pix'],
  },
  {
    id: 'MLM',
    name: 'Mexico',
    country: 'MX',
    currency: 'MXN',
    symbol: '$',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'amex', 'debvisa', 'oxxo'],
  },
  {
    id: 'MCO',
    name: 'Colombia',
    country: 'CO',
    currency: 'COP',
    symbol: '$',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'amex', 'efecty', 'pse'],
  },
  {
    id: 'MLC',
    name: 'Chile',
    country: 'CL',
    currency: 'CLP',
    symbol: '$',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'servipag'],
  },
  {
    id: 'MPE',
    name: 'Perú',
    country: 'PE',
    currency: 'PEN',
    symbol: 'S/',
    platform: true,
    methods: ['account_money', 'visa', 'master', 'pagoefectivo_atm'],
  },
  {
    id: 'MLU',
    name: 'Uruguay',
    country: 'UY',
    currency: 'UYU',
    symbol: '$',
    platform: false,
    methods: ['visa', 'master', 'abitab', 'redpagos'],
  },
];

/** The sites `GET /sites/{id}` answers. */
export function seedSites(): Record<string, SandboxSite> {
  return Object.fromEntries(
    SITES.map((site) => [
      site.id,
      {
        id: site.id,
        name: site.name,
        country_id: site.country,
        default_currency_id: site.currency,
        immediate_payment: site.platform ? 'required' : 'optional',
        payment_method_ids: site.platform ? [PLATFORM_PAYMENT_METHOD_ID, ...site.methods] : [...site.methods],
        currencies: [
          { id: site.currency, symbol: site.symbol },
          { id: 'USD', symbol: 'U$S' },
        ],
      } satisfies SandboxSite,
    ]),
  );
}

/** The payment methods `GET /payment_methods/{id}` answers, each with the sites that offer it. */
export function seedPaymentMethods(sites: Record<string, SandboxSite>): Record<string, SandboxPaymentMethod> {
  return Object.fromEntries(
    METHODS.map((method) => {
      const thumbnail = `https://static.marketplace.example/payment-methods/${method.id}.gif`;
      return [
        method.id,
        {
          id: method.id,
          name: method.name,
          payment_type_id: method.type,
          status: 'active',
          thumbnail: thumbnail.replace('https:', 'http:'),
          secure_thumbnail: thumbnail,
          min_allowed_amount: 1,
          max_allowed_amount: method.max,
          accreditation_time: method.accreditation * 60,
          site_ids: Object.values(sites)
            .filter((site) => site.payment_method_ids.includes(method.id))
            .map((site) => site.id),
        } satisfies SandboxPaymentMethod,
      ];
    }),
  );
}

/** The first method of a type a site offers (the engine pays tickets and cards with it). */
export function siteMethodOfType(site: SandboxSite, methods: Record<string, SandboxPaymentMethod>, type: string) {
  return site.payment_method_ids.find((id) => ownRecord(methods, id)?.payment_type_id === type);
}

/**
 * Why a buyer cannot pay a reservation with `methodId` on a site (the admin payment route and the fixtures judge
 * alike): not a payment method, the platform itself rather than a means, or not offered on the site. Undefined when
 * it can (account money is offered everywhere).
 */
export function paymentMethodProblem(
  site: SandboxSite | undefined,
  methods: Record<string, SandboxPaymentMethod>,
  methodId: unknown,
): string | undefined {
  const method = typeof methodId === 'string' ? ownRecord(methods, methodId) : undefined;
  if (typeof methodId !== 'string' || !method || method.payment_type_id === 'platform') {
    return 'payment_method_id must be a payment method id such as visa, master, account_money or rapipago.';
  }
  if (site && methodId !== 'account_money' && !site.payment_method_ids.includes(methodId)) {
    return `The payment method ${methodId} is not offered on ${site.id}: use one of ${site.payment_method_ids.join(', ')}.`;
  }
  return undefined;
}
