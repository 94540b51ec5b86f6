import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  fixturesPathArgument,
  isOutsideFolder,
  optionsOfRunningSandbox,
  sandboxCommandLine,
  shellQuote,
} from '../../../../src/features/sandbox/commandLine';

/** What a real POSIX shell makes of the text as the arguments of a command: one line per argument. */
function shellWords(text: string): string[] {
  const run = spawnSync('sh', ['-c', `printf '%s\\0' ${text}`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.split('\0').slice(0, -1);
}

describe('the sandbox command line', () => {
  describe('shellQuote', () => {
    it('leaves a word of plain characters as it is', () => {
      for (const word of [
        'marketplace-sandbox.fixtures.json',
        'ci/fixtures/shop.fixtures.json',
        '2026-01-02T03:04:05Z',
        'a=b',
      ]) {
        assert.equal(shellQuote(word), word);
      }
    });

    it('quotes what a shell would read otherwise, and the shell gives back exactly the word', () => {
      const hostile = [
        'my shop.fixtures.json',
        "o'brien.fixtures.json",
        "''",
        '$HOME/x.json',
        '`rm -rf /`.json',
        '$(id).json',
        'a;b|c&d>e<f.json',
        '~/x.json',
        '#comment.json',
        '*.fixtures.json',
        'line\nbreak.json',
        'tab\there.json',
        'back\\slash.json',
        '"double".json',
        'ñandú 店.fixtures.json',
        '!history.json',
        '=zsh.json',
        '',
      ];
      for (const word of hostile) {
        const quoted = shellQuote(word);
        assert.notEqual(quoted, word, `${JSON.stringify(word)} is quoted`);
        assert.deepEqual(shellWords(quoted), [word], JSON.stringify(word));
      }
    });
  });

  describe('fixturesPathArgument', () => {
    it('names a file of the workspace folder relative to it, with / separators', () => {
      assert.equal(
        fixturesPathArgument('/home/dev/shop', '/home/dev/shop/marketplace-sandbox.fixtures.json'),
        'marketplace-sandbox.fixtures.json',
      );
      assert.equal(fixturesPathArgument('/home/dev/shop/', '/home/dev/shop/ci/a.fixtures.json'), 'ci/a.fixtures.json');
      assert.equal(
        fixturesPathArgument('C:\\Users\\dev\\shop', 'C:\\Users\\dev\\shop\\ci\\a.fixtures.json', '\\'),
        'ci/a.fixtures.json',
      );
      assert.equal(
        fixturesPathArgument('c:\\Users\\dev\\shop', 'C:\\Users\\dev\\shop\\a.fixtures.json', '\\'),
        'a.fixtures.json',
        'a drive letter in either case',
      );
    });

    it('keeps the absolute path of a file outside the folder (a sibling folder with the same start too)', () => {
      for (const [folder, file, separator] of [
        ['/home/dev/shop', '/home/dev/shop2/a.fixtures.json', '/'],
        ['/home/dev/shop', '/tmp/a.fixtures.json', '/'],
        ['C:\\shop', 'D:\\a.fixtures.json', '\\'],
      ] as const) {
        const argument = fixturesPathArgument(folder, file, separator);
        assert.equal(argument, file.split(separator).join('/'));
        assert.ok(isOutsideFolder(argument), argument);
      }
      assert.equal(fixturesPathArgument(undefined, '/tmp/a.fixtures.json'), '/tmp/a.fixtures.json');
      assert.ok(!isOutsideFolder('ci/a.fixtures.json'));
    });

    it('puts ./ before a name that starts with - (else the command reads it as an option)', () => {
      assert.equal(fixturesPathArgument('/w', '/w/-x.fixtures.json'), './-x.fixtures.json');
      assert.equal(fixturesPathArgument('/w', '/w/ci/-x.fixtures.json'), 'ci/-x.fixtures.json');
    });
  });

  describe('sandboxCommandLine', () => {
    it('starts the package on a free port with the fixtures file, quoted when needed', () => {
      assert.equal(
        sandboxCommandLine({ fixtures: 'marketplace-sandbox.fixtures.json' }),
        'npx --no marketplace-sandbox --port 0 --fixtures marketplace-sandbox.fixtures.json',
      );
      const line = sandboxCommandLine({ fixtures: "ci/o'brien shop.fixtures.json", seed: 'other', scale: 5 });
      assert.equal(line, `npx --no marketplace-sandbox --port 0 --fixtures 'ci/o'\\''brien shop.fixtures.json'`);
      assert.deepEqual(shellWords(line), [
        'npx',
        '--no',
        'marketplace-sandbox',
        '--port',
        '0',
        '--fixtures',
        "ci/o'brien shop.fixtures.json",
      ]);
    });

    it('without fixtures: the plain line, with only the options that differ from a default start', () => {
      assert.equal(sandboxCommandLine(), 'npx --no marketplace-sandbox --port 0');
      assert.equal(sandboxCommandLine({ seed: 'marketplace', scale: 0 }), 'npx --no marketplace-sandbox --port 0');
      assert.equal(
        sandboxCommandLine({ seed: 'my seed', scale: 1000, clockStart: '2026-01-02T03:04:05Z' }),
        "npx --no marketplace-sandbox --port 0 --seed 'my seed' --scale 1000 --clock-start 2026-01-02T03:04:05Z",
      );
    });
  });

  describe('optionsOfRunningSandbox (GET /_sandbox)', () => {
    it('a sandbox as started by default gives no option', () => {
      assert.deepEqual(
        optionsOfRunningSandbox({ seed: 'marketplace', scale: 0, now: '2026-11-26T10:00:00.123Z', clock_offset_ms: 0 }),
        {},
      );
      // Less than a second of offset is the clock's own jitter, not a start elsewhere in time.
      assert.deepEqual(optionsOfRunningSandbox({ now: '2026-11-26T10:00:00.123Z', clock_offset_ms: 400 }), {});
    });

    it('another seed, a scale and a clock that is not the real one are kept (the clock as the sandbox reads it now)', () => {
      assert.deepEqual(
        optionsOfRunningSandbox({
          seed: 'shop',
          scale: 250,
          now: '2026-11-28T10:00:00.987Z',
          clock_offset_ms: 172_800_000,
        }),
        { seed: 'shop', scale: 250, clockStart: '2026-11-28T10:00:00Z' },
      );
    });

    it('ignores what is not of the expected kind', () => {
      assert.deepEqual(optionsOfRunningSandbox({ seed: 5, scale: '100', now: 'yesterday', clock_offset_ms: 5000 }), {});
      assert.deepEqual(optionsOfRunningSandbox({ scale: 1.5 }), {});
    });
  });
});
