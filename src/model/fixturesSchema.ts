import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from './advertising';
import { FIXTURE_PAYMENT_STATUSES, SandboxFixtures } from './fixtures';
import { ITEM_STATUSES, ITEM_SUB_STATUSES } from './item';
import { apply, canonical, inputSchemaOf, isObject, SCHEMA_ID_BASE } from './jsonSchemas';
import { ORDER_TAGS } from './orderValues';
import { type FieldDoc, fieldDocs, type JsonSchema, raw, tab } from './payloadFieldDocs';
import { anyCaseGlob } from './payloadFiles';

/**
 * The JSON schema of the sandbox's fixtures files (`schemas/sandbox-fixtures.schema.json`, contributed for
 * `*.fixtures.json`): the zod model (`fixtures.ts`) converted by `z.toJSONSchema`, every field described. A fixture's
 * item, feedback, note, size chart and blacklist entry are the API's bodies, so they take the payload schemas' own
 * field docs (`payloadFieldDocs.ts`); the rest is described here. The schema judges what the loader judges by the
 * model (types, required fields, closed lists of the spec); the rules' findings come when the sandbox loads the file.
 */

export const FIXTURES_SCHEMA_FILE = 'sandbox-fixtures.schema.json';

/** `*.fixtures.json` in any case. No payload suffix ends this way, so a fixtures file is never taken for a payload. */
export const FIXTURES_GLOB = anyCaseGlob('*.fixtures.json');

const listed = (values: readonly string[], meaning: (value: string) => string): Record<string, string> =>
  Object.fromEntries(values.map((value) => [value, meaning(value)]));

const given = (what: string): FieldDoc => ({
  doc: `${what} Set by the marketplace on a listing that exists; a fixture may give it (an export does), otherwise the sandbox's creation path fills it.`,
});

const timestamp = (what: string): FieldDoc => ({
  doc: `${what} An ISO 8601 timestamp such as 2026-03-01T10:00:00.000-03:00; stored as the API writes it (-04:00).`,
  examples: ['2026-03-01T10:00:00.000-03:00'],
});

const ORDER_STATUS_MEANING: Record<string, string> = {
  payment_required: 'Created; the deposit is not paid (mandatory payment flow only). Hidden from the seller.',
  payment_in_process: 'A payment exists but is not credited yet (a ticket).',
  partially_paid: 'Part of the deposit is credited.',
  paid: 'The deposit is credited (the default): visible to the seller, date_closed set.',
  cancelled: 'Cancelled; status_detail.code says why (not_paid by default).',
};

const CANCEL_MEANING: Record<string, string> = {
  feedback: 'The seller returned the reservation (feedback fulfilled=false, rating neutral); refunded.',
  buyer: 'The seller confirmed delivery and the buyer said the vehicle was not received; refunded.',
  expired_order: 'The order expired (30 days) without a confirmed delivery; refunded. Date it 30 days back or more.',
  not_paid: 'Not paid within 48 hours of its creation (the sandbox’s name; the spec does not list it).',
  seller_prohibited: 'The seller became prohibited on the site (the sandbox’s name).',
};

