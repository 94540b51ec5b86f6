import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { planRequest } from '../../../src/features/requests/plan';
import { scrubUrl as scrubPath, scrubValue } from '../../../src/model/scrub';
import { SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { shellQuote, TOKEN_VARIABLE, toCurl } from '../../../src/text/curl';
import { FAKE_API_TOKEN } from '../../fixtures/fakeTokens';
import { useSandbox } from '../support/sandbox';

const TOKEN = FAKE_API_TOKEN;
const SANDBOX_TOKEN = 'SBX-0123456789abcdef';

describe('toCurl', () => {
  it('puts $MARKETPLACE_TOKEN in double quotes and never the token', () => {
    const command = toCurl({
      method: 'put',
      baseUrl: 'https://api.example.com/',
      path: `/items/MLA1?access_token=${TOKEN}&attributes=id`,
      headers: { Authorization: `Bearer ${TOKEN}`, Cookie: `token=${TOKEN}`, 'X-Trace': SANDBOX_TOKEN },
      body: { title: "It's new", note: `token ${TOKEN}`, nested: [{ access_token: 'plain' }], other: SANDBOX_TOKEN },
    });
    assert.ok(!command.includes(TOKEN));
    assert.ok(!command.includes(SANDBOX_TOKEN));
    assert.ok(!command.includes('plain'));
    assert.ok(command.includes(`-H "Authorization: Bearer ${TOKEN_VARIABLE}"`));
    assert.ok(command.startsWith("curl -X PUT 'https://api.example.com/items/MLA1?attributes=id'"));
    assert.ok(command.includes("-H 'Content-Type: application/json'"));
    assert.ok(!/cookie/i.test(command));
  });

  it('adds Api-Version: 1 on advertising paths only', () => {
    const ads = toCurl({
      method: 'GET',
      baseUrl: 'https://api.example.com',
      path: '/advertising/advertisers?product_id=DISPLAY',
    });
    assert.ok(ads.includes("-H 'Api-Version: 1'"));
    assert.ok(!ads.includes('--data-raw'));
    const items = toCurl({ method: 'GET', baseUrl: 'https://api.example.com', path: '/items/MLA1' });
    assert.ok(!items.includes('Api-Version'));
  });

  it('quotes for a POSIX shell: the body comes back intact through sh', () => {
    const body = { note: 'It\'s $HOME `date` "quoted" \\ back' };
    const command = toCurl({ method: 'POST', baseUrl: 'http://127.0.0.1:1', path: '/orders/1/notes', body });
    const data = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length);
    const echoed = execFileSync('sh', ['-c', `printf %s ${data}`], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(echoed), body);
    assert.equal(shellQuote("a'b"), "'a'\\''b'");
  });

  it('scrubs paths and values', () => {
    assert.equal(scrubPath('/users/me?access_token=x&a=1'), '/users/me?a=1');
    assert.equal(scrubPath('/users/me?access_token=x'), '/users/me');
    assert.deepEqual(scrubValue({ refresh_token: 'r', client_secret: 's', keep: 1, text: `Bearer ${TOKEN}` }), {
      refresh_token: '«redacted»',
      client_secret: '«redacted»',
      keep: 1,
      text: 'Bearer «redacted»',
    });
  });

  describe('the command runs against the sandbox', () => {
    const harness = useSandbox();
    // Asynchronous: the sandbox runs in this process and must keep answering while curl waits.
    // curl is a prerequisite of the test run (.ci/run installs it when missing).
    it('a planned blacklist entry, copied as curl, is accepted with MARKETPLACE_TOKEN set', async () => {
      const plan = planRequest('rival.blacklist.json', JSON.stringify({ user_id: SECOND_USER_ID }), {
        userId: SELLER_ID,
      });
      const command = toCurl({ method: plan.method, baseUrl: harness.url, path: plan.path!, body: plan.body });
      assert.ok(!command.includes(harness.token));
      const { stdout: output } = await promisify(execFile)('sh', ['-c', `${command} -s -w '\\n%{http_code}'`], {
        encoding: 'utf8',
        timeout: 10_000,
        env: { ...process.env, MARKETPLACE_TOKEN: harness.token },
      });
      assert.match(output.trim().split('\n').pop() ?? '', /^20\d$/, output);
    });
  });
});
