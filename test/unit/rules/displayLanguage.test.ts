// The rules speak the editor's display language through @vscode/l10n: configured with the Spanish or Portuguese
// bundle (as the extension host does at activation), a finding and the delivery promise read in that language;
// unconfigured (the sandbox bundle, and the unit tests), the same calls read in the API's English words.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import { calendarDay, deliveryPromise } from '../../../src/rules/deliveryPromise';
import { noteFindings } from '../../../src/rules/orderNotes';
import { itemIdRule } from '../../../src/rules/shippingInputs';

const L10N_DIR = join(__dirname, '../../../l10n');

/** A bundle file's entries (an absent file is an empty bundle). */
function readBundle(path: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** A language's translations as the extension ships them: the bundle, and the fragments not merged into it yet. */
function bundleOf(language: string): Record<string, string> {
  const bundle = readBundle(join(L10N_DIR, `bundle.l10n.${language}.json`));
  let fragments: string[] = [];
  try {
    fragments = readdirSync(join(L10N_DIR, 'fragments')).filter((name) => name.endsWith(`.${language}.json`));
  } catch {
    // every fragment merged already
  }
  for (const name of fragments) Object.assign(bundle, readBundle(join(L10N_DIR, 'fragments', name)));
  return bundle;
}

/** "3 to 5 business days" from the quote's hours: 72 h, and a frame of 48 h more. */
const FRAME = { shipping: 72, handling: 0, offset: { shipping: 48 } };

describe('the rules in the display language (@vscode/l10n)', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('unconfigured, as the sandbox answers: the English words', () => {
    assert.equal(noteFindings({ note: '' })[0]?.message, 'A note cannot be empty; write its text or delete the note.');
    assert.equal(deliveryPromise({ type: 'known_frame', ...FRAME }).text, 'In 3 to 5 business days');
    assert.equal(
      deliveryPromise({ type: 'unknown_frame', ...FRAME }).text,
      '3 to 5 business days after dispatch (handling time unknown)',
    );
  });

  it('configured with the Spanish bundle: the finding and the delivery promise in Spanish', () => {
    l10n.config({ contents: bundleOf('es') });
    assert.equal(
      noteFindings({ note: '' })[0]?.message,
      'Una nota no puede estar vacía; escriba su texto o elimine la nota.',
    );
    // The codes and the ids stay as the API writes them; only the words change.
    const [invalid] = itemIdRule('mla1400000702');
    assert.equal(invalid?.code, 'INVALID_ITEM_ID');
    assert.equal(
      invalid?.message,
      'mla1400000702 no es un id de publicación: tres letras mayúsculas y dígitos, p. ej. MLA1400000702 (escriba MLA1400000702).',
    );
    assert.match(deliveryPromise({ type: 'known_frame', ...FRAME }).text, /de 3 a 5 días hábiles/);
    assert.equal(
      deliveryPromise({ type: 'unknown_frame', ...FRAME }).text,
      'De 3 a 5 días hábiles después del despacho (tiempo de preparación desconocido)',
    );
  });

  it('configured with the Portuguese bundle: the delivery promise in dias úteis', () => {
    l10n.config({ contents: bundleOf('pt-br') });
    assert.match(deliveryPromise({ type: 'known_frame', ...FRAME }).text, /de 3 a 5 dias úteis/);
    assert.equal(
      noteFindings({ note: '' })[0]?.message,
      'Uma nota não pode ficar vazia; escreva o texto ou exclua a nota.',
    );
  });

  it('reset, the English words again', () => {
    l10n.config({ contents: bundleOf('es') });
    l10n.config({ contents: {} });
    assert.equal(deliveryPromise({ type: 'known_frame', ...FRAME }).text, 'In 3 to 5 business days');
  });

  it('names a promised day in the locale given, in English without one', () => {
    assert.equal(calendarDay('2026-03-04T00:00:00.000-04:00')?.long, 'Wednesday 4 March 2026');
    assert.equal(calendarDay('2026-03-04T00:00:00.000-04:00', 'es')?.long, 'miércoles, 4 de marzo de 2026');
    assert.equal(calendarDay('2026-03-04T00:00:00.000-04:00', 'pt-BR')?.long, 'quarta-feira, 4 de março de 2026');
  });
});
