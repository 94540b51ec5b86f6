// Fuzz suite at the extremes: payload files and bodies 100,000 levels deep (arrays, objects, both), 100,000 fields or
// elements wide, and with strings of a million characters, through every surface of the editor that reads one:
// parsing, the analysis (signed out and with the sandbox's data), every quick fix's edits, completion, hover, request
// planning, the replace prompt; Copy as curl, the history entry and its store, the error model, the response model;
// and the client, sending (a body too deep is refused before it leaves) and reading (an answer too deep is cut with a
// note) over real HTTP. Each must give a clear answer and never throw.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as z from 'zod';
import { type ExchangeRecord, MarketplaceClient } from '../../../src/api/client';
import { ApiError, errorFromAnswer } from '../../../src/api/errors';
import { getAllChartItems } from '../../../src/api/sizeCharts';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { LiveContext, MAX_SELLER_ITEMS } from '../../../src/features/authoring/liveContext';
import type { LiveSnapshot } from '../../../src/features/authoring/liveLookups';
import { heldFields } from '../../../src/features/authoring/skeletons';
import { hoverAt, suggestionsAt } from '../../../src/features/authoring/suggestions';
import { ItemsPager } from '../../../src/features/explorer/paging';
import { clientSender, runBulk } from '../../../src/features/requests/bulk';
import { HistoryStore, historyEntry, requestBodyPreview } from '../../../src/features/requests/history';
import { planRequest } from '../../../src/features/requests/plan';
import { sendRequest } from '../../../src/features/requests/send';
import { bodyText, toResponseModel } from '../../../src/features/responses/responseModel';
import { readErrorBody } from '../../../src/model/error';
import { DEEP_VALUE_NOTE, exceedsJsonDepth, MAX_JSON_DEPTH } from '../../../src/model/jsonDepth';
import { toCurl } from '../../../src/text/curl';
import { JSON_TOO_DEEP_CODE, parseJson } from '../../../src/text/jsonText';
import { analyzeLive, liveContextFor, TestSessions } from '../features/authoring/support';
import { useSandbox, useTempDir } from '../support/sandbox';
import { checkAnalysis, checkPlan, checkSpan } from './check';
import { DEPTH, type Extreme, extremeTexts, extremeValues, LONG, longText, WIDTH } from './extremes';

/** One file of each kind, named after records the sandbox has. */
const NAMES = [
  'new-phone.item.json',
  'MLA1400000401.item.json',
  'MLA1400000401.sale-terms.json',
  'remeras.size-chart.json',
  '510001.chart-items.json',
  '2195100001.note.json',
  '2195100001.feedback.json',
  'blocked.blacklist.json',
];
/**
 * The files a wide or long text is written for, read signed out and with the sandbox's data; other files read it
 * signed out, and a wide text other than the plain fields (which every kind reads in its own way) not at all: each
 * of those analyses makes 100,000 diagnostics, and the suite runs beside others.
 */
const WRITTEN_FOR: Record<string, string[]> = {
  [`${WIDTH} fields`]: ['new-phone.item.json', 'MLA1400000401.item.json'],
  [`${WIDTH} fields, then a syntax error`]: ['new-phone.item.json', 'blocked.blacklist.json'],
  [`${WIDTH} sale terms`]: ['MLA1400000401.item.json', 'MLA1400000401.sale-terms.json'],
  [`${WIDTH} sizes and items`]: ['remeras.size-chart.json', '510001.chart-items.json'],
  [`a ${LONG}-character title, note and message`]: ['new-phone.item.json', '2195100001.note.json'],
};
/** Elements of a wide answer: spreading them into an argument list (`push(...ids)`) overflows past about 120,000. */
const WIDE_ANSWER = 200_000;
/** Fixes applied and parsed again per analysis of a wide file (the rest are only checked to lie inside it). */
const APPLIED_FIXES = 1;

const tooDeep = (codes: string[]) => codes.filter((code) => code === JSON_TOO_DEEP_CODE).length;

