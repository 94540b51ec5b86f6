import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, CONTEXT, SETTINGS, VIEW_CONTAINER, VIEWS } from '../../src/constants';

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string; icon?: string }[];
    viewsContainers: { activitybar: { id: string }[] };
    views: Record<string, { id: string }[]>;
    viewsWelcome: { view: string; contents: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings?: { command: string; when?: string }[];
    configuration: {
      properties: Record<string, { scope?: string; markdownDescription?: string; description?: string }>;
    };
  };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as Manifest;

/** The commands a Markdown text links to (`command:id`, `command:toSide:id`, arguments after `?`). */
const linkedCommands = (markdown: string): string[] =>
  [...markdown.matchAll(/\]\(command:(?:toSide:)?([\w.-]+)[^)]*\)/g)].map((match) => match[1]!);

describe('constants agree with package.json', () => {
  const declared = new Set(manifest.contributes.commands.map((command) => command.command));

  it('every command id is declared, and every declared command has an id in constants', () => {
    assert.deepEqual([...declared].sort(), Object.values(COMMANDS).sort());
  });

  it('every command has a title and a codicon', () => {
    for (const command of manifest.contributes.commands) {
      assert.ok(command.title, command.command);
      assert.match(command.icon ?? '', /^\$\([a-z-]+\)$/, command.command);
    }
  });

  it('menus and welcome links only use declared commands', () => {
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries) assert.ok(declared.has(entry.command), `${menu}: ${entry.command}`);
    }
    for (const welcome of manifest.contributes.viewsWelcome) {
      for (const [, command] of welcome.contents.matchAll(/\(command:([\w.]+)\)/g))
        assert.ok(declared.has(command!), command);
    }
  });

  it('welcome content uses only what VS Code renders there (links and buttons, no emphasis)', () => {
    for (const welcome of manifest.contributes.viewsWelcome) {
      assert.doesNotMatch(welcome.contents, /\*\*|__|`/, welcome.view);
    }
  });

  it('every view has an icon file that ships (shown when the view is moved to the activity bar)', () => {
    for (const view of manifest.contributes.views[VIEW_CONTAINER] ?? []) {
      const icon = (view as { icon?: string }).icon ?? '';
      assert.match(icon, /^media\/.+\.svg$/, view.id);
      assert.ok(existsSync(join(__dirname, '../..', icon)), icon);
    }
  });

  it('the view container and view ids match', () => {
    assert.ok(manifest.contributes.viewsContainers.activitybar.some((container) => container.id === VIEW_CONTAINER));
    for (const id of Object.values(VIEWS)) {
      assert.ok(
        manifest.contributes.views[VIEW_CONTAINER]?.some((view) => view.id === id),
        id,
      );
      assert.ok(manifest.activationEvents.includes(`onView:${id}`), id);
    }
  });

  it('when clauses use only the declared context keys', () => {
    const known = new Set<string>([
      ...Object.values(CONTEXT),
      // VS Code's own keys.
      ...['view', 'viewItem', 'resourceScheme', 'resourceFilename', 'resourceExtname', 'explorerResourceIsFolder'],
      ...['listMultiSelection', 'editorTextFocus', 'focusedView', 'false', 'true'],
    ]);
    const clauses = [
      ...Object.values(manifest.contributes.menus).flatMap((entries) => entries.map((entry) => entry.when ?? '')),
      ...(manifest.contributes.keybindings ?? []).map((binding) => binding.when ?? ''),
      ...manifest.contributes.viewsWelcome.map((welcome) => (welcome as { when?: string }).when ?? ''),
    ];
    for (const clause of clauses) {
      // Only context keys count: the values after ==, != and =~ are not keys.
      const keys = clause.replace(/(==|!=|=~)\s*(\/[^/]*\/|[^\s&|)]+)/g, '').match(/[a-zA-Z][\w.]*/g) ?? [];
      for (const key of keys) {
        assert.ok(known.has(key), `unknown context key ${key} in "${clause}"`);
      }
    }
  });

  it('setting descriptions link only to declared commands', () => {
    let links = 0;
    for (const [key, property] of Object.entries(manifest.contributes.configuration.properties)) {
      for (const command of linkedCommands(property.markdownDescription ?? '')) {
        assert.ok(declared.has(command), `${key}: ${command}`);
        links += 1;
      }
    }
    assert.ok(links >= 10, 'settings link to the commands that use them');
  });

  it('every setting is declared with a description; host-choosing and safety ones are application-scoped', () => {
    const properties = manifest.contributes.configuration.properties;
    const keys = Object.values(SETTINGS).filter((key) => key !== SETTINGS.section);
    for (const key of keys) {
      const property = properties[`${SETTINGS.section}.${key}`];
      assert.ok(property, `marketplace.${key} is not declared`);
      assert.ok(property.markdownDescription ?? property.description, `marketplace.${key} has no description`);
    }
    for (const key of [
      SETTINGS.apiBaseUrl,
      SETTINGS.authUrl,
      SETTINGS.environment,
      SETTINGS.oauthClientId,
      SETTINGS.sandboxPort,
      SETTINGS.confirmOutsideSandbox,
      SETTINGS.receiverPort,
      SETTINGS.applicationId,
    ]) {
      assert.equal(properties[`${SETTINGS.section}.${key}`]?.scope, 'application', key);
    }
  });
});
