import * as z from 'zod';
import {
  Item,
  ItemCreate,
  ItemsSearchResult,
  ItemUpdate,
  MultiGetAnswer,
  SaleTermDefinitions,
  TrimmedItem,
  TrimmedMultiGetAnswer,
} from '../item';
import { Payment, PaymentsSearchResult } from '../order';
import { ListingTypes, PaymentMethod, Site } from '../site';
import { AuthorizationCodeGrant, Me, OAuthToken, PublicUser, RefreshTokenGrant } from '../user';
import { empty, errors, json, type OperationSpec, pathParam, queryParam } from './operation';
import { CATEGORY_ID, ITEM_ID, limit, OFFSET, SITE_ID, USER_ID } from './parameters';

// The endpoint table, part one: users and OAuth, items, category sale terms, sites and payments.

export const LISTING_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/users/me',
    operationId: 'getMe',
    tag: 'users',
    summary: 'The user the access token belongs to',
    security: 'token',
    answers: { 200: json('The caller’s own profile.', Me) },
  },
  {
    method: 'get',
    path: '/users/{user_id}',
    operationId: 'getUser',
    tag: 'users',
    summary: 'A user’s profile',
    description: 'The caller’s own profile when the id is the caller’s, else the public one.',
    security: 'optionalToken',
    parameters: [USER_ID],
    answers: { 200: json('The profile.', z.union([Me, PublicUser])), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/authorization',
    operationId: 'authorize',
    tag: 'oauth',
    summary: 'Authorization-code flow: the browser’s page',
    description:
      'On the real API this is the country’s auth host, where the user approves the application. The local sandbox approves at once (as its seller, or `user_id`) and redirects to `redirect_uri` with `code` (and `state`).',
    security: 'none',
    parameters: [
      queryParam('response_type', 'Always code.', z.enum(['code']), true),
      queryParam('client_id', 'The application’s client id.', z.string(), true),
      queryParam('redirect_uri', 'Must match the registered redirect URI exactly.', z.string(), true),
      queryParam('state', 'Sent back unchanged with the code.'),
      queryParam(
        'code_challenge',
        'PKCE: the S256 challenge of the code verifier (optional per app, then mandatory for it).',
      ),
      queryParam('code_challenge_method', 'PKCE: S256.', z.enum(['S256'])),
      queryParam(
        'user_id',
        'Local sandbox only: the seeded user who approves (the seller by default).',
        z.number().int(),
      ),
    ],
    answers: {
      302: {
        description: 'Redirect to redirect_uri with code and state.',
        model: z.looseObject({ redirect: z.string() }),
        headers: { Location: { description: 'redirect_uri with code (and state).', schema: z.string() } },
      },
      ...errors([
        400,
        'An OAuth error: `invalid_client`, `invalid_request`, `unsupported_response_type` (with error_description).',
      ]),
    },
  },
  {
    method: 'post',
    path: '/oauth/token',
    operationId: 'createToken',
    tag: 'oauth',
    summary: 'Exchange an authorization code, or refresh a token',
    description:
      'Access tokens live 6 hours. A refresh token is single-use: each refresh returns a new one and only the newest works; refresh tokens expire after 6 months.',
    security: 'none',
    body: {
      model: z.union([AuthorizationCodeGrant, RefreshTokenGrant]),
      description:
        'grant_type authorization_code (with code and redirect_uri, and code_verifier with PKCE) or refresh_token.',
      form: true,
    },
    answers: {
      200: json('The tokens.', OAuthToken),
      ...errors(
        [
          400,
          'An OAuth error: `invalid_grant` (expired or already used), `invalid_client`, `invalid_request`, `unsupported_grant_type`.',
        ],
        403,
      ),
    },
  },
  {
    method: 'get',
    path: '/items/{item_id}',
    operationId: 'getItem',
    tag: 'items',
    summary: 'An item (listing)',
    description: 'Access token required since 2024-03-11. With `attributes=` only the fields asked come back.',
    security: 'token',
    parameters: [ITEM_ID, queryParam('attributes', 'Comma-separated fields to keep, e.g. id,price.')],
    answers: { 200: json('The item.', z.union([Item, TrimmedItem])), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/items',
    operationId: 'getItems',
    tag: 'items',
    summary: 'Multi-get: several items at once',
    security: 'token',
    parameters: [
      queryParam('ids', 'Comma-separated item ids, at most 20.', z.string(), true),
      queryParam('attributes', 'Comma-separated fields to keep in each body, e.g. id,price.'),
    ],
    answers: {
      200: json(
        'One entry per id, in order: `{code: 200, body: item}` or the error status with its body.',
        z.union([MultiGetAnswer, TrimmedMultiGetAnswer]),
      ),
      ...errors(400),
    },
  },
  {
    method: 'post',
    path: '/items/validate',
    operationId: 'validateItem',
    tag: 'items',
    summary: 'Check a creation body without creating the item',
    security: 'token',
    body: { model: ItemCreate, description: 'The body POST /items would take.' },
    answers: {
      204: empty('The body is valid.'),
      ...errors([400, 'Validation error: `validation_error` with one `cause[]` entry per problem.']),
    },
  },
  {
    method: 'post',
    path: '/items',
    operationId: 'createItem',
    tag: 'items',
    summary: 'Create an item',
    description:
      'Required for every creation: title, category_id, price, currency_id. At most six picture URLs are recommended.',
    security: 'token',
    body: { model: ItemCreate, description: 'The new listing.' },
    answers: {
      201: json('The created item (the spec does not show it; api-facts and the sandbox answer the item).', Item),
      ...errors([400, 'Validation error: `validation_error` with one `cause[]` entry per problem.'], 403),
    },
  },
  {
    method: 'put',
    path: '/items/{item_id}',
    operationId: 'updateItem',
    tag: 'items',
    summary: 'Change an item',
    description:
      'Any subset of the editable fields: title and price, status (closed, paused or active), deleted "true" (a closed item), available_quantity, sale_terms (MANUFACTURING_TIME, PURCHASE_MAX_QUANTITY), seller_custom_field…',
    security: 'token',
    parameters: [ITEM_ID],
    body: { model: ItemUpdate, description: 'The fields to change.' },
    answers: {
      200: json('The updated item.', Item),
      ...errors([400, 'Validation error: `validation_error` with one `cause[]` entry per problem.'], 403, 404),
    },
  },
  {
    method: 'get',
    path: '/categories/{category_id}/sale_terms',
    operationId: 'getCategorySaleTerms',
    tag: 'items',
    summary: 'The sale term definitions of a category',
    security: 'none',
    parameters: [CATEGORY_ID],
    answers: { 200: json('The definitions.', SaleTermDefinitions), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/users/{user_id}/items/search',
    operationId: 'searchSellerItems',
    tag: 'items',
    summary: 'The seller’s item ids',
    description:
      'Offset paging (default page 50, limit at most 100); past 1,000 results `search_type=scan` returns a `scroll_id` (expires in 5 minutes), sent back on each call until `results` is empty.',
    security: 'token',
    parameters: [
      USER_ID,
      queryParam(
        'status',
        'Filter by status (active, paused, closed…); comma-separated.',
        z.string().meta({ examples: ['active', 'paused'] }),
      ),
      queryParam('sku', 'The seller’s SKU.'),
      queryParam('seller_sku', 'The seller’s SKU.'),
      queryParam(
        'orders',
        'Sort, e.g. start_time_desc (default stop_time_asc).',
        z.string().meta({ examples: ['stop_time_asc', 'start_time_desc'] }),
      ),
      OFFSET,
      limit(100, 'Page size, default 50, at most 100.'),
      queryParam('search_type', 'scan: walk past 1,000 results with a scroll_id.', z.enum(['scan'])),
      queryParam('scroll_id', 'The scroll_id of the previous scan page.'),
    ],
    answers: { 200: json('The ids and paging.', ItemsSearchResult), ...errors(400, 403, 404) },
  },
  {
    method: 'get',
    path: '/sites/{site_id}/listing_types',
    operationId: 'getListingTypes',
    tag: 'sites',
    summary: 'The listing types of a site',
    security: 'optionalToken',
    parameters: [SITE_ID],
    answers: { 200: json('Ids and names (an open set that differs by site).', ListingTypes), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/sites/{site_id}',
    operationId: 'getSite',
    tag: 'sites',
    summary: 'Site data including payment_method_ids',
    security: 'optionalToken',
    parameters: [SITE_ID],
    answers: { 200: json('The site.', Site), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/payment_methods/{payment_method_id}',
    operationId: 'getPaymentMethod',
    tag: 'payments',
    summary: 'A payment method',
    security: 'optionalToken',
    parameters: [pathParam('payment_method_id', 'The payment method id.')],
    answers: { 200: json('The payment method.', PaymentMethod), ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/payments',
    operationId: 'getPayments',
    tag: 'payments',
    summary: 'Payments of the buyer owning the token',
    security: 'token',
    parameters: [
      queryParam('status', 'Filter by payment status.'),
      OFFSET,
      limit(100, 'Page size (the sandbox: default 30, at most 100).'),
    ],
    answers: { 200: json('The payments.', PaymentsSearchResult), ...errors(400) },
  },
  {
    method: 'get',
    path: '/collections/{collection_id}',
    operationId: 'getCollection',
    tag: 'payments',
    summary: 'A payment as its seller sees it',
    security: 'token',
    parameters: [pathParam('collection_id', 'The collection (payment) id.', z.number().int().nonnegative())],
    answers: { 200: json('The payment.', Payment), ...errors(400, 403, 404) },
  },
];