describe('fuzz: deep, wide and long payloads and bodies through every surface that reads them', function () {
  this.timeout(900_000);
  const harness = useSandbox({}, false);
  let sandbox: LiveSnapshot;

  before(async function () {
    this.timeout(60_000);
    const { live } = await liveContextFor(harness);
    for (const name of NAMES) {
      await analyzeLive(live, name, '{"title": "x", "category_id": "MLA1055", "sale_terms": [], "items": []}');
    }
    await live.fetch([{ kind: 'sellerItems', id: '' }]);
    sandbox = live.snapshot()!;
    assert.equal(sandbox.item('MLA1400000401')?.state, 'ready');
  });

  describe('payload files', () => {
    for (const extreme of extremeTexts()) {
      it(`${extreme.label}: parsed, analysed, completed, hovered, planned and described, each with a clear answer`, () => {
        const { text } = extreme;
        const parsed = parseJson(text);
        if (extreme.kind === 'deep') {
          assert.equal(parsed.errors.length, 1, 'one error says it all');
          assert.equal(parsed.errors[0]!.code, JSON_TOO_DEEP_CODE);
          assert.equal(parsed.root, undefined);
          checkSpan(text, parsed.errors[0]!.span, 'the too-deep error');
          assert.match(text[parsed.errors[0]!.span.offset]!, /[[{]/, 'it points at the level past the limit');
        } else {
          assert.equal(parsed.errors.length === 0, extreme.valid, `${parsed.errors[0]?.message}`);
          assert.ok(parsed.root, 'a tree');
        }
        for (const name of NAMES) checkFile(extreme, name, sandbox);
        const held = heldFields(text);
        assert.ok(held === 'its contents' || /^its \d+ fields? \(/.test(held), held);
        assert.ok(held.length < 1000, 'the replace prompt names a few fields, not all of them');
      });
    }
  });

  describe('bodies', () => {
    const folder = useTempDir('mi-extremes-');
    for (const extreme of extremeValues()) {
      it(`${extreme.label}: Copy as curl, the history entry and its file, the error and response models`, async () => {
        const { value } = extreme;
        const curl = toCurl({ method: 'PUT', baseUrl: 'http://127.0.0.1:1', path: '/items/MLA1', body: value });
        checkShown(curl, extreme.kind, 'Copy as curl');
        assert.ok(!curl.includes('SECRET'), 'Copy as curl: the secret stays redacted');

        const record: ExchangeRecord = {
          method: 'PUT',
          path: '/items/MLA1',
          baseUrl: 'http://127.0.0.1:1',
          requestBody: value,
          status: 400,
          durationMs: 12,
          responseHeaders: { 'content-type': 'application/json' },
          responseBody: value,
          sizeBytes: 1,
        };
        const entry = historyEntry(record);
        assert.ok(!exceedsJsonDepth(entry.requestBody) && !exceedsJsonDepth(entry.responseBody), 'entry depth');
        checkShown(JSON.stringify(entry), extreme.kind, 'the history entry', false);
        assert.ok(!JSON.stringify(entry).includes('SECRET'), 'the history entry: the secret stays redacted');
        if (extreme.kind === 'wide') assert.ok(entry.truncated, 'a wide answer is kept cut, as text');
        if (extreme.label.endsWith('fields')) assert.equal(Object.keys(entry.requestBody as object).length, WIDTH + 1);
        assert.ok((requestBodyPreview(entry) ?? '').length <= 602, 'the tooltip shows the start');
        const store = new HistoryStore(join(folder.path, `${extreme.label}.json`));
        await store.append(record);
        assert.equal((await store.list()).length, 1, 'the entry is stored and read back');

        const error = errorFromAnswer('PUT', '/items/MLA1', 400, value, null, 'SECRET');
        assert.ok(error instanceof ApiError && error.message.length > 0, 'an ApiError');
        assert.ok(!exceedsJsonDepth(error.body) && !exceedsJsonDepth(error.causes), 'the error keeps a bounded body');
        const nested = errorFromAnswer(
          'PUT',
          '/items/MLA1',
          400,
          { message: 'm', cause: [value], errors: value },
          null,
          '',
        );
        assert.equal(nested.apiMessage, 'm');
        readErrorBody(value);

        for (const model of [
          toResponseModel(record),
          toResponseModel({ ...record, status: 200 }),
          toResponseModel(error),
          toResponseModel(nested, { record }),
        ]) {
          assert.ok(!exceedsJsonDepth(model.body) && !exceedsJsonDepth(model.requestBody), 'model depth');
          checkShown(bodyText(model), extreme.kind, 'the response body', false);
          assert.ok(model.error === undefined || model.error.message.length > 0, 'the error says something');
        }
      });
    }
  });

  describe('the client', () => {
    const answers = new Map<string, { status: number; text: string }>();
    let received = 0;
    let url = '';
    const server = createServer((request, response) => {
      received += 1;
      const path = (request.url ?? '').replace(/\?.*$/, '');
      const answer = answers.get(path) ?? { status: 404, text: '{"message":"none","error":"not_found"}' };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
    });
    before(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => server.close());

    const answerTexts: [string, string, boolean][] = [
      [`arrays ${DEPTH} deep`, `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, true],
      [`objects ${DEPTH} deep`, `{"message":"deep",${'"cause":{'.repeat(DEPTH - 1)}${'}'.repeat(DEPTH)}`, true],
      [`both ${DEPTH} deep`, `{"error":"deep","cause":${'[{"x":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}}`, true],
      [
        `${WIDTH} fields`,
        JSON.stringify(Object.fromEntries(Array.from({ length: WIDTH }, (_, i) => [`f${i}`, i]))),
        false,
      ],
      ['a long message', JSON.stringify({ message: longText(LONG), error: 'long' }), false],
    ];
    for (const [label, text, deep] of answerTexts) {
      it(`an answer of ${label} is read, recorded and shown, cut past ${MAX_JSON_DEPTH} levels with a note`, async () => {
        answers.set('/ok', { status: 200, text });
        answers.set('/refused', { status: 400, text });
        const records: ExchangeRecord[] = [];
        const client = new MarketplaceClient({ baseUrl: url, retryLimit: 0, onExchange: (r) => records.push(r) });
        const body = await client.get('/ok', { schema: z.unknown() });
        assert.ok(!exceedsJsonDepth(body), 'the answer is bounded');
        assert.equal(JSON.stringify(body).includes(DEEP_VALUE_NOTE), deep, 'the note marks the cut');
        const failure = await client.get('/refused').catch((caught: unknown) => caught);
        assert.ok(failure instanceof ApiError && failure.status === 400, String(failure));
        assert.ok(!exceedsJsonDepth(failure.body), 'the error body is bounded');
        assert.equal(records.length, 2, 'both exchanges are recorded');
        for (const record of records) {
          assert.ok(!exceedsJsonDepth(record.responseBody) && record.sizeBytes > 0, 'the record is bounded');
          assert.ok(bodyText(toResponseModel(record)).length > 0);
          historyEntry(record);
        }
        toResponseModel(failure, { record: records[1] });
      });
    }

    it(`answers of ${WIDE_ANSWER} ids are read whole: a chart's items, the explorer's page, the seller's listings`, async () => {
      const ids = Array.from({ length: WIDE_ANSWER }, (_, index) => `MLA${1_400_000_000 + index}`);
      const paging = { total: WIDE_ANSWER, offset: 0, limit: 50 };
      answers.set('/size_charts/1/items', { status: 200, text: JSON.stringify({ items: ids, paging }) });
      answers.set('/users/1/items/search', {
        status: 200,
        text: JSON.stringify({ seller_id: 1, paging, results: ids }),
      });
      answers.set('/items', { status: 200, text: '[]' });
      const client = new MarketplaceClient({ baseUrl: url, retryLimit: 0 });
      assert.equal((await getAllChartItems(client, 1)).length, WIDE_ANSWER);
      assert.equal((await new ItemsPager(client, 1, {}, 50).nextIds()).length, WIDE_ANSWER);
      const sessions = new TestSessions();
      const account = { environment: 'sandbox' as const, userId: 1, nickname: 'WIDE', siteId: 'MLA' };
      sessions.set({ environment: 'sandbox', baseUrl: url, account, client });
      const live = new LiveContext(sessions);
      await live.fetch([{ kind: 'sellerItems', id: '' }]);
      const listings = live.snapshot()?.sellerItems();
      assert.equal(listings?.state, 'ready', JSON.stringify(listings?.state === 'failed' && listings.message));
      assert.equal(listings.state === 'ready' && listings.value.length, MAX_SELLER_ITEMS);
    });

    it(`a body deeper than ${MAX_JSON_DEPTH} levels is refused before it is sent, alone, by a send and in a bulk run`, async () => {
      const client = new MarketplaceClient({ baseUrl: url, retryLimit: 0 });
      const deep = JSON.parse(`{"title":"x","sale_terms":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`);
      const atLimit = JSON.parse(`{"x":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`);
      answers.set('/items/MLA1', { status: 200, text: '{"id":"MLA1"}' });
      const before = received;
      const message = new RegExp(
        `was not sent: its body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
      );
      await assert.rejects(client.put('/items/MLA1', { json: deep }), message);
      await assert.rejects(sendRequest(client, 'PUT', '/items/MLA1', deep), message);
      const report = await runBulk(
        [
          { id: 'deep.item.json', method: 'PUT', path: '/items/MLA1', body: deep, creation: false },
          { id: 'new.item.json', method: 'POST', path: '/items/MLA1', body: deep, creation: true },
        ],
        { send: clientSender(client), sleep: async () => undefined },
      );
      assert.equal(report.failed.length, 2, report.failed.map((entry) => entry.message).join('; '));
      for (const failed of report.failed) assert.match(failed.message, message);
      assert.equal(received, before, 'nothing reached the server');
      const sent = await sendRequest(client, 'PUT', '/items/MLA1', atLimit);
      assert.ok(sent.ok && received === before + 1, 'a body at the limit is sent');
    });
  });
});

/** A file as each surface reads it: no exception, a clear answer, every range inside the text. */
function checkFile(extreme: Extreme, name: string, sandbox: LiveSnapshot): void {
  const { text, kind } = extreme;
  const focus = WRITTEN_FOR[extreme.label];
  const mine = !focus || focus.includes(name);
  if (!mine && kind === 'wide' && extreme.label !== `${WIDTH} fields`) return;
  const snapshots: [string, LiveSnapshot | undefined][] = [['signed out', undefined]];
  if (mine) snapshots.push(['the sandbox', sandbox]);
  for (const [label, snapshot] of snapshots) {
    const what = `${extreme.label}, ${name}, ${label}`;
    const analysis = analyzePayload(name, text, snapshot);
    checkAnalysis(name, text, analysis, what, APPLIED_FIXES);
    const codes = analysis.diagnostics.map((entry) => entry.code);
    if (kind === 'deep') {
      assert.equal(tooDeep(codes), 1, `${what}: ${codes.join()}`);
      const diagnostic = analysis.diagnostics.find((entry) => entry.code === JSON_TOO_DEEP_CODE)!;
      assert.equal(diagnostic.severity, 'error');
      assert.match(diagnostic.message, new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    } else {
      assert.equal(tooDeep(codes), 0, `${what}: nothing is too deep`);
    }
    if (extreme.label.startsWith(`${WIDTH} fields`) && !name.endsWith('.chart-items.json')) {
      // Nothing is lost: every field the spec does not know has its own diagnostic. (A chart-items file without
      // `items` is told that first, and only that.)
      const fields = new Set(analysis.diagnostics.map((entry) => entry.path.length === 1 && entry.path[0]));
      for (let index = 0; index < WIDTH; index += 1) {
        if (!fields.has(`field_${index}`)) assert.fail(`${what}: field_${index} has no diagnostic (${codes[0]}…)`);
      }
    }
    const plan = planRequest(name, text, snapshot ? { userId: snapshot.account.userId } : {});
    checkPlan(name, plan, `${what}: plan`);
    if (kind === 'deep') {
      assert.ok(plan.refused && plan.findings.some((entry) => entry.code === JSON_TOO_DEEP_CODE), `${what}: refused`);
    }
    if (!mine) continue;
    for (const offset of [0, text.length >> 1, text.length]) {
      const suggestions = suggestionsAt(name, text, offset, snapshot);
      for (const entry of suggestions.suggestions) checkSpan(text, entry.replace, `${what}: completion at ${offset}`);
      if (kind === 'deep') {
        assert.equal(suggestions.suggestions.length, 0);
        assert.match(suggestions.waitingFor.join(), /nests deeper than/, `${what}: completion says why`);
      }
      const hover = hoverAt(name, text, offset, snapshot).hover;
      if (hover) checkSpan(text, hover.range, `${what}: hover at ${offset}`);
    }
  }
}

/** What a surface shows of a value: a deep one cut with the note; a wide or long one whole, unless it is cut by size. */
function checkShown(shown: string, kind: 'deep' | 'wide' | 'long', what: string, whole = true): void {
  if (kind === 'deep') assert.ok(shown.includes(DEEP_VALUE_NOTE), `${what}: the note marks where it was cut`);
  if (kind === 'wide' && whole)
    assert.ok(shown.includes(`field_${WIDTH - 1}`) || shown.includes(`C${WIDTH - 1}`), what);
  if (kind === 'long' && whole) assert.ok(shown.length > LONG, `${what}: the long text is whole`);
}
