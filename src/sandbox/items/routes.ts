import type * as z from 'zod';
import { withoutUnknownFields } from '../../model/common';
import { ItemCreate, ItemUpdate } from '../../model/item';
import { kindFindings } from '../../rules/byKind';
import { type Finding, finding } from '../../rules/finding';
import { categorySite, type ItemRulesContext, itemUpdateOutcome } from '../../rules/items';
import {
  badRequest,
  created,
  forbidden,
  noContent,
  notFound,
  objectBody,
  ok,
  rejectFindings,
  requiredQuery,
  type SandboxRequest,
} from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import type { SandboxUser } from '../users/state';
import { publicItem, trimItem } from './build';
import { newItem, SITE_CURRENCIES } from './create';
import { listingTypesOf } from './listingTypes';
import { itemToChange, keepItem, readItem } from './lookup';
import { searchSellerItems } from './search';
import type { SandboxCategory, SandboxItem } from './state';
import { applyUpdate, liveView, notifyChange } from './update';

/** Ids a multi-get accepts at once. */
export const MULTI_GET_MAX_IDS = 20;

/** The stored item to change, or the API's 404 (a generated listing at scale is materialized, so changes stick). */
export function itemOr404(sandbox: Sandbox, id: string): SandboxItem {
  const item = itemToChange(sandbox.state, id);
  if (!item) throw notFound(`Item with id ${id} not found.`);
  return item;
}

/** The item to read, or the API's 404 (a generated listing at scale is built for the answer, not stored). */
export function readItemOr404(sandbox: Sandbox, id: string): SandboxItem {
  const item = readItem(sandbox.state, id);
  if (!item) throw notFound(`Item with id ${id} not found.`);
  return item;
}

/** The listing types the sandbox lists for a site, as the rules read them. */
function siteListingTypes(siteId: string): ItemRulesContext['listingTypes'] {
  const types = listingTypesOf(siteId);
  return types && { siteId, ids: types.map((type) => type.id) };
}

function categoryContext(category: SandboxCategory | undefined): ItemRulesContext['category'] {
  return category && { id: category.id, vertical: category.vertical, sale_terms: category.sale_terms };
}

function attributesParam(request: SandboxRequest): string[] | undefined {
  const raw = request.query.get('attributes');
  if (raw === null) return undefined;
  const fields = raw
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return fields.length ? fields : undefined;
}

/**
 * The category a creation lists in: a seeded one, or, for a well-formed id of the site that the sandbox does not hold
 * (it cannot hold the marketplace's whole tree), a stand-in without sale terms; the rules then advise, not refuse.
 */
function creationCategory(
  sandbox: Sandbox,
  categoryId: string | undefined,
  site: string,
): { category?: SandboxCategory; unknownToSandbox: boolean } {
  if (!categoryId) return { unknownToSandbox: false };
  const found = ownRecord(sandbox.state.items.categories, categoryId);
  if (found) return { category: found.site_id === site ? found : undefined, unknownToSandbox: false };
  return { unknownToSandbox: categorySite(categoryId) === site };
}

/** Validation of a creation body, shared by `POST /items`, `POST /items/validate` and the fixtures' items. */
export function validateCreation(sandbox: Sandbox, user: SandboxUser, body: Record<string, unknown>) {
  const site = typeof body.site_id === 'string' ? body.site_id : user.site_id;
  const categoryId = typeof body.category_id === 'string' ? body.category_id : undefined;
  const { category, unknownToSandbox } = creationCategory(sandbox, categoryId, site);
  const extra: Finding[] = [];
  if (site !== user.site_id) {
    extra.push(
      finding(
        'item.site_id.invalid',
        ['site_id'],
        `The seller is registered on site ${user.site_id}: items are listed on the seller's own site.`,
      ),
    );
  }
  const findings = [
    ...extra,
    ...kindFindings('itemCreate', body, {
      item: {
        category: categoryContext(category),
        categoryUnknownToSandbox: unknownToSandbox,
        siteId: site,
        currencies: ownRecord(SITE_CURRENCIES, site),
        listingTypes: siteListingTypes(site),
      },
    }),
  ];
  const listedIn: SandboxCategory | undefined =
    category ??
    (unknownToSandbox && categoryId
      ? { id: categoryId, site_id: site, name: categoryId, vertical: 'general', sale_terms: [] }
      : undefined);
  return { findings, category: listedIn };
}

/** What a request model reads of a body the rules accepted (fields it does not know are left behind). */
export function readBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> | undefined {
  const parsed = schema.safeParse(withoutUnknownFields(schema, body));
  return parsed.success ? parsed.data : undefined;
}

