import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import { errorActions } from '../../../src/platform/errorActions';
import { SignInRequiredError } from '../../../src/platform/errorText';
import { NEXT_STEP_SURFACES, nextStep } from '../../../src/platform/nextStep';

describe('the next step after a failed request', () => {
  it('names what to do for each kind of failure', () => {
    assert.match(nextStep({ status: 400 }), /^Correct what the message and its causes name/);
    assert.match(nextStep({ status: 401 }), /sign in again/);
    assert.match(nextStep({ status: 403 }), /may not access/);
    assert.match(nextStep({ status: 404 }), /refresh the explorer/);
    assert.equal(nextStep({ status: 429, retryAfterSeconds: 7 }), 'The API asks to slow down (retry after 7 s).');
    assert.equal(nextStep({ status: 429 }), 'The API asks to slow down.');
    assert.match(nextStep({ status: 503 }), /try again in a moment/);
    assert.match(nextStep({ status: 0, kind: 'network' }), /environment URL/);
    assert.match(nextStep({ status: 0, kind: 'timeout' }), /timeoutSeconds/);
    assert.match(nextStep({ status: 200, kind: 'invalid_response' }), /not what the API documents/);
  });

  it('says nothing general where nothing general applies', () => {
    assert.equal(nextStep({ status: 409 }), '');
    assert.equal(nextStep({ status: 0, kind: 'cancelled' }), '');
  });

  it('fits the surface the failure shows on: only a payload file send speaks of its Problems', () => {
    assert.match(nextStep({ status: 400 }, 'payloadFile'), /payload file’s Problems.*send again/);
    const panel = nextStep({ status: 400 }, 'shippingPanel');
    assert.match(panel, /inputs.*quote again/);
    assert.match(nextStep({ status: 422 }, 'metricsPanel'), /date range.*load the metrics again/);
    assert.match(nextStep({ status: 400 }, 'action'), /run the action again/);
    assert.match(nextStep({ status: 404 }, 'shippingPanel'), /Check the id/);
    for (const surface of NEXT_STEP_SURFACES) {
      for (const status of [400, 404, 422]) {
        const text = nextStep({ status }, surface);
        assert.ok(text, `${surface} ${status}`);
        if (surface !== 'payloadFile') assert.doesNotMatch(text, /payload file|Problems/, `${surface} ${status}`);
        assert.doesNotMatch(text, /_sandbox/, `${surface} ${status}`);
      }
      // What does not depend on the surface reads the same everywhere.
      assert.equal(nextStep({ status: 401 }, surface), nextStep({ status: 401 }));
    }
  });
});

describe('nextStep and the error actions in Spanish', () => {
  const spanish = JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.es.json'), 'utf8')) as Record<
    string,
    string
  >;
  afterEach(() => l10n.config({ contents: {} }));

  it('says the next step and the buttons with the bundle, the Retry-After seconds kept', () => {
    l10n.config({ contents: spanish });
    assert.equal(nextStep({ status: 429, retryAfterSeconds: 7 }), 'La API pide ir más despacio (reintentar en 7 s).');
    assert.equal(
      nextStep({ status: 404 }, 'metricsPanel'),
      spanish['The campaign may have been deleted; refresh the explorer.'],
    );
    assert.deepEqual(
      errorActions(new SignInRequiredError()).map((action) => action.label),
      ['Usar el sandbox local', 'Iniciar sesión…', 'Mostrar salida'],
    );
    assert.equal(
      new SignInRequiredError().message,
      'Primero inicie sesión (Marketplace: Iniciar sesión…) o use el sandbox local.',
    );
  });
});
