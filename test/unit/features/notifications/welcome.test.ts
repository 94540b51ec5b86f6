import assert from 'node:assert/strict';
import { readManifest } from '../../../../scripts/manifestNls';
import { COMMANDS, CONTEXT, VIEWS } from '../../../../src/constants';
import { type WhenContext, whenHolds } from '../../support/whenClause';

interface Welcome {
  view: string;
  contents: string;
  when?: string;
}

// As VS Code reads it in English (package.nls.json's texts in place of the `%key%`s).
const manifest = readManifest<{ contributes: { viewsWelcome: Welcome[] } }>();

/** The welcome contents VS Code shows in the Notifications view in a context (it shows every one whose clause holds). */
function shown(context: WhenContext): Welcome[] {
  return manifest.contributes.viewsWelcome.filter(
    (welcome) => welcome.view === VIEWS.notifications && whenHolds(welcome.when, context),
  );
}

const links = (welcomes: Welcome[]): string[] =>
  welcomes.flatMap((welcome) => [...welcome.contents.matchAll(/\]\(command:([\w.]+)\)/g)].map((match) => match[1]!));

const STATES = [true, false].flatMap((signedIn) =>
  [true, false].flatMap((running) =>
    (['sandbox', 'api'] as const).map((environment) => ({
      signedIn,
      running,
      environment,
      context: {
        [CONTEXT.signedIn]: signedIn,
        [CONTEXT.receiverRunning]: running,
        [CONTEXT.environment]: environment,
      } as WhenContext,
    })),
  ),
);

describe('the Notifications view’s welcome follows the receiver', () => {
  it('the clause reader reads what the manifest uses', () => {
    assert.equal(whenHolds('a && !b', { a: true, b: false }), true);
    assert.equal(whenHolds('a && (b || c == x)', { a: true, b: false, c: 'x' }), true);
    assert.equal(whenHolds('a != sandbox', { a: 'sandbox' }), false);
    assert.equal(whenHolds('', {}), true);
    assert.throws(() => whenHolds('a =~ /b/', { a: 'b' }), /unsupported|cannot read/);
  });

  for (const state of STATES) {
    const name = `${state.signedIn ? 'signed in' : 'signed out'}, receiver ${state.running ? 'listening' : 'stopped'}, ${state.environment}`;
    it(`${name}: one welcome, offering what fits`, () => {
      const welcomes = shown(state.context);
      assert.equal(welcomes.length, 1, `${name}: ${welcomes.length} welcome contents shown at once`);
      const offered = links(welcomes);
      if (state.running) {
        assert.ok(
          !offered.includes(COMMANDS.startReceiver),
          `${name}: the welcome offers Start Notification Receiver while the receiver runs`,
        );
        assert.match(welcomes[0]!.contents, /listening|listens/i, `${name}: it says the receiver listens`);
      } else {
        assert.ok(offered.includes(COMMANDS.startReceiver), `${name}: a stopped receiver is offered to start`);
      }
      if (state.signedIn && state.running && state.environment === 'sandbox') {
        assert.ok(offered.includes(COMMANDS.triggerSandboxEvent), `${name}: what to do next is to trigger an event`);
      }
      if (state.signedIn && state.environment === 'api') {
        assert.ok(
          !offered.includes(COMMANDS.triggerSandboxEvent),
          `${name}: Trigger Sandbox Event is offered on the real API`,
        );
      }
      if (state.signedIn) assert.ok(offered.includes(COMMANDS.pullMissedNotifications), `${name}: pull is offered`);
      if (state.running && state.environment === 'api') {
        assert.ok(offered.includes(COMMANDS.copyReceiverUrl), `${name}: the URL a tunnel needs is offered`);
      }
    });
  }
});
