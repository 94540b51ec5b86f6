import assert from 'node:assert/strict';
import { readManifest } from '../../../../scripts/manifestNls';
import { COMMANDS } from '../../../../src/constants';
import { FIXTURES_FILE_NAME, isFixturesFileName } from '../../../../src/features/sandbox/fixturesFile';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

// As VS Code reads it in English (package.nls.json's texts in place of the `%key%`s).
const manifest = readManifest<{
  contributes: { commands: { command: string; category?: string }[]; menus: Record<string, MenuEntry[]> };
}>();
const menus = manifest.contributes.menus;
const entriesOf = (menu: string, command: string) => (menus[menu] ?? []).filter((entry) => entry.command === command);

/** The file-name pattern of a `resourceFilename =~ /…/` clause. */
function fileNamePattern(when: string | undefined): RegExp {
  const match = /resourceFilename =~ \/(.+?)\/(?:\s|$)/.exec(when ?? '');
  assert.ok(match, `no resourceFilename pattern in "${when}"`);
  return new RegExp(match[1] as string);
}

describe('the fixtures commands in the menus', () => {
  it('are Marketplace Sandbox commands', () => {
    for (const id of [COMMANDS.exportSandboxFixtures, COMMANDS.copySandboxCommandLine]) {
      assert.equal(
        manifest.contributes.commands.find((command) => command.command === id)?.category,
        'Marketplace Sandbox',
      );
    }
  });

  it('Export is offered where the other sandbox commands are, on the sandbox environment only', () => {
    assert.deepEqual(
      entriesOf('commandPalette', COMMANDS.exportSandboxFixtures).map((entry) => entry.when),
      ['marketplace.environment == sandbox'],
    );
    const reset = entriesOf('view/title', COMMANDS.resetSandbox)[0];
    const exported = entriesOf('view/title', COMMANDS.exportSandboxFixtures);
    assert.equal(exported.length, 1);
    assert.equal(exported[0]?.when, reset?.when, 'the explorer’s … menu, beside Reset Local Sandbox Data…');
    assert.equal(exported[0]?.group?.split('@')[0], reset?.group?.split('@')[0]);
  });

  it('Copy Command Line is offered on the files the export writes, in the editor title and context menus', () => {
    const onFiles = ['editor/title', 'editor/context', 'explorer/context'].flatMap((menu) =>
      entriesOf(menu, COMMANDS.copySandboxCommandLine),
    );
    assert.equal(onFiles.length, 3);
    for (const entry of onFiles) {
      const pattern = fileNamePattern(entry.when);
      for (const name of [FIXTURES_FILE_NAME, 'shop.fixtures.json', 'my shop.fixtures.json', 'Shop.FIXTURES.Json']) {
        assert.ok(pattern.test(name) && isFixturesFileName(name), `${name}: ${entry.when}`);
      }
      for (const name of ['shop.json', 'fixtures.json', 'shop.fixtures.json.bak', 'MLA1.item.json']) {
        assert.ok(!pattern.test(name) && !isFixturesFileName(name), `${name}: ${entry.when}`);
      }
    }
    const palette = entriesOf('commandPalette', COMMANDS.copySandboxCommandLine)[0]?.when ?? '';
    assert.match(palette, /marketplace\.environment == sandbox/);
    assert.ok(fileNamePattern(palette).test(FIXTURES_FILE_NAME), 'and in the palette while such a file is open');
  });
});
