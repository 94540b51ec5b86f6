// Bugs the fuzz suite found, each pinned by the smallest file that showed it.
import assert from 'node:assert/strict';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { parseJson } from '../../../src/text/jsonText';

describe('fuzz regressions', () => {
  it('a file with a syntax error and an object where a rule quotes a value is analysed (fuzz case 1729)', () => {
    // Half-typed: the closing brace is missing. The value of a file that does not parse used to come from
    // jsonc-parser's getNodeValue, whose objects have no prototype: dimensionsRule's String(value) threw
    // "Cannot convert object to primitive value" and the file got no diagnostics at all.
    for (const dimensions of ['{}', '[{}]', '{"value": ["10x15x20"]}']) {
      const text = `{"title": "Celular", "shipping": {"mode": "me2", "dimensions": ${dimensions}}`;
      const analysis = analyzePayload('new-phone.item.json', text);
      const codes = analysis.diagnostics.map((entry) => entry.code);
      assert.ok(codes.includes('json.syntax'), codes.join());
      const invalid = analysis.diagnostics.find((entry) => entry.code === 'INVALID_DIMENSIONS');
      assert.deepEqual(invalid?.path, ['shipping', 'dimensions'], codes.join());
    }
  });

  it('the value of a file that does not parse is what JSON.parse gives of the same fields: plain objects', () => {
    const broken = parseJson('{"a": {"b": [{"c": 1}]}, "__proto__": {"x": 1}, "d": 1, "d": 2,');
    assert.ok(broken.errors.length > 0);
    const complete = JSON.parse('{"a": {"b": [{"c": 1}]}, "__proto__": {"x": 1}, "d": 1, "d": 2}');
    assert.deepEqual(broken.value, complete);
    assert.deepEqual(Object.keys(broken.value as object), Object.keys(complete));
    const value = broken.value as { a: { b: object[] }; d: number };
    for (const object of [value, value.a, value.a.b[0]!]) assert.equal(Object.getPrototypeOf(object), Object.prototype);
    assert.equal(String(value.a), '[object Object]');
    // A `__proto__` key is a field of the file, as JSON.parse reads it, never the object's prototype.
    assert.ok(Object.hasOwn(value, '__proto__'));
    assert.equal((value as { x?: number }).x, undefined);
    assert.equal(value.d, 2);
  });

  it('fields named like what every object inherits are judged as fields, never as table entries', () => {
    // READ_ONLY_FIELDS[key] and `key in SERVER_SET_AT_CREATION` matched toString, constructor…: an Error quoting
    // "function toString() { [native code] }" on an update, a Warning quoting Object() on a creation.
    const inherited = ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__'];
    const body = `{${inherited.map((key) => `"${key}": 1`).join(', ')}}`;
    for (const name of ['MLA1400000401.item.json', 'new-phone.item.json']) {
      const codes = analyzePayload(name, body).diagnostics.map((entry) => entry.code);
      for (const key of inherited) {
        assert.ok(!codes.includes(`item.${key}.read_only`) && !codes.includes(`item.${key}.server_set`), codes.join());
      }
    }
  });

  it('every range of a broken file lies inside it, the end included', () => {
    for (const text of ['{"title": "x"', '{"a": 1 /* open\r\n', '', '{', '[1,']) {
      const parsed = parseJson(text);
      for (const error of parsed.errors) {
        assert.ok(error.span.offset + error.span.length <= text.length, JSON.stringify(text));
      }
    }
  });
});
