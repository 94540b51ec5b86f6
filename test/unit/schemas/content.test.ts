import assert from 'node:assert/strict';
import { KNOWN_BUYING_MODES, KNOWN_CONDITIONS, KNOWN_LISTING_TYPES } from '../../../src/model/item';
import { type JsonSchema, payloadSchemas } from '../../../src/model/jsonSchemas';

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every property schema of a schema, with its path (`sale_terms[].id`). */
function properties(schema: JsonSchema, path = ''): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      const childPath = path ? `${path}.${key}` : key;
      out.push([childPath, child], ...properties(child, childPath));
    }
  }
  if (isObject(schema.items)) out.push(...properties(schema.items, `${path}[]`));
  for (const branch of [...((schema.anyOf as unknown[]) ?? [])])
    if (isObject(branch)) out.push(...properties(branch, path));
  return out;
}

describe('the schemas help a person', () => {
  const schemas = payloadSchemas();

  it('describe every field, and every enum value', () => {
    for (const { file, schema } of schemas) {
      assert.ok(typeof schema.title === 'string' && typeof schema.description === 'string', file);
      for (const [path, property] of properties(schema)) {
        assert.ok(typeof property.description === 'string' && property.description.length > 10, `${file} ${path}`);
        const enums = [property, ...((property.anyOf as JsonSchema[]) ?? [])].filter((node) =>
          Array.isArray(node.enum),
        );
        for (const node of enums) {
          assert.equal((node.enumDescriptions as string[])?.length, (node.enum as unknown[]).length, `${file} ${path}`);
        }
      }
    }
  });

  it('never judge: no keyword that refuses a value, outside the `if` that chooses suggestions', () => {
    const judging = ['required', 'additionalProperties', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'];
    const judgingMore = ['exclusiveMinimum', 'minItems', 'maxItems', 'uniqueItems', 'format', 'oneOf', 'not'];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        for (const [index, entry] of node.entries()) visit(entry, `${where}[${index}]`);
        return;
      }
      if (!isObject(node)) return;
      for (const keyword of [...judging, ...judgingMore]) assert.ok(!(keyword in node), `${where} has ${keyword}`);
      if (node.type !== undefined || node.enum !== undefined || node.const !== undefined) {
        assert.fail(`${where} judges its type or value outside an optional branch`);
      }
      for (const [key, value] of Object.entries(node)) {
        if (key === 'if' || key === 'defaultSnippets' || key === 'examples' || key === 'enum') continue;
        if (key === 'anyOf' && Array.isArray(value)) {
          // The last branch accepts anything; the others only feed completion (their types and enums may stay).
          assert.deepEqual(value[value.length - 1], {}, `${where}.anyOf has no always-valid branch`);
          continue;
        }
        visit(value, `${where}.${key}`);
      }
    };
    for (const { file, schema } of schemas) visit(schema, file);
  });

  it('are draft-07', () => {
    for (const { file, schema } of schemas) {
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', file);
    }
  });

  it('suggest the known listing types, buying modes and conditions, and accept others', () => {
    const create = schemas.find(({ file }) => file === 'item-create.schema.json')?.schema;
    const properties = create?.properties as Record<string, JsonSchema>;
    for (const [field, known] of [
      ['listing_type_id', KNOWN_LISTING_TYPES],
      ['buying_mode', KNOWN_BUYING_MODES],
      ['condition', KNOWN_CONDITIONS],
    ] as const) {
      const branches = properties[field]?.anyOf as JsonSchema[];
      assert.deepEqual(branches.find((branch) => Array.isArray(branch.enum))?.enum, Object.keys(known), field);
      assert.deepEqual(branches[branches.length - 1], {}, field);
    }
  });
});
