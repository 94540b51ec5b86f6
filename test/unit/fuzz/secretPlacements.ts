// The secrets and the places a secret can sit in an exchange, for the placement matrix (secretPlacements.test.ts).
import { FAKE_API_CODE, FAKE_API_TOKEN } from '../../fixtures/fakeTokens';

/** A secret value, and the part of it that must not appear even without its prefix. */
export interface Secret {
  kind: string;
  value: string;
}

const HEX = '4f1c9a7e2b6d08c35e9f71a4d2b6c08e3f5a7b91';

/** With and without a known prefix: the sandbox's three kinds, the API's, a code, and opaque values of three shapes. */
export const SECRETS: Secret[] = [
  { kind: 'sandbox access token', value: `SBX-${HEX}` },
  { kind: 'sandbox refresh token', value: `SBXR-${HEX.slice(3)}a1b` },
  { kind: 'sandbox code', value: `SBXC-${HEX.slice(5)}77c0d` },
  { kind: 'API token', value: FAKE_API_TOKEN },
  { kind: 'API code', value: FAKE_API_CODE },
  { kind: 'opaque hex', value: '9f8e7d6c5b4a39281706f5e4d3c2b1a0' },
  { kind: 'opaque base64url', value: 'q8Zk3_Lm-Pw0xRt7Yv2NcHs5Ua9Jd1Ge' },
  { kind: 'opaque JWT', value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLW9mLWEtand0' },
];

/** Whether a secret has a prefix that says what it is wherever it sits. */
export const hasKnownPrefix = (secret: Secret) => /^(?:SBX[A-Z]*|APP_USR|TG)-/.test(secret.value);

/** Where a secret sits: the parts of an exchange, and the text a log line or a message would carry. */
export interface Exposure {
  baseUrl?: string;
  /** Path, query and fragment. */
  path?: string;
  requestHeaders?: Record<string, string>;
  /** A JSON value, or a form body as text. */
  requestBody?: unknown;
  /** The same form body as the client is given it (`form`). */
  form?: Record<string, string>;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
  /** The placement as a line of text (an error message, an output line). */
  text?: string;
  /** The secret is the caller's current token (the client, the error and the output channel know it). */
  known?: boolean;
}

export interface Placement {
  name: string;
  /** Only secrets for which the placement says nothing but the value itself (a bare token in a text). */
  onlyPrefixed?: boolean;
  exposure(secret: string): Exposure;
  /** Other forms of the secret the placement writes (a Basic header's base64). */
  forms?(secret: string): string[];
}

const basic = (secret: string) => btoa(`integrator:${secret}`);
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { level: value };
  return value;
};