export const itemRoutes: Route[] = [
  {
    method: 'GET',
    path: '/items/:item_id',
    auth: 'required',
    readOnly: true,
    handler: (request, sandbox) => {
      const body = publicItem(readItemOr404(sandbox, request.params.item_id!));
      const fields = attributesParam(request);
      return ok(fields ? trimItem(body, fields) : body);
    },
  },
  {
    method: 'GET',
    path: '/items',
    auth: 'required',
    readOnly: true,
    handler: (request, sandbox) => {
      const ids = requiredQuery(request, 'ids')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (ids.length === 0) throw badRequest('The parameter ids is required: a comma-separated list of item ids.');
      if (ids.length > MULTI_GET_MAX_IDS) {
        throw badRequest(
          `A multi-get accepts at most ${MULTI_GET_MAX_IDS} ids and ${ids.length} were sent: split them into groups of ${MULTI_GET_MAX_IDS}.`,
        );
      }
      const fields = attributesParam(request);
      return ok(
        ids.map((id) => {
          const item = readItem(sandbox.state, id);
          if (!item) {
            return {
              code: 404,
              body: { message: `Item with id ${id} not found.`, error: 'business_logic_error', status: 404, cause: [] },
            };
          }
          const body = publicItem(item);
          return { code: 200, body: fields ? trimItem(body, fields) : body };
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/items/validate',
    auth: 'required',
    handler: (request, sandbox) => {
      const { findings } = validateCreation(sandbox, request.user!, objectBody(request));
      rejectFindings(findings);
      return noContent();
    },
  },
  {
    method: 'POST',
    path: '/items',
    auth: 'required',
    handler: (request, sandbox) => {
      const body = objectBody(request);
      const { findings, category } = validateCreation(sandbox, request.user!, body);
      rejectFindings(findings);
      // The rules accepted the body, so it has the creation shape and a category of the seller's site.
      const parsed = readBody(ItemCreate, body);
      if (!parsed || !category) throw badRequest('The item could not be read; check it with POST /items/validate.');
      // Advice (Information and Warning findings) comes back as the API's own `type: "warning"` causes.
      const item = newItem(
        sandbox,
        request.user!,
        parsed,
        category,
        findings.filter((entry) => entry.severity !== 'error'),
      );
      sandbox.state.items.items[item.id] = item;
      sandbox.notify({ topic: 'items', resource: `/items/${item.id}`, user_id: item.seller_id });
      return created(publicItem(item));
    },
  },
  {
    method: 'PUT',
    path: '/items/:item_id',
    auth: 'required',
    handler: (request, sandbox) => {
      // Read, not materialized: a refused change leaves a generated listing generated.
      const item = readItemOr404(sandbox, request.params.item_id!);
      if (item.seller_id !== request.user!.id) {
        throw forbidden(
          `access to the requested resource is forbidden: item ${item.id} belongs to another seller, only its seller can modify it.`,
        );
      }
      const body = objectBody(request);
      const category = ownRecord(sandbox.state.items.categories, item.category_id);
      const view = liveView(item);
      rejectFindings(
        kindFindings('itemUpdate', body, {
          liveItem: view,
          item: { category: categoryContext(category), listingTypes: siteListingTypes(item.site_id) },
        }),
      );
      const parsed = readBody(ItemUpdate, body);
      if (!parsed) throw badRequest('The changes could not be read; send only the editable item fields.');
      const summary = applyUpdate(
        sandbox,
        keepItem(sandbox.state, item),
        parsed,
        itemUpdateOutcome(view, body),
        category,
      );
      notifyChange(sandbox, item, summary);
      return ok(publicItem(item));
    },
  },
  {
    method: 'GET',
    path: '/categories/:category_id/sale_terms',
    auth: 'none',
    handler: (request, sandbox) => {
      const category = ownRecord(sandbox.state.items.categories, request.params.category_id!);
      if (!category) throw notFound(`Category ${request.params.category_id} not found.`);
      return ok(category.sale_terms);
    },
  },
  {
    method: 'GET',
    path: '/users/:user_id/items/search',
    auth: 'required',
    handler: (request, sandbox) => {
      const sellerId = request.user!.id;
      if (request.params.user_id !== String(sellerId)) {
        throw forbidden(
          `access to the requested resource is forbidden: a seller can only search its own items (user ${sellerId}).`,
        );
      }
      return ok(searchSellerItems(sandbox, request, sellerId));
    },
  },
];