/** Docs of the fixture-only fields, by path (`a.b`, `list[]`). */
const FIXTURE_DOCS: Record<string, FieldDoc> = {
  '': {
    doc: 'Fixtures of the Marketplace sandbox (`--fixtures FILE`): your own listings, orders, size charts, blacklist and campaigns, in the API’s shape. The sandbox checks them with the API’s own models and rules when it starts; a bad file stops the start with every problem as `path: reason`.',
    snippets: [
      {
        label: 'Fixtures: a listing and a paid order',
        description: 'A vehicle listing and a paid reservation order on it, with a note.',
        body: {
          $schema: './sandbox-fixtures.schema.json',
          items: [
            {
              id: 'MLA1500000001',
              title: tab(1, 'Chevrolet Onix 1.2 LT 0km'),
              category_id: 'MLA1744',
              price: raw(tab(2, '21500')),
              currency_id: 'USD',
              available_quantity: raw('1'),
              buying_mode: 'classified',
              condition: 'new',
            },
          ],
          orders: [{ status: 'paid', order_items: [{ item: { id: 'MLA1500000001' } }], notes: [{ note: tab(3) }] }],
        },
      },
    ],
  },
  $schema: { doc: 'The schema of this file: `./sandbox-fixtures.schema.json` beside it, or a path to it.' },
  default_data: {
    doc: 'What the fixtures do with the sandbox’s default data (items, orders, notes, blacklist, size charts, campaigns): replace it (`none`, the default) or come beside it (`include`). Users, sites, categories, advertisers and shipping stay the sandbox’s own.',
    values: {
      none: 'Only the fixtures’ records (the default).',
      include: 'The default data and the fixtures’ records; a fixture’s id may not repeat a default one.',
    },
  },
  clock_start: timestamp(
    'The sandbox clock starts at this instant (fresh data only; `--clock-start` wins): dates stay where the file puts them. An export sets it.',
  ),
  note: { doc: 'Free text about the file; an export says there what it left out (generated records at `--scale`).' },
  items: { doc: 'Listings: each a `POST /items` body, plus what the marketplace set on it when it exists already.' },
  'items[]': { doc: 'A listing: title, category_id, price and currency_id are required, as for `POST /items`.' },
  'items[].id': {
    doc: 'The listing’s id (site id and number, e.g. MLA1500000001), kept so your tests can name it; generated when absent, never colliding with the default data’s ids.',
    examples: ['MLA1500000001'],
  },
  'items[].seller_id': {
    doc: 'The seller: a sandbox seller of the listing’s site (by default the site’s test seller, 5503910054 on MLA).',
    examples: [5503910054],
  },
  'items[].status': {
    doc: 'The listing’s state (active by default).',
    values: listed(ITEM_STATUSES, (status) => `The spec's item state ${status}.`),
  },
  'items[].sub_status': {
    doc: 'Sub-states (under_review reasons, pause and close reasons); the spec’s are suggestions.',
  },
  'items[].sub_status[]': {
    doc: 'A sub-state, for example out_of_stock.',
    values: listed(ITEM_SUB_STATUSES, (sub) => `Sub-state ${sub}.`),
    open: true,
  },
  'items[].sold_quantity': { doc: 'Units sold so far (0 by default); initial_quantity is stock plus sales.' },
  'items[].initial_quantity': given('The stock the listing started with (available plus sold by default).'),
  'items[].base_price': given('The base price (the price by default).'),
  'items[].date_created': timestamp('When the listing was created (the clock’s start by default).'),
  'items[].last_updated': timestamp('When it last changed (its date_created by default).'),
  'items[].start_time': timestamp('When it started (its date_created by default).'),
  'items[].stop_time': timestamp(
    'When it ends (by its listing type by default). An active listing with stock past it would be closed at once: refused.',
  ),
  'items[].permalink': given('Its public URL.'),
  'items[].thumbnail': given('Its thumbnail URL (the first picture’s by default).'),
  'items[].secure_thumbnail': given('Its https thumbnail URL.'),
  'items[].descriptions': given('Ids of its stored descriptions (send description for the text).'),
  'items[].descriptions[]': { doc: 'A description id.' },
  'items[].descriptions[].id': { doc: 'The id.' },
  'items[].seller_address': given('The seller’s address shown on the listing.'),
  'items[].geolocation': given('Coordinates of the listing.'),
  'items[].warnings': given('The marketplace’s advice on the listing.'),
  'items[].listing_source': given('Where the listing came from.'),
  'items[].parent_item_id': given('The listing it was relisted from.'),
  'items[].deal_ids': given('Deals set by promotions.'),
  'items[].deleted': { doc: 'The text "true": the seller deleted this closed listing.', examples: ['true'] },
  'items[].variations[].sold_quantity': { doc: 'Units of this variation sold so far (0 by default).' },
  orders: {
    doc: 'Reservation orders, each played through the sandbox’s order engine (reservation, payments, feedback), so every transition obeys the spec.',
  },
  'orders[]': {
    doc: 'A reservation order on one vehicle listing; its status is where its story ends (paid by default).',
  },
  'orders[].id': { doc: 'The order’s id, kept; generated when absent.', examples: [2195200001] },
  'orders[].status': {
    doc: 'Where the order’s story ends. Without payments, it decides them (paid: the deposit approved by card).',
    values: ORDER_STATUS_MEANING,
  },
  'orders[].status_detail': { doc: 'Why a cancelled order was cancelled.' },
  'orders[].status_detail.code': {
    doc: 'The cancellation’s story: the spec names feedback, buyer and expired_order; not_paid and seller_prohibited are the sandbox’s. The sandbox plays only these.',
    values: CANCEL_MEANING,
  },
  'orders[].status_detail.description': { doc: 'Ignored: the sandbox writes its own description.' },
  'orders[].date_created': timestamp(
    'When the buyer reserved (by default early enough for the story: an hour, a day, 3 or 31 days before the clock’s start).',
  ),
  'orders[].last_updated': timestamp(
    'When the order last changed (a fraud tag’s date); its story’s last step by default.',
  ),
  'orders[].date_closed': timestamp('When the deposit was first credited; by default when its story credits it.'),
  'orders[].payments[].date_last_modified': timestamp('When it last changed; by default its story’s last step.'),
  'orders[].payments[].money_release_date': timestamp(
    'When its money was released to the seller; by default the story’s.',
  ),
  'orders[].order_items': { doc: 'The one vehicle reserved: `[{"item": {"id": "MLA…"}}]`.' },
  'orders[].order_items[]': { doc: 'The line of the reservation.' },
  'orders[].order_items[].item': { doc: 'The listing reserved.' },
  'orders[].order_items[].item.id': {
    doc: 'A vehicle listing (vertical automobiles, on MLA, MLB or MLM) of this file or, with default_data include, of the default data.',
    examples: ['MLA1500000001'],
  },
  'orders[].order_items[].quantity': { doc: 'Always 1: a reservation holds one vehicle.' },
  'orders[].order_items[].unit_price': {
    doc: 'The reservation price (deposit); by default the sandbox’s deposit for the currency (500 USD, 500000 ARS…), never above the price.',
  },
  'orders[].buyer': { doc: 'The buyer (7000000001 by default).' },
  'orders[].buyer.id': {
    doc: 'A sandbox user: buyers are 7000000001 to 7000000024.',
    examples: [7000000001],
  },
  'orders[].payments': {
    doc: 'The order’s payments in the order made. Left out, the status decides them. Outside the mandatory payment flow the buyer pays with one ticket the sandbox issues: at most one entry, which describes it.',
  },
  'orders[].payments[]': { doc: 'A payment: its status as it ends, with its dates.' },
  'orders[].payments[].id': { doc: 'The payment’s id (`/collections/{id}`), kept; generated when absent.' },
  'orders[].payments[].status': {
    doc: 'How the payment ends: approved, pending or rejected as made; refunded or cancelled when the order’s cancellation left it so.',
    values: listed(FIXTURE_PAYMENT_STATUSES, (status) =>
      status === 'refunded'
        ? 'Approved, then refunded by the order’s cancellation.'
        : status === 'cancelled'
          ? 'Pending, then cancelled with its order.'
          : `Made ${status}.`,
    ),
  },
  'orders[].payments[].transaction_amount': {
    doc: 'The amount paid (by default what is left of the deposit; a coupon is taken from the first payment).',
  },
  'orders[].payments[].payment_method_id': {
    doc: 'A payment method offered on the site (visa by default; a pending one is the site’s ticket).',
    examples: ['visa', 'master', 'account_money', 'rapipago'],
  },
  'orders[].payments[].date_created': timestamp('When it was made (just after the previous step by default).'),
  'orders[].payments[].date_approved': timestamp(
    'When it was credited: later than date_created for a payment made pending and credited afterwards.',
  ),
  'orders[].feedback': {
    doc: 'The ratings: the seller’s (sale) and the buyer’s (purchase), each the body of `POST /orders/{id}/feedback`.',
  },
  'orders[].feedback.sale': {
    doc: 'The seller’s rating: delivered (fulfilled true, positive) or returned (false, neutral).',
  },
  'orders[].feedback.purchase': { doc: 'The buyer’s answer after the delivery: received (true) or not (false).' },
  'orders[].feedback.sale.id': { doc: 'The rating’s id, kept; generated when absent.' },
  'orders[].feedback.sale.date_created': timestamp('When it was given.'),
  'orders[].feedback.purchase.id': { doc: 'The rating’s id, kept; generated when absent.' },
  'orders[].feedback.purchase.date_created': timestamp('When it was given.'),
  'orders[].notes': { doc: 'The seller’s notes on the order (`POST /orders/{id}/notes`).' },
  'orders[].notes[]': { doc: 'A note.' },
  'orders[].notes[].id': { doc: 'The note’s id (24 hexadecimal characters), kept; generated when absent.' },
  'orders[].notes[].date_created': timestamp('When it was written.'),
  'orders[].notes[].date_last_updated': timestamp('When it was last changed (its date_created by default).'),
  'orders[].tags': {
    doc: 'Tags: fraud_risk_detected marks a fraudulent purchase; reservation, paid, delivered and not_delivered follow the story; others are the seller’s own.',
  },
  'orders[].tags[]': {
    doc: 'A tag.',
    values: listed(ORDER_TAGS, (tag) => `The spec’s tag ${tag}.`),
    open: true,
  },
  'orders[].coupon': { doc: 'A coupon the buyer used: taken from the first payment.' },
  'orders[].coupon.amount': { doc: 'The coupon’s amount.' },
  'orders[].coupon.id': { doc: 'The coupon’s id.' },
  size_charts: { doc: 'Size charts, each the body of `POST /size_charts`, with the listings it serves.' },
  'size_charts[]': { doc: 'A size chart.' },
  'size_charts[].id': { doc: 'The chart’s id, kept; generated when absent.' },
  'size_charts[].seller_id': {
    doc: 'Its creator, a sandbox seller of a site with size charts (5503910054 by default).',
  },
  'size_charts[].items': {
    doc: 'The listings it serves (`PUT /size_charts/{id}/items`): the creator’s, with a complete SIZE attribute; a listing serves one chart.',
  },
  'size_charts[].items[]': { doc: 'A listing id.', examples: ['MLA1500000101'] },
  'size_charts[].date_created': timestamp('When it was created.'),
  'size_charts[].last_updated': timestamp('When it last changed.'),
  blacklist: { doc: 'Users barred from bidding (`POST /users/{me}/order_blacklist`).' },
  'blacklist[]': { doc: 'A barred user.' },
  'blacklist[].seller_id': { doc: 'Whose blacklist (5503910054 by default).' },
  'blacklist[].date_created': timestamp('When the user was barred.'),
  campaigns: { doc: 'Display campaigns, with the figures their daily metrics are generated from.' },
  'campaigns[]': { doc: 'A display campaign.' },
  'campaigns[].id': { doc: 'The campaign’s id, kept; generated when absent.' },
  'campaigns[].advertiser_id': {
    doc: 'A display advertiser of the sandbox (731001 on MLA, the default; 731002 on MLM; 731003 on MLC).',
    examples: [731001],
  },
  'campaigns[].name': { doc: 'The campaign’s name.' },
  'campaigns[].type': {
    doc: 'The campaign’s type; the spec does not list them. The sandbox generates metrics for these.',
    values: listed(CAMPAIGN_TYPES, (type) =>
      type === 'GUARANTEED' ? 'Pays a fixed CPM.' : 'Pays per click (the default).',
    ),
    open: true,
  },
  'campaigns[].status': {
    doc: 'The campaign’s status; the spec does not list them.',
    values: listed(CAMPAIGN_STATUSES, (status) => `Status ${status}.`),
    open: true,
  },
  'campaigns[].goal': {
    doc: 'What the campaign aims at (consideration by default).',
    values: { awareness: 'Awareness.', consideration: 'Consideration.', conversion: 'Conversion.' },
    open: true,
  },
  'campaigns[].start_date': { doc: 'Its first day, a timestamp without zone.', examples: ['2026-02-01T00:00:00'] },
  'campaigns[].end_date': { doc: 'Its last day, a timestamp without zone.', examples: ['2026-04-30T23:59:59'] },
  'campaigns[].daily_prints': { doc: 'Average impressions a day (drawn from the id by default).' },
  'campaigns[].base_ctr': { doc: 'Average clicks per impression, 0 to 1.' },
  'campaigns[].rate': { doc: 'CPM of a GUARANTEED campaign, cost per click of a PROGRAMMATIC one.' },
  'campaigns[].average_ticket': { doc: 'Average ticket of the sales it brings.' },
  'campaigns[].video': { doc: 'Video creatives (report active and completed views).' },
  'campaigns[].budget': { doc: 'Total budget: once spent, the campaign stops delivering.' },
  'campaigns[].pauses': { doc: 'Spells without delivery.' },
  'campaigns[].pauses[]': { doc: 'A pause: from a day until another (exclusive; null while still paused).' },
  'campaigns[].pauses[].from': { doc: 'The first day without delivery (YYYY-MM-DD).' },
  'campaigns[].pauses[].until': { doc: 'The day delivery resumes (YYYY-MM-DD), or null.' },
};

