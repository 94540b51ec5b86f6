// The sandbox's command line (`npm run sandbox --`, `marketplace-sandbox`): its help and version, a wrong command line
// refused in one line with exit code 2, a start that fails with exit code 1, the JSON log (one object per stderr line,
// never a token) beside the two stdout lines, and the readiness route.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPTIONS, usage } from '../../../src/sandbox/cli';
import { cliLog } from '../../../src/sandbox/commandLine/logLines';
import { startSandbox } from '../../../src/sandbox/runtime';
import { bundledCommandLine, startCommand } from '../support/sandboxCommand';

const ROOT = join(__dirname, '..', '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('sandbox command line', function () {
  this.timeout(60_000);
  let cli: string;
  before(async () => {
    cli = await bundledCommandLine();
  });
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 20_000 });

  it('--help names every option and the command as it is run, and exits 0', () => {
    const help = run('--help');
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: npm run sandbox -- \[options\]/);
    for (const [name, option] of Object.entries(OPTIONS)) {
      const short = 'short' in option ? `-${option.short}, ` : '';
      assert.match(help.stdout, new RegExp(`^  ${short}--${name}\\b`, 'm'), `--${name} has its line`);
    }
    assert.match(usage('marketplace-sandbox'), /^Usage: marketplace-sandbox \[options\]/);
    assert.equal(help.stderr, '');
  });

  it('--version prints the version of package.json', () => {
    for (const flag of ['--version', '-v']) {
      const answer = run(flag);
      assert.equal(answer.status, 0, answer.stderr);
      assert.equal(answer.stdout, `${VERSION}\n`);
    }
  });

  it('a wrong command line is refused in one line on stderr, with exit code 2 and nothing on stdout', () => {
    const cases: [string[], RegExp][] = [
      [['--bogus'], /^Unknown option '--bogus'\. Run `npm run sandbox -- --help` for the options\.$/],
      [['extra'], /^Unexpected argument 'extra'\./],
      [['--port'], /^Option '--port <value>' argument missing\./],
      [['--port', 'abc'], /^--port must be a whole number from 0 to 65535; got "abc"/],
      [['--port', '70000'], /^--port must be a whole number from 0 to 65535/],
      [['--scale', '0'], /^--scale must be a whole number from 1 to/],
      [['--log', 'xml'], /^--log must be text or json; got "xml"/],
      [['--clock-start', 'yesterday'], /^--clock-start must be an ISO 8601 instant/],
      [['--clock-start', '2026-13-45T00:00:00Z'], /^--clock-start must be an ISO 8601 instant/],
      [['--callback', 'ftp://example.com/'], /^--callback must be an http\(s\) URL/],
      [['--token', 'two words'], /^--token must be 1 to 512 printable characters, without spaces/],
      [['--time-scale', '0'], /^--time-scale must be a positive number/],
      [['--data', ''], /^--data must name a folder/],
    ];
    for (const [args, expected] of cases) {
      const answer = run('--port', '0', ...args);
      assert.equal(answer.status, 2, `${args.join(' ')}: ${answer.stderr}`);
      assert.equal(answer.stdout, '', args.join(' '));
      const lines = answer.stderr.split('\n').filter(Boolean);
      assert.equal(lines.length, 1, `${args.join(' ')}: one line, got ${answer.stderr}`);
      assert.match(lines[0] as string, expected, args.join(' '));
    }
  });

  it('with --log json, a wrong value is refused as one JSON line', () => {
    const answer = run('--log', 'json', '--port', 'abc');
    assert.equal(answer.status, 2);
    const entry = JSON.parse(answer.stderr) as Record<string, unknown>;
    assert.equal(entry.level, 'error');
    assert.match(String(entry.message), /^--port must be a whole number/);
  });

  it('a fixtures file that does not check stops the start with exit code 2 and its problems, in either log mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mi-cli-fixtures-'));
    try {
      const file = join(dir, 'bad.fixtures.json');
      writeFileSync(
        file,
        JSON.stringify({ orders: [{ status: 'delivered', order_items: [{ item: { id: 'MLA1' } }] }] }),
      );
      const text = run('--port', '0', '--fixtures', file);
      assert.equal(text.status, 2, text.stderr);
      assert.equal(text.stdout, '');
      assert.match(text.stderr, /cannot be loaded \(nothing was loaded\):\n {2}orders\[0\]\.status: /);
      const json = run('--port', '0', '--log', 'json', '--fixtures', file);
      assert.equal(json.status, 2, json.stderr);
      const entry = JSON.parse(json.stderr) as { level: string; problems: string[] };
      assert.equal(entry.level, 'error');
      assert.ok(
        entry.problems.some((problem) => problem.startsWith('orders[0].status: ')),
        json.stderr,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a port in use stops the start with exit code 1 and one line that says so', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const answer = run('--port', String(port));
      assert.equal(answer.status, 1, answer.stderr);
      assert.equal(answer.stdout, '');
      assert.equal(answer.stderr, `The sandbox could not start: port ${port} is in use (try --port 0)\n`);
    } finally {
      taken.close();
    }
  });

  it('--log json: every stderr line is one JSON object without the token; stdout holds the two lines alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mi-cli-'));
    try {
      // A stored state it cannot read: the sandbox logs that it kept it aside, a line of its own among the CLI's.
      writeFileSync(join(dir, 'sandbox-state.json'), '{ not json');
      const token = 'integrator-token-42';
      const running = await startCommand(process.execPath, [
        cli,
        '--port',
        '0',
        '--log',
        'json',
        '--data',
        dir,
        '--token',
        token,
      ]);
      assert.equal(running.token, token);
      assert.equal((await fetch(`${running.url}/_sandbox/ready`)).status, 200);
      running.process.kill('SIGTERM');
      const end = await running.ended;
      assert.equal(end.code, 0, end.stderr);
      assert.equal(end.stdout, `MARKETPLACE_SANDBOX_URL=${running.url}\nMARKETPLACE_SANDBOX_TOKEN=${token}\n`);
      assert.ok(end.stderr.endsWith('\n'));
      const entries = end.stderr
        .slice(0, -1)
        .split('\n')
        .map((line) => {
          assert.ok(!line.includes(token), `no token in ${line}`);
          return JSON.parse(line) as Record<string, unknown>;
        });
      for (const entry of entries) {
        assert.ok(!Number.isNaN(Date.parse(String(entry.time))), `time of ${JSON.stringify(entry)}`);
        assert.ok(['info', 'warn', 'error'].includes(String(entry.level)), `level of ${JSON.stringify(entry)}`);
        assert.equal(typeof entry.message, 'string');
      }
      assert.ok(entries.some((entry) => entry.level === 'warn' && /could not be read/.test(String(entry.message))));
      const ready = entries.find((entry) => entry.event === 'ready');
      assert.equal(ready?.url, running.url);
      assert.equal(ready?.version, VERSION);
      assert.equal(ready?.pid, running.process.pid);
      assert.deepEqual(
        entries.filter((entry) => entry.event).map((entry) => entry.event),
        ['ready', 'stopping', 'stopped'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the log hides the token wherever a line would carry it', () => {
    const written: string[] = [];
    for (const mode of ['text', 'json'] as const) {
      const log = cliLog(
        mode,
        (text) => written.push(text),
        () => new Date('2026-03-01T00:00:00Z'),
      );
      log.hide('s3cret-token');
      log.line('Unexpected failure: request with s3cret-token failed');
      log.event('ready', 'ready for s3cret-token', { url: 'http://127.0.0.1:1/?access_token=s3cret-token' });
    }
    assert.equal(written.length, 4);
    for (const text of written) assert.ok(!text.includes('s3cret-token') && text.includes('[hidden]'), text);
    assert.equal((JSON.parse(written[2] as string) as { level: string }).level, 'error');
  });
});

describe('sandbox readiness route', () => {
  it('GET /_sandbox/ready answers 200 {"ready": true} without a token', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const answer = await fetch(`${sandbox.url}/_sandbox/ready`);
      assert.equal(answer.status, 200);
      assert.deepEqual(await answer.json(), { ready: true });
    } finally {
      await sandbox.close();
    }
  });
});
