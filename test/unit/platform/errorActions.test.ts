import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../../src/api/errors';
import { SETTINGS, settingId } from '../../../src/constants';
import { errorActions, OPEN_SETTINGS } from '../../../src/platform/errorActions';
import { SettingError, SignInRequiredError } from '../../../src/platform/errorText';

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } };
};
const declared = new Set(manifest.contributes.commands.map((entry) => entry.command));
const buttons = (error: unknown) => errorActions(error).map((action) => [action.label, action.command, ...action.args]);

describe('what a failure’s notification offers', () => {
  it('a failure a setting fixes opens that very setting first, then the output', () => {
    // The sign-in failures that name a setting: no API address, no authorization host, no client id, busy ports.
    for (const key of [
      SETTINGS.apiBaseUrl,
      SETTINGS.authUrl,
      SETTINGS.oauthClientId,
      SETTINGS.oauthLoopbackPort,
      SETTINGS.sandboxPort,
    ]) {
      const setting = settingId(key);
      assert.ok(manifest.contributes.configuration.properties[setting], `${setting} is declared`);
      assert.deepEqual(buttons(new SettingError(setting, `Set ${setting} (user settings).`)), [
        ['Open Setting', OPEN_SETTINGS, setting],
        ['Show Output', 'marketplace.showOutput'],
      ]);
    }
  });

  it('signed out: the two ways to start; a 401: signing in again; anything else: the output', () => {
    assert.deepEqual(buttons(new SignInRequiredError()), [
      ['Use Local Sandbox', 'marketplace.useSandbox'],
      ['Sign In…', 'marketplace.signIn'],
      ['Show Output', 'marketplace.showOutput'],
    ]);
    const unauthorized = new ApiError({ kind: 'http', status: 401, method: 'GET', path: '/users/me', message: 'x' });
    assert.deepEqual(buttons(unauthorized), [
      ['Sign In…', 'marketplace.signIn'],
      ['Show Output', 'marketplace.showOutput'],
    ]);
    assert.deepEqual(buttons(new Error('disk full')), [['Show Output', 'marketplace.showOutput']]);
  });

  it('every button runs a command of the extension or VS Code’s settings editor', () => {
    const failures = [
      new SettingError('marketplace.api.baseUrl', 'Set it.'),
      new SignInRequiredError(),
      new Error('x'),
    ];
    for (const action of failures.flatMap((failure) => errorActions(failure))) {
      assert.ok(declared.has(action.command) || action.command === OPEN_SETTINGS, action.command);
    }
  });
});