// Read once, unconfigured: the fixtures' schema is a document for tools and stays English.
const FIELD_DOCS = fieldDocs();
/** Where the API's body docs apply: a subtree of the fixtures and the payload family describing it. */
const BODY_DOCS: [prefix: string, docs: Record<string, FieldDoc>][] = [
  ['items[]', FIELD_DOCS.itemCreate],
  ['orders[].feedback.sale', FIELD_DOCS.feedback],
  ['orders[].feedback.purchase', FIELD_DOCS.feedback],
  ['orders[].notes[]', FIELD_DOCS.note],
  ['size_charts[]', FIELD_DOCS.sizeChart],
  ['blacklist[]', FIELD_DOCS.blacklist],
];

/** Fields taken as the API answers them: what is inside needs no doc of its own. */
const AS_ANSWERED = ['items[].seller_address', 'items[].geolocation'];

function docOf(path: string): FieldDoc | undefined {
  if (Object.hasOwn(FIXTURE_DOCS, path)) return FIXTURE_DOCS[path];
  for (const [prefix, docs] of BODY_DOCS) {
    if (path !== prefix && !path.startsWith(`${prefix}.`) && !path.startsWith(`${prefix}[]`)) continue;
    const inner = path.slice(prefix.length).replace(/^\./, '');
    if (inner && Object.hasOwn(docs, inner)) return docs[inner];
  }
  return undefined;
}

