// The requests' words and figures in the display language: the bulk report, its closing line and how a CSV file was
// read say it in Spanish and Portuguese with the shipped bundles' translations, their figures written as the locale writes
// them; the history's times follow the locale. @vscode/l10n is configured here with the shipped bundle, as the
// extension configures it with VS Code's bundle at activation, and reset after each test (the other tests read English).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import {
  type BulkJob,
  type BulkReportData,
  bulkOutcomeLine,
  bulkReportMarkdown,
} from '../../../../src/features/requests/bulk';
import { describeCreation } from '../../../../src/features/requests/creations';
import { describeCsvFormat, parseStockPriceCsv } from '../../../../src/features/requests/csv';
import { agoText, whenText } from '../../../../src/features/requests/historyTimes';
import { summarize } from '../../../../src/features/requests/plan';

const fragment = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, '../../../../l10n', `bundle.l10n.${language}.json`), 'utf8'));

const speak = (language: string) => l10n.config({ contents: fragment(language) });

const job = (id: string): BulkJob => ({ id, method: 'PUT', path: `/items/${id}`, body: {}, creation: false });

/** 2 100 succeeded and 400 not sent in 1.5 s: grouped counts and a decimal figure. */
function bigReport(): BulkReportData {
  const many = <T>(count: number, entry: T): T[] => Array.from({ length: count }, () => entry);
  return {
    total: 2_500,
    succeeded: many(2_100, { job: job('MLA1'), status: 200, attempts: 1, result: undefined }),
    failed: [],
    unconfirmed: [],
    notSent: many(400, { job: job('MLA2'), reason: 'r', attempts: 0 }),
    cancelled: false,
    durationMs: 1_500,
    requests: 2_100,
  };
}

describe('the requests in Spanish and Portuguese', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('the bulk report speaks Spanish, its counts and seconds written as Spanish writes them', () => {
    speak('es');
    const markdown = bulkReportMarkdown(bigReport(), 'es');
    assert.match(markdown, /^# Informe del envío masivo\n/);
    // Spanish groups from five digits on (12.500), so 2500 stays whole; the seconds take a decimal comma.
    assert.ok(
      markdown.includes(
        '2500 solicitudes: 2100 correctas, 0 fallidas, 0 sin confirmar, 400 sin enviar (2100 enviadas en 1,5 s).',
      ),
      markdown,
    );
    assert.match(markdown, /## Sin enviar \(400\)\n\n\| tarea \| solicitud \| motivo \|/);
    assert.doesNotMatch(markdown, /succeeded|Not sent|\bjob\b/);
  });

  it('the closing line groups thousands as pt-BR writes them', () => {
    speak('pt-br');
    assert.equal(
      bulkOutcomeLine(bigReport(), 'pt-BR'),
      '2.100 de 2.500 bem-sucedidas, 0 com falha, 0 não confirmadas, 400 não enviadas.',
    );
  });

  it('English stays as it was, figures and all', () => {
    assert.match(bulkReportMarkdown(bigReport()), /2,500 requests: 2,100 succeeded, .* \(2,100 sent in 1\.5 s\)\./);
  });

  it('a CSV report says which separator and decimal mark it read, in Spanish and Portuguese', () => {
    const semicolons = parseStockPriceCsv('item_id;available_quantity;price\nMLA1;5;1.234,50\n').format;
    speak('es');
    assert.equal(
      describeCsvFormat(semicolons),
      'Leído como archivo separado por punto y coma, con coma decimal y puntos como separador de miles.',
    );
    speak('pt-br');
    assert.equal(
      describeCsvFormat(parseStockPriceCsv('item_id,price\nMLA1,99.90\n').format),
      'Lido como arquivo separado por vírgulas, com ponto decimal.',
    );
  });

  it('a CSV row’s problem is one Spanish clause naming the column and the value', () => {
    speak('es');
    const { errors } = parseStockPriceCsv('item_id;available_quantity;price\nMLA1;2,5;12a\n');
    assert.deepEqual(
      errors.map((entry) => entry.message),
      ['available_quantity "2,5" no es un número entero igual o mayor que 0; price "12a" no es un número positivo.'],
    );
  });

  it('the CodeLens summary reads in Portuguese', () => {
    speak('pt-br');
    const plan = {
      kind: 'item' as const,
      method: 'PUT' as const,
      path: '/items/MLA1',
      body: {},
      changedFields: ['price', 'title', 'available_quantity'],
      findings: [],
      refused: false,
    };
    assert.equal(summarize(plan), 'PUT /items/MLA1 · 3 campos alterados');
  });

  it('a history time is written as pt-BR writes it: day first, 24-hour clock', () => {
    // Local times, so the test reads the same in any time zone.
    const at = new Date(2026, 10, 20, 15, 4, 5);
    const later = new Date(2026, 10, 24, 9, 0, 0);
    assert.equal(whenText(at.toISOString(), later, 'pt-BR'), '20/11/2026, 15:04:05');
    assert.equal(whenText(at.toISOString(), new Date(2026, 10, 20, 18, 0, 0), 'pt-BR'), '15:04:05');
    assert.equal(whenText(at.toISOString(), later, 'en-US'), '11/20/2026, 03:04:05 PM');
  });

  it('how long ago reads in the locale, "just now" from the bundle', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    assert.equal(agoText('2026-11-25T11:55:00.000Z', now, 'es'), 'hace 5 min');
    assert.equal(agoText('2026-11-25T09:00:00.000Z', now, 'pt-BR'), 'há 3 h');
    speak('pt-br');
    assert.equal(agoText('2026-11-25T11:59:30.000Z', now, 'pt-BR'), 'agora mesmo');
  });

  it('a creation is described in Spanish with the locale’s date', () => {
    speak('es');
    const record = {
      file: 'file:///w/new.item.json',
      environment: 'sandbox',
      userId: 1,
      request: 'POST /items',
      resourceId: 'MLA1500000000',
      time: new Date(2026, 10, 20, 8, 2, 11).toISOString(),
    };
    assert.equal(
      describeCreation(record, new Date(2026, 10, 24, 12, 0, 0), 'es'),
      'MLA1500000000, creada el 20 nov 2026 a las 08:02:11',
    );
  });
});
