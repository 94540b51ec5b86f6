// Which rules judge which request: one table, read by the editor's diagnostics (`features/authoring/analysis.ts`),
// request planning (`features/requests/plan.ts`), the actions (`features/actions/`) and the sandbox's routes, so a
// body gets the same findings wherever it is judged. Adding a rule to a kind is one line of `RULES_BY_KIND`.
import type { PayloadFile } from '../model/payloadFiles';
import type { StructureFamily } from '../model/payloadStructure';
import { isRecord } from '../model/records';
import { blacklistFindings } from './blacklist';
import { addAll, type Finding } from './finding';
import {
  type ItemRulesContext,
  itemCreateFindings,
  itemUpdateStaticFindings,
  type LiveItemView,
  planItemUpdate,
} from './items';
import { feedbackFindings } from './orderFeedback';
import { noteFindings } from './orderNotes';
import { type MandatoryFlowInput, mandatoryPaymentFlowFindings } from './payments';
import { saleTermsFindings } from './saleTerms';
import { dimensionsRule } from './shipping';
import { chartItemsBodyFindings, sizeChartBodyFindings } from './sizeChartBodies';

/**
 * The requests a body makes, one per payload kind of `model/payloadFiles.ts` (an `.item.json` creates or updates):
 * `POST /items`, `PUT /items/{id}`, `PUT /items/{id}` with `{sale_terms}`, `POST|PUT /size_charts`,
 * `PUT /size_charts/{id}/items`, `POST /orders/{id}/notes`, `POST /orders/{id}/feedback`,
 * `POST /users/{me}/order_blacklist`.
 */
export type RequestKind = StructureFamily;

/**
 * What the rules of a kind may know besides the body. Everything is optional: a rule whose context is missing runs
 * without it (the category's sale terms, the live item…) or is skipped (the mandatory payment flow).
 */
export interface KindContext {
  /** Category, site, currencies and listing types of an item creation or update. */
  item?: ItemRulesContext;
  /** The live item an update is judged against; without it, only the update rules that need no live item run. */
  liveItem?: LiveItemView;
  /** The resource the request changes (the item of a `.sale-terms.json`); undefined when the file name lacks it. */
  target?: string;
  /** The signed-in user: nobody blocks themselves (without it no user id is the owner's). */
  userId?: number;
  /** The site's size chart measurement ids. */
  measurements?: { siteId: string; measurementIds: readonly string[] };
  /** The site's payment methods: with them a creation is told when the mandatory payment flow overrides it. */
  paymentSite?: MandatoryFlowInput['site'];
}

/** A rule of the table: the findings of a body, given what is known around it. */
export type KindRule = (body: unknown, context: KindContext) => Finding[];

// The table's rules, each a thin reading of a rule module for the context the table passes.

const itemCreation: KindRule = (body, context) => itemCreateFindings(body, context.item);

const itemUpdate: KindRule = (body, context) =>
  context.liveItem ? planItemUpdate(context.liveItem, body, context.item).findings : itemUpdateStaticFindings(body);

/** `shipping.dimensions` of an item, when given, in the `HxWxL,W` format of shipping quotes. */
const shippingDimensions: KindRule = (body) => {
  if (!isRecord(body) || !isRecord(body.shipping)) return [];
  const dimensions = body.shipping.dimensions;
  return dimensions === undefined || dimensions === null ? [] : dimensionsRule(dimensions, ['shipping', 'dimensions']);
};

/** Only what the payload gets wrong: that the flow applies at all is no fault of the body. */
const mandatoryPaymentFlow: KindRule = (body, context) =>
  context.paymentSite
    ? mandatoryPaymentFlowFindings(body, { site: context.paymentSite, seller: {} }).filter(
        (entry) => entry.severity !== 'info',
      )
    : [];

/** `{sale_terms}` sent to an item is an update of it; without the item, the sale-term values alone are judged. */
const saleTermsOfItem: KindRule = (body, context) => {
  if (context.target !== undefined) return [...itemUpdate(body, context), ...shippingDimensions(body, context)];
  return isRecord(body) ? saleTermsFindings(body.sale_terms) : [];
};

const sizeChart: KindRule = (body, context) => sizeChartBodyFindings(body, context.measurements);
const chartItems: KindRule = (body) => chartItemsBodyFindings(body);
const note: KindRule = (body) => noteFindings(body);
const feedback: KindRule = (body) => feedbackFindings(body);
const blacklist: KindRule = (body, context) => blacklistFindings(body, context.userId ?? Number.NaN);

/** Which rules judge each request, in the order their findings are listed. */
export const RULES_BY_KIND: { readonly [Kind in RequestKind]: readonly KindRule[] } = {
  itemCreate: [itemCreation, shippingDimensions, mandatoryPaymentFlow],
  itemUpdate: [itemUpdate, shippingDimensions],
  saleTerms: [saleTermsOfItem],
  sizeChart: [sizeChart],
  chartItems: [chartItems],
  note: [note],
  feedback: [feedback],
  blacklist: [blacklist],
};

/** Every finding the table's rules give a body of the kind. */
export function kindFindings(kind: RequestKind, body: unknown, context: KindContext = {}): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES_BY_KIND[kind]) addAll(findings, rule(body, context));
  return findings;
}

/** The request a payload file makes: its kind, and for an `.item.json` whether it creates or updates. */
export function requestKindOf(file: Pick<PayloadFile, 'kind' | 'target'>): RequestKind {
  switch (file.kind) {
    case 'item':
      return file.target ? 'itemUpdate' : 'itemCreate';
    default:
      return file.kind;
  }
}
