import * as l10n from '@vscode/l10n';
import { supportsPlatform } from '../model/site';
import { type Finding, finding } from './finding';

/** The six cases of the spec's "Mandatory integrated payment flow", in its order. */
export const MANDATORY_FLOW_CASES = {
  1: { code: 'site_mlb' },
  2: { code: 'new_condition' },
  3: { code: 'official_store' },
  4: { code: 'platform_only_category' },
  5: { code: 'immediate_payment_user' },
  6: { code: 'auto_seller' },
} as const;
export type MandatoryFlowCase = keyof typeof MANDATORY_FLOW_CASES;

/** Why a case puts the order in the flow, in the display language. */
function mandatoryFlowReason(hit: MandatoryFlowCase): string {
  switch (hit) {
    case 1:
      return l10n.t('all orders of site MLB enter the flow');
    case 2:
      return l10n.t('orders of sites MLA and MLM for products with condition new enter the flow');
    case 3:
      return l10n.t('listings of official stores enter the flow in every country with the platform');
    case 4:
      return l10n.t('the category offers the platform as the only payment option');
    case 5:
      return l10n.t('a user of the order is flagged with immediate_payment');
    case 6:
      return l10n.t('the seller is flagged as auto');
  }
}

/** What decides the mandatory flow: the site, the item, its category and the flags of seller and buyer. */
export interface MandatoryFlowInput {
  site: { id: string; payment_method_ids?: readonly string[] | null };
  item: { condition?: string | null; official_store_id?: number | null };
  /** The item's category offers the integrated platform as the only payment option. */
  platformOnlyCategory?: boolean;
  seller: { immediate_payment?: boolean | null; auto?: boolean | null };
  buyer?: { immediate_payment?: boolean | null } | null;
}

export interface MandatoryFlowDecision {
  /** The site's payment_method_ids contain the integrated platform's method. */
  supported: boolean;
  /** Orders enter the flow, with the platform as the only payment means. */
  applies: boolean;
  cases: { case: MandatoryFlowCase; code: string; reason: string }[];
}

/**
 * Whether an order enters the mandatory integrated payment flow (the spec's six cases). A site supports the flow only
 * when its payment_method_ids contain the platform's method id; on other sites no case applies.
 */
export function mandatoryPaymentFlow(input: MandatoryFlowInput): MandatoryFlowDecision {
  const supported = supportsPlatform(input.site);
  if (!supported) return { supported, applies: false, cases: [] };
  const hits: MandatoryFlowCase[] = [];
  if (input.site.id === 'MLB') hits.push(1);
  if ((input.site.id === 'MLA' || input.site.id === 'MLM') && input.item.condition === 'new') hits.push(2);
  if (typeof input.item.official_store_id === 'number') hits.push(3);
  if (input.platformOnlyCategory) hits.push(4);
  if (input.buyer?.immediate_payment || input.seller.immediate_payment) hits.push(5);
  if (input.seller.auto) hits.push(6);
  return {
    supported,
    applies: hits.length > 0,
    cases: hits.map((hit) => ({ case: hit, ...MANDATORY_FLOW_CASES[hit], reason: mandatoryFlowReason(hit) })),
  };
}

/** Context of an item payload for the mandatory-flow findings: who sells, on which site, to whom. */
export interface MandatoryFlowContext {
  site: MandatoryFlowInput['site'];
  seller: MandatoryFlowInput['seller'];
  buyer?: MandatoryFlowInput['buyer'];
  platformOnlyCategory?: boolean;
}

/**
 * Findings on an item payload where the mandatory flow applies: the platform is the only payment means, so
 * `accepts_platformpago: false` and other payment methods have no effect.
 */
export function mandatoryPaymentFlowFindings(item: unknown, context: MandatoryFlowContext): Finding[] {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
  const payload = item as Record<string, unknown>;
  const decision = mandatoryPaymentFlow({
    site: context.site,
    item: {
      condition: typeof payload.condition === 'string' ? payload.condition : null,
      official_store_id: typeof payload.official_store_id === 'number' ? payload.official_store_id : null,
    },
    platformOnlyCategory: context.platformOnlyCategory,
    seller: context.seller,
    buyer: context.buyer,
  });
  if (!decision.applies) return [];
  const why = decision.cases.map((hit) => l10n.t('case {0}: {1}', hit.case, hit.reason)).join('; ');
  const findings = [
    finding(
      'payment.mandatory_flow',
      [],
      l10n.t(
        'Orders of this listing enter the mandatory integrated payment flow ({0}); the platform is the only payment means.',
        why,
      ),
      'info', // l10n: not translated (a severity, not a word)
    ),
  ];
  if (payload.accepts_platformpago === false) {
    findings.push(
      finding(
        'payment.mandatory_flow.platform_refused',
        ['accepts_platformpago'],
        l10n.t('accepts_platformpago=false has no effect: the mandatory integrated payment flow applies ({0}).', why),
        'warning', // l10n: not translated (a severity, not a word)
      ),
    );
  }
  if (Array.isArray(payload.non_platformpago_payment_methods) && payload.non_platformpago_payment_methods.length > 0) {
    findings.push(
      finding(
        'payment.mandatory_flow.other_methods',
        ['non_platformpago_payment_methods'],
        l10n.t(
          'Other payment methods are not offered: in the mandatory integrated payment flow the platform is the only payment means ({0}).',
          why,
        ),
        'warning', // l10n: not translated (a severity, not a word)
      ),
    );
  }
  return findings;
}
