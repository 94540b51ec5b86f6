import assert from 'node:assert/strict';
import type * as z from 'zod';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { withoutUnknownFields } from '../../../src/model/common';
import { DescriptionInput, VariationInput } from '../../../src/model/item';
import { payloadSchemas, schemaFileFor } from '../../../src/model/jsonSchemas';
import { classifyPayloadFile } from '../../../src/model/payloadFiles';
import { categorySite } from '../../../src/rules/items';
import { SELLER_ID } from '../../../src/sandbox/users/ids';
import { newPhone } from '../../fixtures/newPhone';
import { createJsonService, textDocument, validate } from '../schemas/jsonService';
import { CLOCK_START, type SandboxHarness, siteSeller, useSandbox } from '../support/sandbox';
import { type RealEntry, realCorpus } from './corpus';

/** Requests to resources the extension does not send (not in the spec), kept in the corpus as found. */
const OUTSIDE_THE_SPEC: Record<string, string> = {
  'requests/item-description-append-text-legacy.json': 'the old /items/{id}/descriptions resource',
  'requests/order-feedback-change-neutral.json': 'PUT /orders/{id}/feedback/sale, a change of a rating',
  'requests/pack-note-create.json': 'the packs resource',
};

/**
 * Real requests to paths the spec does not show: it has no route for one variation, and says descriptions are handled
 * by separate resources not shown. Neither the editor's payload kinds nor the sandbox serve them; the model a sender
 * would build the body with reads each (unknown fields aside, as the API reads past them).
 */
const MODEL_ONLY: Record<string, { why: string; model: z.ZodType }> = {
  'requests/item-variation-create-picture-ids.json': {
    why: 'POST /items/{id}/variations is no route of the spec; the variation of an item body reads it',
    model: VariationInput,
  },
  'requests/item-description-create-plain-text.json': {
    why: 'descriptions are handled by separate resources the spec does not show; the description of an item body reads it',
    model: DescriptionInput,
  },
  'requests/item-description-update-plain-text.json': {
    why: 'descriptions are handled by separate resources the spec does not show; the description of an item body reads it',
    model: DescriptionInput,
  },
};

/**
 * Findings of real bodies that are true, each with why. Every other finding of a real body is Information: an
 * unknown field, a title with punctuation, a number written as text, never an Error or a Warning.
 */
const TRUE_FINDINGS: Record<string, { codes: string[]; why: string }> = {
  'requests/order-feedback-buyer-negative-uppercase.json': {
    codes: ['order.feedback.rating_mismatch'],
    why:
      "a buyer's negative rating of an ordinary purchase: a .feedback.json file rates a reservation, which the spec " +
      'pairs as fulfilled false with rating neutral',
  },
};

