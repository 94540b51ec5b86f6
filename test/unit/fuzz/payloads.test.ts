// Fuzz suite of payload authoring: 10,000 generated payload files of every kind (structure-aware mutations of the
// fixtures and real request bodies, random JSON, broken text), each through the rules and diagnostics (signed out,
// signed in with nothing cached, with the sandbox's cached data, with a mix of missing, failed and stale data), every
// quick fix (applied, then analysed again), completion and hover, request planning, the zod request models, and one
// case in five through VS Code's JSON language service with the contributed schemas. Nothing may throw, every range
// lies inside its document, every finding's path is one the file has.
//
// Deterministic: case i of seed S is generated from `new Rng(`${S}:${i}`)`. To reproduce a failure, run
//   FUZZ_SEED=<seed> FUZZ_CASE=<index> npx mocha test/unit/fuzz/payloads.test.ts
// (the failure message prints both).
import assert from 'node:assert/strict';
import { getItems } from '../../../src/api/items';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { LiveContext } from '../../../src/features/authoring/liveContext';
import type { Fetched, LiveKind, LiveRequest, LiveSnapshot } from '../../../src/features/authoring/liveLookups';
import { hoverAt, suggestionsAt } from '../../../src/features/authoring/suggestions';
import { type LiveItem, type PlanLive, planRequest } from '../../../src/features/requests/plan';
import { withoutUnknownFields } from '../../../src/model/common';
import { payloadSchemas, schemaFileFor } from '../../../src/model/jsonSchemas';
import { classifyPayloadFile, type PayloadKind } from '../../../src/model/payloadFiles';
import { ITEM } from '../../../src/sandbox/items/ids';
import { hashString, Rng } from '../../../src/sandbox/random';
import { SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { parseJson } from '../../../src/text/jsonText';
import { analyzeLive, TestSessions } from '../features/authoring/support';
import { createJsonService, textDocument } from '../schemas/jsonService';
import { CLOCK_START, useSandbox } from '../support/sandbox';
import { checkAnalysis, checkPlan, checkSpan, clip } from './check';
import { type FuzzCase, generateCase, seedFiles } from './generate';
import { NAMES } from './vocabulary';

const SEED = process.env.FUZZ_SEED ?? 'marketplace-fuzz-1';
const ONLY = process.env.FUZZ_CASE === undefined ? undefined : Number(process.env.FUZZ_CASE);
/** Generated and mutated cases, after the seed files themselves. */
const GENERATED = 10_000;
/** Every how many cases one goes through the JSON language service. */
const LANGUAGE_SERVICE_EVERY = 5;
/** Failures listed in the report (all are counted). */
const REPORTED = 15;

const FIXED_NOW = Date.parse(CLOCK_START);
const ORDER_IDS = Array.from({ length: 12 }, (_, index) => String(2_195_100_001 + index));

/** Signed in, nothing cached yet: every lookup is on its way. */
function emptySnapshot(): LiveSnapshot {
  const none = () => undefined;
  return {
    environmentLabel: 'the local sandbox',
    environment: 'sandbox',
    account: { userId: SELLER_ID, siteId: 'MLA', nickname: 'TESTSELLER' },
    category: none,
    item: none,
    order: none,
    site: none,
    listingTypes: none,
    measurements: none,
    sellerItems: none,
    now: () => new Date(FIXED_NOW),
  };
}

/**
 * The sandbox's data seen through a flaky cache, decided per case and lookup: ready (sometimes stale, and for an
 * item id the sandbox lacks, another seeded item in its place, in whatever state it is), missing, failed, or not yet
 * loaded; the environment is the sandbox or the API, and the account sometimes another seller.
 */
function mixedSnapshot(base: LiveSnapshot, items: LiveItem[], index: number): LiveSnapshot {
  const pick = (kind: LiveKind, id: string) => hashString(`${index}:${kind}:${id}`) % 6;
  const wrap = <T>(kind: LiveKind, id: string, ready: () => Fetched<T> | undefined): Fetched<T> | undefined => {
    switch (pick(kind, id)) {
      case 0:
        return { state: 'missing', message: `${kind} ${id} not found` };
      case 1:
        return { state: 'failed', message: 'socket hang up (503 service_unavailable)', stale: index % 2 === 0 };
      case 2:
        return undefined;
      case 3: {
        const got = ready();
        return got && { ...got, stale: true };
      }
      default:
        return ready();
    }
  };
  const otherSeller = index % 7 === 0;
  return {
    environmentLabel: index % 3 === 0 ? 'the Marketplace API' : 'the local sandbox',
    environment: index % 3 === 0 ? 'api' : 'sandbox',
    account: otherSeller ? { ...base.account, userId: SECOND_USER_ID, nickname: 'SECOND' } : base.account,
    category: (id) => wrap('category', id, () => base.category(id)),
    item: (id) =>
      wrap('item', id, () => {
        const got = base.item(id);
        if (got?.state === 'ready' || !items.length) return got;
        return { state: 'ready', value: { ...items[hashString(id + index) % items.length]!, id } };
      }),
    order: (id) => wrap('order', id, () => base.order(id)),
    site: (id) => wrap('site', id, () => base.site(id)),
    listingTypes: (id) => wrap('listingTypes', id, () => base.listingTypes(id)),
    measurements: (id) => wrap('measurements', id, () => base.measurements(id)),
    sellerItems: () => wrap('sellerItems', '', () => base.sellerItems()),
    now: () => new Date(FIXED_NOW + (index % 5) * 86_400_000 * 7),
  };
}

/** What planning is given for a case: the live item of an update (the sandbox's, or a seeded one in its place). */
function planLive(fuzz: FuzzCase, sandbox: LiveSnapshot, items: LiveItem[]): PlanLive {
  const rng = new Rng(`${SEED}:plan:${fuzz.index}`);
  const file = classifyPayloadFile(fuzz.name);
  const target = file?.target;
  let item: LiveItem | undefined;
  if (target && (file.kind === 'item' || file.kind === 'saleTerms')) {
    const cached = sandbox.item(target);
    item =
      cached?.state === 'ready' && rng.chance(0.5)
        ? (cached.value as LiveItem)
        : { ...rng.pick(items), id: target, listing_type_changes: rng.int(0, 2) };
  }
  let value: { category_id?: unknown } | undefined;
  try {
    value = JSON.parse(fuzz.text);
  } catch {
    value = undefined;
  }
  const categoryId =
    item?.category_id ??
    (typeof value?.category_id === 'string' ? value.category_id : rng.pick(['MLA1577', 'MLA1055']));
  const definitions = sandbox.category(categoryId);
  const site = sandbox.site('MLA');
  const measurements = sandbox.measurements('MLA');
  return {
    userId: rng.chance(0.85) ? sandbox.account.userId : SECOND_USER_ID,
    item,
    category: definitions?.state === 'ready' ? { id: categoryId, sale_terms: definitions.value } : undefined,
    unknownCategory: definitions?.state === 'missing' || undefined,
    currencies: site?.state === 'ready' ? site.value.currencies?.map((currency) => currency.id) : undefined,
    measurements:
      measurements?.state === 'ready'
        ? { siteId: 'MLA', measurementIds: measurements.value.map((entry) => entry.id) }
        : undefined,
  };
}

describe('fuzz: generated payload files through the schemas, rules, diagnostics, quick fixes and planning', function () {
  this.timeout(180_000);
  const harness = useSandbox({}, false);
  const seeds = seedFiles();
  const schemas = payloadSchemas();
  let sandbox: LiveSnapshot;
  let items: LiveItem[] = [];

  before(async function () {
    this.timeout(60_000);
    const sessions = new TestSessions();
    sessions.set({
      environment: 'sandbox',
      baseUrl: harness.url,
      account: { environment: 'sandbox', userId: SELLER_ID, nickname: 'TESTSELLER', siteId: 'MLA' },
      client: harness.client,
    });
    // A fixed clock: nothing cached goes stale during the run, and the order rules read the seed's instant.
    const live = new LiveContext(sessions, { clock: () => FIXED_NOW });
    for (const seed of seeds) await analyzeLive(live, seed.name, seed.text);
    for (const name of NAMES) await analyzeLive(live, name, '{"sale_terms": [], "items": ["MLA1400000401"]}');
    const ids = Object.values(ITEM);
    const requests: LiveRequest[] = [
      ...ids.map((id) => ({ kind: 'item' as const, id })),
      { kind: 'item', id: 'MLA1999999999' },
      ...ORDER_IDS.map((id) => ({ kind: 'order' as const, id })),
      { kind: 'category', id: 'MLA99999999' },
      ...['MLA', 'MLB'].flatMap((id) => [
        { kind: 'site' as const, id },
        { kind: 'listingTypes' as const, id },
        { kind: 'measurements' as const, id },
      ]),
      { kind: 'sellerItems', id: '' },
    ];
    await live.fetch(requests);
    const seeded = (await getItems(harness.client, ids)).filter((entry) => entry.code === 200);
    items = seeded.map((entry) => entry.body as LiveItem);
    const categories = [...new Set(items.map((item) => item.category_id))];
    await live.fetch(categories.map((id) => ({ kind: 'category', id })));
    sandbox = live.snapshot()!;
    assert.ok(items.length >= 60, `${items.length} seeded items`);
    assert.equal(sandbox.item(ITEM.PHONE_NO_SALES)?.state, 'ready');
    assert.equal(sandbox.item('MLA1999999999')?.state, 'missing');
    assert.equal(sandbox.order(ORDER_IDS[0]!)?.state, 'ready');
    assert.equal(sandbox.category('MLA1577')?.state, 'ready');
  });

  it(`${GENERATED.toLocaleString('en')} generated cases and every seed: nothing throws, every range and path is the document's`, async () => {
    const service = createJsonService();
    const started = Date.now();
    const total = seeds.length + GENERATED;
    const indexes = ONLY === undefined ? Array.from({ length: total }, (_, index) => index) : [ONLY];
    const failures: string[] = [];
    const kinds = new Map<PayloadKind | 'none', number>();
    const timing: Record<string, number> = {};
    const codes = new Set<string>();
    const fixedCodes = new Set<string>();
    const counts = { analyses: 0, fixes: 0, plans: 0, languageService: 0, parsed: 0 };

    for (const index of indexes) {
      let mark = performance.now();
      const lap = (what: string) => {
        const now = performance.now();
        timing[what] = (timing[what] ?? 0) + now - mark;
        mark = now;
      };
      const fuzz = generateCase(SEED, index, seeds);
      lap('generate');
      const { name, text } = fuzz;
      let stage = 'classify';
      try {
        const file = classifyPayloadFile(name);
        kinds.set(file?.kind ?? 'none', (kinds.get(file?.kind ?? 'none') ?? 0) + 1);
        const snapshots: [string, LiveSnapshot | undefined][] = [
          ['signed out', undefined],
          ['signed in, nothing cached', emptySnapshot()],
          ['the sandbox', sandbox],
          ['mixed', mixedSnapshot(sandbox, items, index)],
        ];
        // A fixed text is analysed again once, with the cache of the first analysis that offered the fix.
        const fixedTexts = new Map<string, [string, LiveSnapshot | undefined]>();
        for (const [label, snapshot] of snapshots) {
          stage = `analysis (${label})`;
          const analysis = analyzePayload(name, text, snapshot);
          counts.analyses++;
          for (const diagnostic of analysis.diagnostics) {
            codes.add(diagnostic.code);
            if (diagnostic.fixes?.length) fixedCodes.add(diagnostic.code);
          }
          for (const result of checkAnalysis(name, text, analysis, stage)) {
            if (!fixedTexts.has(result)) fixedTexts.set(result, [label, snapshot]);
          }
        }
        lap('analysis');
        for (const [result, [label, snapshot]] of fixedTexts) {
          stage = `analysis (${label}) of a fixed text: ${clip(result, 300)}`;
          checkAnalysis(name, result, analyzePayload(name, result, snapshot), stage);
          counts.fixes++;
        }

        lap('fixes');
        const parsed = parseJson(text);
        if (file && parsed.errors.length === 0) {
          counts.parsed++;
          stage = 'zod request model';
          const model = schemas.find((schema) => schema.file === schemaFileFor(file))!.model;
          model.safeParse(parsed.value);
          model.safeParse(withoutUnknownFields(model, parsed.value));
        }

        lap('zod');
        const rng = new Rng(`${SEED}:cursor:${index}`);
        const offset = rng.int(0, text.length);
        stage = `completion at ${offset}`;
        for (const suggestion of suggestionsAt(name, text, offset, sandbox).suggestions) {
          checkSpan(text, suggestion.replace, `${stage}: "${suggestion.label}"`);
        }
        stage = `hover at ${offset}`;
        const hover = hoverAt(name, text, offset, sandbox).hover;
        if (hover) checkSpan(text, hover.range, stage);

        lap('completion and hover');
        for (const [label, live] of [
          ['signed out', {}],
          ['signed in', planLive(fuzz, sandbox, items)],
        ] as const) {
          stage = `plan (${label})`;
          checkPlan(name, planRequest(name, text, live), stage);
          counts.plans++;
        }

        lap('plan');
        if (index % LANGUAGE_SERVICE_EVERY === 0) {
          stage = 'JSON language service';
          await checkLanguageService(service, name, text, offset);
          counts.languageService++;
          lap('language service');
        }
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        failures.push(
          [
            `case ${index} (FUZZ_SEED=${SEED} FUZZ_CASE=${index}) ${name}, from ${fuzz.seed}; ${fuzz.steps.join(' → ')}`,
            `  stage: ${stage}`,
            `  text: ${clip(text)}`,
            `  ${message.split('\n').slice(0, 8).join('\n  ')}`,
          ].join('\n'),
        );
      }
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `      fuzz seed ${SEED}: ${indexes.length} cases in ${seconds.toFixed(1)} s; ${counts.analyses} analyses, ` +
        `${counts.fixes} quick fixes applied and analysed again, ${counts.plans} plans, ${counts.parsed} files that ` +
        `parse through the zod models, ${counts.languageService} through the JSON language service, ` +
        `${codes.size} diagnostic codes, ` +
        `${fixedCodes.size} with quick fixes; kinds ` +
        JSON.stringify(Object.fromEntries(kinds)) +
        `; ms per stage ${JSON.stringify(Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, Math.round(v)])))}`,
    );
    assert.equal(
      failures.length,
      0,
      `${failures.length} of ${indexes.length} cases failed:\n\n${failures.slice(0, REPORTED).join('\n\n')}`,
    );
    if (ONLY === undefined) {
      assert.ok(indexes.length >= 10_000 + seeds.length);
      assert.ok(counts.languageService >= 2_000, `${counts.languageService} cases through the language service`);
      // Every kind gets its share, and broken and fixed files are among the cases.
      for (const kind of ['item', 'saleTerms', 'sizeChart', 'chartItems', 'note', 'feedback', 'blacklist'] as const) {
        assert.ok((kinds.get(kind) ?? 0) >= 300, `${kinds.get(kind) ?? 0} ${kind} cases`);
      }
      assert.ok(counts.parsed < indexes.length * 0.9 && counts.parsed > indexes.length * 0.4, `${counts.parsed} parse`);
      assert.ok(counts.fixes >= 1_000, `${counts.fixes} fixes applied`);
      // The mutations reach the rules, not only the parser: most codes, and the fixes of every family.
      assert.ok(codes.size >= 150, `${codes.size} diagnostic codes`);
      for (const code of [
        'item.manufacturing_time.too_long',
        'item.sale_terms.unit_not_allowed',
        'item.sale_terms.duplicated',
        'item.title.invalid_characters',
        'item.field.unknown',
        'payload.sale_terms.not_wrapped',
        'payload.sale_terms.extra_field',
        'chart_items.duplicated',
        'order.feedback.rating_mismatch',
        'order.note.unknown_field',
        'blacklist.unknown_field',
      ]) {
        assert.ok(fixedCodes.has(code), `a fix of ${code} was applied`);
      }
    }
  });
});

/** The JSON language service with the contributed schemas: validation, completion and hover never throw and stay inside. */
async function checkLanguageService(
  service: ReturnType<typeof createJsonService>,
  name: string,
  text: string,
  offset: number,
): Promise<void> {
  // Its document URIs are paths: a Windows-style name becomes its last segment, as VS Code would show it.
  const document = textDocument(name.split(/[\\/]/).pop()!, text);
  const json = service.parseJSONDocument(document);
  const diagnostics = await service.doValidation(document, json);
  const inside = (position: { line: number; character: number }) => {
    const round = document.positionAt(document.offsetAt(position));
    return round.line === position.line && round.character === position.character;
  };
  for (const diagnostic of diagnostics) {
    const { start, end } = diagnostic.range;
    assert.ok(inside(start) && inside(end), `schema diagnostic "${diagnostic.message}" lies inside the document`);
    assert.ok(document.offsetAt(start) <= document.offsetAt(end), `schema diagnostic "${diagnostic.message}" range`);
  }
  const position = document.positionAt(offset);
  await service.doComplete(document, position, json);
  await service.doHover(document, position, json);
}