/** Every place the issue names, and the classic ones beside them. */
export const PLACEMENTS: Placement[] = [
  ...['token', 'access_token', 'refresh_token', 'id_token', 'code', 'client_secret', 'password', 'api_key', 'key']
    .concat(['signature', 'ACCESS_TOKEN', 'Auth', 'acc%65ss_token'])
    .map(
      (name): Placement => ({
        name: `query ?${name}=`,
        exposure: (secret) => ({
          path: `/items/MLA1?attributes=id&${name}=${secret}&limit=2`,
          text: `GET /items/MLA1?attributes=id&${name}=${secret}&limit=2 failed`,
        }),
      }),
    ),
  {
    name: 'matrix ;access_token=',
    exposure: (secret) => ({
      path: `/items/MLA1;access_token=${secret};v=2/pictures`,
      text: `PUT /items/MLA1;access_token=${secret}/pictures`,
    }),
  },
  {
    name: 'fragment #access_token=',
    exposure: (secret) => ({
      path: `/callback#access_token=${secret}&token_type=bearer&expires_in=21600`,
      text: `redirected to http://127.0.0.1:33418/callback#access_token=${secret}&token_type=bearer`,
    }),
  },
  {
    name: 'fragment #id_token=',
    exposure: (secret) => ({
      path: `/callback#state=xyz&id_token=${secret}`,
      text: `back at /callback#id_token=${secret}`,
    }),
  },
  {
    name: 'user:pass@ in the base URL',
    exposure: (secret) => ({
      baseUrl: `https://integrator:${secret}@api.example.com`,
      text: `Could not reach https://integrator:${secret}@api.example.com/items: fetch failed`,
    }),
  },
  {
    name: 'JSON access_token and refresh_token',
    exposure: (secret) => ({
      requestBody: { grant_type: 'refresh_token', refresh_token: secret },
      responseBody: { access_token: secret, token_type: 'bearer', refresh_token: secret, user_id: 1 },
      text: JSON.stringify({ access_token: secret, token_type: 'bearer' }),
    }),
  },
  {
    name: 'JSON id_token and client_secret, deep (a request 90 levels, as deep as the client sends; an answer 1,000)',
    exposure: (secret) => ({
      requestBody: nested(90, { client_secret: secret, Password: secret }),
      responseBody: nested(1000, { session: { id_token: secret } }),
      text: JSON.stringify({ session: { id_token: secret } }),
    }),
  },
  {
    name: 'access_token in a form body',
    exposure: (secret) => ({
      requestBody: `grant_type=authorization_code&code=${secret}&access_token=${secret}&client_id=1`,
      form: { grant_type: 'authorization_code', code: secret, code_verifier: secret, client_id: '1' },
      text: `POST /oauth/token grant_type=authorization_code&code=${secret}&client_id=1`,
    }),
  },
  {
    name: 'x-access-token header',
    exposure: (secret) => ({
      requestHeaders: { 'x-access-token': secret, 'X-Api-Key': secret, 'X-Auth-Token': secret },
      responseHeaders: { 'x-access-token': secret, 'x-api-key': secret },
      text: `x-access-token: ${secret}`,
    }),
  },
  {
    name: 'authorization with a lowercase bearer',
    exposure: (secret) => ({
      requestHeaders: { authorization: `bearer ${secret}` },
      responseHeaders: { 'www-authenticate': `Bearer realm="api", token=${secret}` },
      responseBody: { message: `the token bearer ${secret} was refused` },
      text: `authorization: bearer ${secret}`,
    }),
  },
  {
    name: 'Basic credentials',
    exposure: (secret) => ({
      requestHeaders: { 'Proxy-Authorization': `Basic ${basic(secret)}` },
      responseBody: { message: `Authorization: Basic ${basic(secret)}` },
      text: `sent Basic ${basic(secret)} to the proxy`,
    }),
    forms: (secret) => [basic(secret)],
  },
  {
    name: 'cookies',
    exposure: (secret) => ({
      requestHeaders: { Cookie: `theme=dark; session=${secret}` },
      responseHeaders: { 'set-cookie': `session=${secret}; Path=/; HttpOnly` },
      text: `Set-Cookie: session=${secret}; Path=/; HttpOnly`,
    }),
  },
  {
    name: 'Location: …?code=',
    exposure: (secret) => ({
      responseHeaders: { location: `http://127.0.0.1:33418/callback?code=${secret}&state=abc` },
      responseBody: { redirect: `http://127.0.0.1:33418/callback?code=${secret}&state=abc` },
      text: `Location: http://127.0.0.1:33418/callback?code=${secret}&state=abc`,
    }),
  },
  {
    name: 'name=value in an error message',
    exposure: (secret) => ({
      responseBody: { message: `invalid refresh_token=${secret} (expired)`, error: 'invalid_grant', status: 400 },
      text: `invalid refresh_token=${secret} (expired); client_secret: ${secret}`,
    }),
  },
  {
    name: 'JSON text inside a string',
    exposure: (secret) => ({
      responseBody: { detail: JSON.stringify({ access_token: secret, expires_in: 21600 }) },
      text: `answer: ${JSON.stringify({ refresh_token: secret })}`,
    }),
  },
  {
    name: 'the current token, bare',
    exposure: (secret) => ({
      responseBody: { echoed: secret, message: `token ${secret} is not valid here` },
      text: `token ${secret} is not valid here`,
      known: true,
    }),
  },
  {
    name: 'a prefixed token, bare',
    onlyPrefixed: true,
    exposure: (secret) => ({
      path: `/notes/${secret}`,
      requestBody: { note: `my token is ${secret}` },
      responseBody: { text: `stored ${secret}`, list: [secret] },
      responseHeaders: { 'x-trace': secret },
      text: `printed ${secret} by the sandbox`,
    }),
  },
];

/** The forms in which a secret must never appear: itself, URL-encoded, and its part after a known prefix. */
export function forbiddenForms(secret: string, placement: Placement): string[] {
  const core = secret.replace(/^(?:SBX[A-Z]*|APP_USR|TG)-/, '');
  return [...new Set([secret, encodeURIComponent(secret), core, ...(placement.forms?.(secret) ?? [])])];
}
