// Fuzz suite of the sandbox's fixtures files: the sample file mutated at random (values of other types, inherited
// names where ids and keys go, fields dropped or repeated, entries duplicated, dates moved, statuses swapped), the
// extreme texts (100,000 deep, wide, a million characters) and text cut anywhere. Each must load or be refused with
// a FixturesError whose every line is `path: reason`; nothing else may be thrown and no prototype may change.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFixtures, FixturesError, MAX_LISTED_PROBLEMS, parseFixturesText } from '../../../src/sandbox/fixtures';
import { Rng } from '../../../src/sandbox/random';
import { CLOCK_START } from '../support/sandbox';
import { extremeTexts } from './extremes';
import { INHERITED_NAMES, POLLUTION_MARKER } from './hostileInputs';

const SAMPLE = readFileSync(join(__dirname, '../../fixtures/sandbox/shop.fixtures.json'), 'utf8');
const CASES = 300;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const STRANGE: Json[] = [
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 53 + 1,
  '',
  'delivered',
  '2026-13-45T99:99:99Z',
  'MLA',
  [],
  {},
  ...INHERITED_NAMES,
  { [POLLUTION_MARKER]: true },
];

/** Every container of the value with its key path, for picking a place to mutate. */
function places(value: Json): { holder: Json[] | { [key: string]: Json }; key: string | number }[] {
  const found: { holder: Json[] | { [key: string]: Json }; key: string | number }[] = [];
  const stack: Json[] = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) {
        found.push({ holder: node, key: index });
        stack.push(child);
      }
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        found.push({ holder: node, key });
        stack.push(node[key]!);
      }
    }
  }
  return found;
}

function mutate(rng: Rng, value: Json): string {
  for (let steps = rng.int(1, 4); steps > 0; steps--) {
    const all = places(value);
    const { holder, key } = rng.pick(all);
    const target = holder as Record<string | number, Json>;
    switch (rng.int(0, 5)) {
      case 0:
        target[key] = rng.pick(STRANGE);
        break;
      case 1:
        if (Array.isArray(holder)) holder.splice(Number(key), 1);
        else delete target[key];
        break;
      case 2:
        if (Array.isArray(holder)) holder.push(structuredClone(holder[Number(key)]!));
        else target[rng.pick([...INHERITED_NAMES, 'colour'])] = structuredClone(target[key]!);
        break;
      case 3:
        target[key] = typeof target[key] === 'number' ? -Number(target[key]) : String(target[key]);
        break;
      case 4:
        target[key] = rng.pick([
          '2030-01-01T00:00:00.000Z',
          '1999-01-01T00:00:00.000Z',
          'cancelled',
          'paid',
          'rejected',
        ]);
        break;
      default:
        // Another part of the file where this one was (a copy: the value stays a tree).
        target[key] = structuredClone(rng.pick(all).holder as Json);
        break;
    }
  }
  // A `__proto__` key written as text, where JSON.parse makes it an own field.
  const text = JSON.stringify(value);
  return rng.chance(0.1) ? text.replace('"items":', '"__proto__": {"x": 1}, "items":') : text;
}

function judge(text: string, label: string): 'loaded' | 'refused' {
  try {
    checkFixtures(parseFixturesText(text), undefined, CLOCK_START);
    return 'loaded';
  } catch (failure) {
    if (!(failure instanceof FixturesError)) throw new Error(`${label}: ${String((failure as Error).stack)}`);
    assert.ok(failure.problems.length >= 1 && failure.problems.length <= MAX_LISTED_PROBLEMS + 1, label);
    for (const line of failure.problems) assert.match(line, /^(\S.*?: \S|and \d+ more$)/, `${label}: ${line}`);
    return 'refused';
  }
}

describe('fuzz: sandbox fixtures files', function () {
  this.timeout(120_000);
  const builtIns = () => [Object.prototype, Array.prototype].map((proto) => Object.getOwnPropertyNames(proto).join());
  const before = builtIns();
  afterEach(() => {
    assert.deepEqual(builtIns(), before);
    assert.equal(({} as Record<string, unknown>)[POLLUTION_MARKER], undefined);
  });

  it(`loads or refuses ${CASES} mutations of the sample file with path: reason lines`, () => {
    const rng = new Rng('fixtures-fuzz');
    const outcomes = { loaded: 0, refused: 0 };
    for (let index = 0; index < CASES; index++)
      outcomes[judge(mutate(rng, JSON.parse(SAMPLE) as Json), `case ${index}`)]++;
    // Both happen: some mutations keep the file valid (a note's text), most break it.
    assert.ok(outcomes.loaded > 0 && outcomes.refused > 0, JSON.stringify(outcomes));
  });

  it('refuses the extreme texts and cut texts clearly', () => {
    for (const extreme of extremeTexts()) assert.equal(judge(extreme.text, extreme.label), 'refused', extreme.label);
    for (let cut = 1; cut < SAMPLE.length; cut += 97)
      assert.equal(judge(SAMPLE.slice(0, cut), `cut at ${cut}`), 'refused', `cut at ${cut}`);
  });
});