/** The payload file a body is written in, named the way the extension reads names. */
function payloadFileName(entry: RealEntry): string {
  const slug = entry.file.replace(/^requests\//, '').replace(/\.json$/, '');
  if (entry.path.startsWith('/items/{item_id}')) return 'MLA1400000401.item.json';
  if (entry.path.startsWith('/items')) return `${slug}.item.json`;
  if (entry.path.endsWith('/notes')) return '2195100001.note.json';
  if (entry.path.endsWith('/feedback')) return '2195100001.feedback.json';
  throw new Error(`${entry.file}: no payload kind sends ${entry.method} ${entry.path}`);
}

const requests = realCorpus().filter(
  (entry) => entry.kind === 'request' && !(entry.file in OUTSIDE_THE_SPEC) && !(entry.file in MODEL_ONLY),
);

describe('real request bodies to paths outside the spec: the models read them, the sandbox does not serve them', () => {
  const h = useSandbox();
  const outside = realCorpus().filter((entry) => entry.file in MODEL_ONLY);

  it('names each such path', () => assert.equal(outside.length, Object.keys(MODEL_ONLY).length));

  for (const entry of outside) {
    const { why, model } = MODEL_ONLY[entry.file]!;
    it(`${entry.method} ${entry.path}: ${entry.file} (${why})`, async () => {
      const read = model.safeParse(withoutUnknownFields(model, entry.body));
      assert.ok(read.success, read.error?.message);
      const path = entry.path.replace('{item_id}', 'MLA1400000401');
      const answer = await h.raw(entry.method as 'POST', path, { body: entry.body });
      assert.equal(
        answer.status,
        404,
        `the sandbox serves ${entry.method} ${entry.path}, which the spec does not show`,
      );
    });
  }
});

describe('real request bodies of the marketplace API: the editor and the client take them', () => {
  const service = createJsonService();
  const schemas = payloadSchemas();

  it('holds at least 20 real request bodies, each with a recorded source', () => {
    assert.ok(requests.length >= 20, `${requests.length} bodies`);
    for (const entry of requests) assert.ok(entry.source.length > 10, `${entry.file} has no source`);
  });

  for (const entry of requests) {
    const name = payloadFileName(entry);
    const expected = TRUE_FINDINGS[entry.file];
    it(`${entry.file} as ${name}: no schema diagnostic, ${expected ? `only ${expected.codes.join(', ')}` : 'no Error or Warning'} from our rules, and the request model reads it`, async () => {
      assert.deepEqual(await validate(service, textDocument(name, entry.text)), [], 'the schema judged the body');
      const serious = analyzePayload(name, entry.text)
        .diagnostics.filter((diagnostic) => diagnostic.severity !== 'info')
        .map((diagnostic) => `${diagnostic.code} ${diagnostic.message}`);
      assert.deepEqual(
        serious.map((line) => line.split(' ')[0]),
        expected?.codes ?? [],
        serious.join('\n'),
      );
      const payload = classifyPayloadFile(name);
      assert.ok(payload);
      const model = schemas.find((schema) => schema.file === schemaFileFor(payload))!.model;
      const read = model.safeParse(withoutUnknownFields(model, entry.body));
      assert.ok(read.success, read.error?.message);
    });
  }
});

interface Created {
  id: string;
  status: string;
  warnings: { type: string; code: string }[];
}

/** A listing of the MLA seller to apply an update body to, in a category whose sale terms the body uses. */
async function listingFor(h: SandboxHarness, body: Record<string, unknown>): Promise<Created> {
  const terms = JSON.stringify(body.sale_terms ?? []);
  const category = terms.includes('PURCHASE_MAX_QUANTITY') ? 'MLA1403' : 'MLA1577';
  const created = await h.raw('POST', '/items', {
    body: newPhone('Producto de prueba', { category_id: category, sale_terms: [] }),
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body as Created;
}

/** Brings a listing to the state an update body is meant for: `active` reactivates a paused one, `deleted` a closed one. */
async function prepare(h: SandboxHarness, id: string, body: Record<string, unknown>): Promise<void> {
  const before = body.status === 'active' ? 'paused' : body.deleted === 'true' ? 'closed' : undefined;
  if (!before) return;
  const answer = await h.raw('PUT', `/items/${id}`, { body: { status: before } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

interface AdminOrder {
  id: number;
  seller_id: number;
  expiration_date: string;
  feedback: { sale: boolean };
}

/** A paid order of the MLA seller not rated yet, before its deadline. */
async function openOrder(h: SandboxHarness): Promise<number> {
  const { orders } = await h.admin<{ orders: AdminOrder[] }>('GET', '/_sandbox/orders?status=paid');
  // Sandbox time starts at CLOCK_START and runs with the real clock: seconds later here.
  const now = Date.parse(CLOCK_START) + 60_000;
  const open = orders.find(
    (order) => order.seller_id === SELLER_ID && !order.feedback.sale && Date.parse(order.expiration_date) > now,
  );
  assert.ok(open, 'no open order');
  return open.id;
}

describe('real request bodies of the marketplace API: the local sandbox accepts what the real API accepts', () => {
  const h = useSandbox();

  for (const entry of requests) {
    const body = entry.body as Record<string, unknown>;
    const expected = TRUE_FINDINGS[entry.file];
    it(`${entry.method} ${entry.path}: ${entry.file}`, async () => {
      if (entry.method === 'POST' && entry.path.startsWith('/items')) {
        const site = (typeof body.site_id === 'string' && body.site_id) || categorySite(String(body.category_id));
        assert.ok(site, 'the body names its site or a category of it');
        const seller = await siteSeller(h, site);
        const answer = await h.raw('POST', entry.path, { token: seller.token, body });
        if (entry.path === '/items/validate') {
          assert.equal(answer.status, 204, JSON.stringify(answer.body));
          return;
        }
        assert.equal(answer.status, 201, JSON.stringify(answer.body));
        const created = answer.body as Created;
        // Advice comes back as the API's own shape for it: causes of type warning on the created listing.
        for (const warning of created.warnings) assert.equal(warning.type, 'warning', warning.code);
        assert.match(created.id, new RegExp(`^${site}\\d+$`));
        return;
      }
      if (entry.path === '/items/{item_id}') {
        const listing = await listingFor(h, body);
        await prepare(h, listing.id, body);
        const answer = await h.raw('PUT', `/items/${listing.id}`, { body });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return;
      }
      const order = await openOrder(h);
      const path = entry.path.replace('{order_id}', String(order));
      const answer = await h.raw('POST', path, { body });
      if (expected) {
        assert.equal(answer.status, 400);
        const codes = (answer.body as { cause: { code: string }[] }).cause.map((cause) => cause.code);
        assert.deepEqual(codes, expected.codes, expected.why);
        return;
      }
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
    });
  }
});
