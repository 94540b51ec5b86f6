import assert from 'node:assert/strict';
import {
  isSecretParam,
  REDACTED,
  scrubBody,
  scrubForm,
  scrubHeaders,
  scrubText,
  scrubUrl,
  scrubValue,
} from '../../../src/model/scrub';
import { seededRandom } from '../support/seededRandom';

const SECRET = 'q8Zk3_Lm-Pw0xRt7Yv2NcHs5Ua9Jd1Ge';

describe('scrubber (model/scrub)', () => {
  describe('by where a secret sits', () => {
    it('URL: user information, query, matrix and fragment parameters go; the rest stays as written', () => {
      assert.equal(
        scrubUrl(`https://me:${SECRET}@api.example.com/items;access_token=${SECRET};v=2?ids=A,B&Token=${SECRET}#L10`),
        'https://api.example.com/items;v=2?ids=A,B#L10',
      );
      assert.equal(scrubUrl(`/cb#access_token=${SECRET}&state=xyz`), '/cb#state=xyz');
      assert.equal(scrubUrl(`/cb?code=${SECRET}`), '/cb');
      assert.equal(scrubUrl(`/cb?acc%65ss_token=${SECRET}&x=1`), '/cb?x=1');
      assert.equal(scrubUrl(`/notes/SBXR-${SECRET}`), `/notes/SBXR-${REDACTED}`);
      assert.equal(scrubUrl('/items/MLA1?attributes=id,title&limit=2'), '/items/MLA1?attributes=id,title&limit=2');
    });

    it('headers: credentials of any scheme and case are dropped, other values scrubbed', () => {
      const headers = scrubHeaders({
        Authorization: `bearer ${SECRET}`,
        'proxy-authorization': `Basic ${btoa(`me:${SECRET}`)}`,
        Cookie: `a=${SECRET}`,
        'Set-Cookie': `a=${SECRET}`,
        'X-Access-Token': SECRET,
        'x-api-key': SECRET,
        'X-Auth-Token': SECRET,
        location: `http://127.0.0.1:1/cb?state=1&code=${SECRET}`,
        'content-type': 'application/json',
      });
      assert.deepEqual(headers, {
        location: `http://127.0.0.1:1/cb?state=1&code=${REDACTED}`,
        'content-type': 'application/json',
      });
    });

    it('JSON: secret fields at any depth, strings by the text rules; codes and keys are data', () => {
      const body = {
        error: 'invalid_grant',
        code: 'FORBIDDEN',
        cause: [{ code: 'item.title.invalid', message: `bearer ${SECRET}` }],
        metrics: [{ key: 'prints', value: 3 }],
        token_type: 'bearer',
        nested: [{ ID_TOKEN: SECRET, deeper: { 'x-refresh-token': { value: SECRET } } }],
        password: null,
      };
      assert.deepEqual(scrubValue(body), {
        error: 'invalid_grant',
        code: 'FORBIDDEN',
        cause: [{ code: 'item.title.invalid', message: `bearer ${REDACTED}` }],
        metrics: [{ key: 'prints', value: 3 }],
        token_type: 'bearer',
        nested: [{ ID_TOKEN: REDACTED, deeper: { 'x-refresh-token': REDACTED } }],
        password: null,
      });
    });

    it('forms: fields by their name (a code is a secret there), a form text keeps its names', () => {
      assert.deepEqual(
        scrubForm({ grant_type: 'authorization_code', code: SECRET, code_verifier: SECRET, x: undefined }),
        {
          grant_type: 'authorization_code',
          code: REDACTED,
          code_verifier: REDACTED,
        },
      );
      assert.equal(
        scrubBody(`code=${SECRET}&grant_type=refresh_token&refresh_token=${SECRET}`),
        `code=${REDACTED}&grant_type=refresh_token&refresh_token=${REDACTED}`,
      );
      assert.equal(scrubBody('a plain note = fine'), 'a plain note = fine');
    });

    it('text: schemes, header lines, user information, prefixes, pairs and known values', () => {
      const cases: [string, string][] = [
        [`Authorization: Bearer ${SECRET}`, `Authorization: Bearer ${REDACTED}`],
        [`the bearer ${SECRET} expired`, `the bearer ${REDACTED} expired`],
        [`Basic ${btoa(`me:${SECRET}`)}`, `Basic ${REDACTED}`],
        ['Basic listings are free', 'Basic listings are free'],
        [`Cookie: theme=dark; session=${SECRET}`, `Cookie: ${REDACTED}`],
        [`{"authorization":"Token ${SECRET}","next":1}`, `{"authorization":"Token ${REDACTED}","next":1}`],
        [`reach https://me:${SECRET}@host/x`, 'reach https://host/x'],
        [`printed SBXC-${SECRET} and TG-${SECRET}`, `printed SBXC-${REDACTED} and TG-${REDACTED}`],
        [
          `invalid refresh_token=${SECRET}; client_secret: ${SECRET}`,
          `invalid refresh_token=${REDACTED}; client_secret: ${REDACTED}`,
        ],
        [`Location: http://x/cb?code=${SECRET}&state=1`, `Location: http://x/cb?code=${REDACTED}&state=1`],
        [`redirect_uri=http://x/cb?key=${SECRET}`, `redirect_uri=http://x/cb?key=${REDACTED}`],
        [`{\\"access_token\\":\\"${SECRET}\\"}`, `{\\"access_token\\":\\"${REDACTED}\\"}`],
        ['code=ok and key: value are words here', 'code=ok and key: value are words here'],
        [
          '2026-03-02T15:00:00.000-04:00 MLA1234 token_type=bearer',
          '2026-03-02T15:00:00.000-04:00 MLA1234 token_type=bearer',
        ],
      ];
      for (const [text, expected] of cases) assert.equal(scrubText(text), expected, text);
      const odd = 'p@ss w/rd+"x"';
      for (const form of [odd, encodeURIComponent(odd), 'p%40ss+w%2Frd%2B%22x%22', JSON.stringify(odd).slice(1, -1)])
        assert.equal(scrubText(`got ${form}.`, { known: [odd], mark: '«token»' }), 'got «token».', form);
    });

    it('scrubbing twice changes nothing more', () => {
      for (const text of [
        `Authorization: Bearer ${SECRET}`,
        `x?token=${SECRET}`,
        `SBXR-${SECRET}`,
        `password: ${SECRET}`,
      ]) {
        const once = scrubText(text);
        assert.equal(scrubText(once), once, text);
      }
    });
  });

  describe('hostile shapes', () => {
    it('a body 100,000 levels deep is scrubbed without recursion, its secret at the bottom replaced', () => {
      let body: unknown = { access_token: SECRET, note: `bearer ${SECRET}` };
      for (let level = 0; level < 100_000; level++) body = level % 2 ? [body] : { level: body };
      let copy = scrubValue(body);
      for (let level = 100_000 - 1; level >= 0; level--)
        copy = level % 2 ? (copy as unknown[])[0] : (copy as { level: unknown }).level;
      assert.deepEqual(copy, { access_token: REDACTED, note: `bearer ${REDACTED}` });
    });

    it('a __proto__ field stays a field of the copy, and nothing is written on Object.prototype', () => {
      const parsed = JSON.parse(`{"__proto__": {"token": "${SECRET}", "polluted": true}, "a": 1}`);
      const copy = scrubValue(parsed) as Record<string, unknown>;
      assert.ok(Object.hasOwn(copy, '__proto__'));
      assert.equal(Object.getPrototypeOf(copy), Object.prototype);
      assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, { token: REDACTED, polluted: true });
      assert.equal(({} as { polluted?: boolean }).polluted, undefined);
      const form = scrubForm(JSON.parse('{"__proto__": "x", "b": "y"}'));
      assert.ok(Object.hasOwn(form, '__proto__'));
    });

    it('a text 4 times longer costs about 4 times as much, for every shape the rules start on', () => {
      const shapes = [
        (n: number) => 'a.'.repeat(n),
        (n: number) => `http://${'a'.repeat(n)}`,
        (n: number) => 'a://'.repeat(n / 4),
        (n: number) => '"token":"'.repeat(n / 9),
        (n: number) => 'a='.repeat(n),
        (n: number) => `token${' '.repeat(n)}`,
        (n: number) => 'x'.repeat(n),
        (n: number) => `${'b'.repeat(63)}=`.repeat(n / 64),
        (n: number) => 'bearer '.repeat(n / 7),
        (n: number) => 'authorization:'.repeat(n / 14),
        (n: number) => 'SBX-'.repeat(n / 4),
        (n: number) => '%'.repeat(n),
        (n: number) => '?code=&'.repeat(n / 7),
        (n: number) => 'Basic QUFB'.repeat(n / 10),
      ];
      const cost = (text: string) => {
        let best = Number.POSITIVE_INFINITY;
        for (let run = 0; run < 3; run++) {
          const started = performance.now();
          scrubText(text);
          scrubUrl(text);
          best = Math.min(best, performance.now() - started);
        }
        return Math.max(best, 2);
      };
      for (const shape of shapes) {
        const [small, large] = [shape(100_000), shape(400_000)];
        // Linear is 4; quadratic would be 16 (and minutes at this size). A shared machine's pauses get two retries.
        const ratios: number[] = [];
        for (let attempt = 0; attempt < 3 && !ratios.some((ratio) => ratio < 12); attempt++)
          ratios.push(cost(large) / cost(small));
        assert.ok(
          ratios.some((ratio) => ratio < 12),
          `${shape(8)}: ${ratios.map((ratio) => ratio.toFixed(1)).join(', ')}`,
        );
      }
    });
  });

  it('fuzz: a secret in a random secret context with random surroundings never survives', () => {
    const next = seededRandom(18);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const names = [
      'token',
      'access_token',
      'Refresh-Token',
      'ID_TOKEN',
      'client_secret',
      'password',
      'api_key',
      'x-auth-token',
      'Signature',
      'secret',
    ];
    const params = [...names, 'code', 'key', 'CODE'];
    const secrets = [
      SECRET,
      'abc123DEF456ghi789',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2ln',
      'Zm9vYmFy/YmF6+cXV4==',
    ];
    const contexts: ((secret: string) => string)[] = [
      (s) => `${pick(names)}=${s}`,
      (s) => `${pick(names)}: ${s}`,
      (s) => `"${pick(names)}":"${s}"`,
      (s) => `\\"${pick(names)}\\": \\"${s}\\"`,
      (s) => `${pick(['?', '&', ';', '#'])}${pick(params)}=${s}`,
      (s) =>
        `${pick(['Authorization', 'authorization', 'Proxy-Authorization'])}: ${pick(['Bearer', 'bearer', 'Token', 'MAC'])} ${s}`,
      (s) => `${pick(['Bearer', 'bearer', 'BEARER'])} ${s}`,
      (s) => `Basic ${btoa(`user:${s}`)}`,
      (s) => `${pick(['https', 'http', 'wss'])}://user:${s}@host.example/x`,
      (s) => `${pick(['SBX', 'SBXR', 'SBXC', 'APP_USR', 'TG'])}-${s}`,
      (s) => `Cookie: a=1; ${pick(names)}=${s}`,
    ];
    const noise = ' abc=1&x;y#"\':,{}[]()<>/?\n\tMLA1 2026-03-02T15:00:00Z';
    const around = () => Array.from({ length: Math.floor(next() * 12) }, () => pick([...noise])).join('');
    for (let index = 0; index < 3000; index++) {
      const secret = pick(secrets);
      const placed = pick(contexts)(secret);
      const text = `${around()} ${placed}${pick([' ', '\n', '&', '"', ',', ''])}${around()}`;
      const shown = scrubText(text);
      assert.ok(
        !shown.includes(secret) && !shown.includes(btoa(`user:${secret}`)),
        `case ${index}: ${JSON.stringify(text)} → ${shown}`,
      );
    }
  });

  it('names: a URL parameter code or key is a secret, a JSON field code is data', () => {
    assert.ok(isSecretParam('code') && isSecretParam('KEY') && isSecretParam('x-csrf-token'));
    assert.deepEqual(scrubValue({ code: 'x', key: 'y' }), { code: 'x', key: 'y' });
  });
});