/** Describes every field; a field without a doc (outside what is taken as answered) is an error of this table. */
function describe(schema: JsonSchema): void {
  // A field must be described; an array's items and a union's branches may be.
  const visit = (node: JsonSchema, path: string, role: 'field' | 'items' | 'branch') => {
    const doc = role === 'branch' ? undefined : docOf(path);
    if (doc) apply(node, doc, `${FIXTURES_SCHEMA_FILE} ${path || '(root)'}`);
    else if (role === 'field' && !AS_ANSWERED.some((prefix) => path.startsWith(`${prefix}.`)))
      throw new Error(
        `${FIXTURES_SCHEMA_FILE}: the field ${path || '(root)'} has no description; add it to FIXTURE_DOCS`,
      );
    if (isObject(node.properties))
      for (const [key, child] of Object.entries(node.properties))
        if (isObject(child)) visit(child, path ? `${path}.${key}` : key, 'field');
    if (isObject(node.items)) visit(node.items, `${path}[]`, 'items');
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (Array.isArray(branches)) for (const branch of branches) if (isObject(branch)) visit(branch, path, 'branch');
    }
  };
  visit(schema, '', 'field');
}

/** The fixtures schema, generated from the model; pure and deterministic. */
export function fixturesSchema(): JsonSchema {
  const schema = inputSchemaOf(SandboxFixtures);
  describe(schema);
  schema.title = 'Marketplace sandbox fixtures (--fixtures FILE)';
  schema.$id = `${SCHEMA_ID_BASE}${FIXTURES_SCHEMA_FILE}`;
  return canonical(schema);
}

/** The `contributes.jsonValidation` entry of the fixtures schema. */
export const fixturesJsonValidation = (): { fileMatch: string[]; url: string } => ({
  fileMatch: [FIXTURES_GLOB],
  url: `./schemas/${FIXTURES_SCHEMA_FILE}`,
});
