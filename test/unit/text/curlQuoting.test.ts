// Copy as curl is pasted into a shell: every part of the command (method, URL, headers, body) must reach curl as one
// argument, exactly as written, whatever it holds, and nothing in it may run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrubBody, scrubHeaders, scrubUrl } from '../../../src/model/scrub';
import { type CurlRequest, TOKEN_VARIABLE, toCurl } from '../../../src/text/curl';

/** A shell function standing in for curl: prints each argument it gets, NUL-terminated. */
const CURL_SHIM = `curl() { for argument in "$@"; do printf '%s\\0' "$argument"; done; printf '\\001'; }`;

/** The arguments curl would get from each command, run by sh in a folder of their own (which is then checked). */
function argumentsOf(commands: string[], folder: string): string[][] {
  const script = `${CURL_SHIM}\n${commands.join('\n')}\n`;
  const output = execFileSync('sh', ['-c', script], {
    cwd: folder,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, MARKETPLACE_TOKEN: 'the-token' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return output
    .split('\u0001')
    .slice(0, -1)
    .map((record) => record.split('\0').slice(0, -1));
}

/** What the command means to pass: the scrubbed parts, each header on one line. */
function expected(request: CurlRequest): string[] {
  const out = ['-X', request.method.toUpperCase(), scrubUrl(request.baseUrl.replace(/\/+$/, '') + request.path)];
  out.push('-H', `Authorization: Bearer the-token`);
  const headers = scrubHeaders(request.headers ?? {});
  if (request.body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  for (const [name, value] of Object.entries(headers)) out.push('-H', `${name}: ${value}`.replace(/[\r\n]+/g, ' '));
  if (request.body !== undefined) {
    const body = scrubBody(request.body);
    out.push('--data-raw', typeof body === 'string' ? body : JSON.stringify(body));
  }
  return out;
}

const HOSTILE = [
  '; touch CANARY',
  '$(touch CANARY)',
  '`touch CANARY`',
  "'; touch CANARY; '",
  '"; touch CANARY; "',
  '\n touch CANARY \n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, on purpose
  '$HOME ${PATH} $((1+1))',
  'a\'b"c\\d',
  '| touch CANARY &',
  '&& touch CANARY',
  '> CANARY',
  '-X DELETE',
  '--output CANARY',
  '\r\ntouch CANARY',
];

describe('Copy as curl: quoting', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'mi-curl-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('a hostile method, URL, header and body each reach curl as one argument, and nothing runs', () => {
    const requests: CurlRequest[] = HOSTILE.flatMap((value) => [
      { method: value, baseUrl: 'http://127.0.0.1:1', path: '/items/MLA1' },
      { method: 'PUT', baseUrl: 'http://127.0.0.1:1', path: `/items/${value}?q=${value}` },
      { method: 'POST', baseUrl: 'http://127.0.0.1:1', path: '/x', headers: { [`X-${value}`]: value } },
      { method: 'POST', baseUrl: 'http://127.0.0.1:1', path: '/x', body: { note: value, [value]: [value] } },
      { method: 'POST', baseUrl: 'http://127.0.0.1:1', path: '/x', body: value },
    ]);
    const commands = requests.map(toCurl);
    for (const command of commands) assert.ok(command.includes(`-H "Authorization: Bearer ${TOKEN_VARIABLE}"`));
    const parsed = argumentsOf(commands, folder);
    assert.equal(parsed.length, requests.length, 'every command ran curl once');
    requests.forEach((request, index) => {
      assert.deepEqual(parsed[index], expected(request), commands[index]);
    });
    assert.ok(!existsSync(join(folder, 'CANARY')), 'nothing in a value ran');
  });

  it('the method is quoted unless it is a plain HTTP token', () => {
    assert.ok(toCurl({ method: 'put', baseUrl: 'https://a.example', path: '/x' }).startsWith("curl -X PUT 'https://"));
    assert.ok(toCurl({ method: 'GET;id', baseUrl: 'https://a.example', path: '/x' }).startsWith("curl -X 'GET;ID' "));
  });

  it('fuzz: random values of shell metacharacters come back intact', () => {
    let state = 1818;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 4294967296;
    };
    const alphabet = [...'\'"$`\\;&|<>(){}[]*?!#~ \n\t\r=%:,@-aZ9'];
    const text = () =>
      Array.from({ length: 1 + Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      );
    const requests: CurlRequest[] = Array.from({ length: 300 }, () => ({
      method: text(),
      baseUrl: 'http://127.0.0.1:1',
      path: `/${text()}`,
      headers: { [`X-${text().replace(/[\r\n]/g, '')}`]: text() },
      body: next() < 0.5 ? { [text()]: text() } : text(),
    }));
    const parsed = argumentsOf(requests.map(toCurl), folder);
    assert.equal(parsed.length, requests.length);
    requests.forEach((request, index) => {
      assert.deepEqual(parsed[index], expected(request), JSON.stringify(request));
    });
    assert.deepEqual(execFileSync('ls', ['-A', folder], { encoding: 'utf8' }), '', 'no file was written by a value');
  });
});
