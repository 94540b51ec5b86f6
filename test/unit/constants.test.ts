import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '../../scripts/manifestNls';
import { COMMANDS, CONTEXT, SETTINGS, VIEW_CONTAINER, VIEWS, WALKTHROUGH_ID } from '../../src/constants';

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
    walkthroughs: Walkthrough[];
  };
}

interface Walkthrough {
  id: string;
  title: string;
  description: string;
  steps: {
    id: string;
    title: string;
    description: string;
    media: { image?: Record<'light' | 'dark' | 'hc' | 'hcLight', string>; altText?: string; markdown?: string };
    completionEvents?: string[];
  }[];
}

// As VS Code reads it in English: every `%key%` replaced by its text in package.nls.json.
const manifest = readManifest<Manifest>();
const root = join(__dirname, '../..');

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

  it('Get Started is in the palette and in the explorer’s … menu, outside its title bar buttons', () => {
    const palette = manifest.contributes.menus.commandPalette?.find((entry) => entry.command === COMMANDS.getStarted);
    assert.notEqual(palette?.when, 'false');
    const title = manifest.contributes.menus['view/title']?.find(
      (entry) => entry.command === COMMANDS.getStarted && entry.when === `view == ${VIEWS.explorer}`,
    ) as { group?: string } | undefined;
    assert.ok(title?.group && !title.group.startsWith('navigation'), 'a group of the … menu');
  });

  describe('the walkthrough', () => {
    const walkthrough = manifest.contributes.walkthroughs.find((entry) => entry.id === WALKTHROUGH_ID);
    const views = new Set<string>(Object.values(VIEWS));
    // What a walkthrough button may run besides the extension's own commands: VS Code's view focus and settings.
    const vscodeCommands = new Set([...[...views].map((view) => `${view}.focus`), 'workbench.action.openSettings']);
    const contextKeys = new Set<string>(Object.values(CONTEXT));

    it('is declared under WALKTHROUGH_ID with eight steps', () => {
      assert.ok(walkthrough, WALKTHROUGH_ID);
      assert.equal(walkthrough.steps.length, 8);
      assert.equal(new Set(walkthrough.steps.map((step) => step.id)).size, 8, 'step ids are unique');
    });

    it('every step has a title, and a button on its own line that runs a declared command', () => {
      for (const step of walkthrough?.steps ?? []) {
        assert.ok(step.title, step.id);
        const buttons = step.description.split('\n').filter((line) => /^\[[^\]]+\]\(command:[^)]+\)$/.test(line));
        assert.ok(buttons.length >= 1, `${step.id} has a button`);
        for (const command of linkedCommands(step.description)) {
          assert.ok(declared.has(command) || vscodeCommands.has(command), `${step.id}: ${command}`);
        }
      }
    });

    it('step descriptions are plain text and links (the walkthrough page shows backticks as typed)', () => {
      for (const step of walkthrough?.steps ?? []) assert.doesNotMatch(step.description, /\*\*|__|`/, step.id);
    });

    it('every step has a light and a dark screenshot that ship, under 150 KB, with alternative text', () => {
      const shipped = readFileSync(join(root, '.vscodeignore'), 'utf8');
      assert.match(shipped, /^!media\/\*\*$/m, 'media/ goes into the .vsix');
      for (const step of walkthrough?.steps ?? []) {
        const image = step.media.image;
        assert.ok(image, `${step.id} shows an image`);
        assert.ok((step.media.altText ?? '').length > 20, `${step.id} says what its image shows`);
        for (const theme of ['light', 'dark', 'hc', 'hcLight'] as const) {
          const path = image[theme];
          assert.match(path, /^media\/walkthrough\/.+\.png$/, `${step.id} ${theme}`);
          assert.ok(existsSync(join(root, path)), path);
          assert.ok(statSync(join(root, path)).size < 150_000, `${path} is small`);
        }
        assert.notEqual(image.light, image.dark, `${step.id}: one image per theme`);
      }
    });

    it('every step is ticked by an event on the extension’s own commands, views or context keys', () => {
      for (const step of walkthrough?.steps ?? []) {
        const events = step.completionEvents ?? [];
        assert.ok(events.length >= 1, step.id);
        for (const event of events) {
          const [, kind, argument] = /^(onCommand|onView|onContext):(.+)$/.exec(event) ?? [];
          assert.ok(kind && argument, `${step.id}: ${event}`);
          if (kind === 'onCommand')
            assert.ok(declared.has(argument) || vscodeCommands.has(argument), `${step.id}: ${event}`);
          if (kind === 'onView') assert.ok(views.has(argument), `${step.id}: ${event}`);
          if (kind === 'onContext') {
            const keys = argument.replace(/(==|!=)\s*[^\s&|)]+/g, '').match(/[a-zA-Z][\w.]*/g) ?? [];
            for (const key of keys) assert.ok(contextKeys.has(key), `${step.id}: unknown context key ${key}`);
          }
        }
      }
    });
  });

  // VS Code's rules for completion events (its getting-started service): onView fires when a view becomes visible, not
  // while it stays visible; onCommand fires as the command starts, whether it then succeeds or fails.
  describe('the walkthrough’s buttons tick their step when, and only when, they did their work', () => {
    const steps = manifest.contributes.walkthroughs.find((entry) => entry.id === WALKTHROUGH_ID)?.steps ?? [];
    const signIns = new Set<string>([COMMANDS.signInWithToken, COMMANDS.signInWithOAuth]);

    it('a button that shows a view ticks its step even when the view is visible already', () => {
      for (const step of steps) {
        for (const command of linkedCommands(step.description).filter((id) => id.endsWith('.focus'))) {
          assert.ok(
            step.completionEvents?.includes(`onCommand:${command}`),
            `${step.id}: ${command} ticks nothing when its view is visible already (onView does not fire again)`,
          );
        }
      }
    });

    it('a sign-in button ticks its step when the sign-in succeeded, not when it started', () => {
      for (const step of steps) {
        const events = step.completionEvents ?? [];
        if (!linkedCommands(step.description).some((command) => signIns.has(command))) continue;
        assert.deepEqual(
          events.filter((event) => signIns.has(event.replace(/^onCommand:/, ''))),
          [],
          `${step.id}: a failed sign-in would tick it`,
        );
        assert.ok(
          events.some((event) => event.startsWith('onContext:') && event.includes(CONTEXT.signedIn)),
          `${step.id}: ticked once signed in`,
        );
      }
    });
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
      SETTINGS.tunnelHosts,
    ]) {
      assert.equal(properties[`${SETTINGS.section}.${key}`]?.scope, 'application', key);
    }
  });
});
