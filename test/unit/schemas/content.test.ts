import assert from 'node:assert/strict';
import { KNOWN_BUYING_MODES, KNOWN_CONDITIONS, KNOWN_LISTING_TYPES } from '../../../src/model/item';
import { type JsonSchema, payloadSchemas, SCHEMA_ID_BASE } from '../../../src/model/jsonSchemas';

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

  it('judge structure only, each condition with its message, and allow unknown fields', () => {
    // The model's limits and formats are the rules' (advice, context, levels); the schema never states them.
    const never = ['additionalProperties', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum'];
    const neverMore = ['minItems', 'maxItems', 'uniqueItems', 'format', 'oneOf'];
    const visit = (node: unknown, where: string, branch: boolean): void => {
      if (Array.isArray(node)) {
        for (const [index, entry] of node.entries()) visit(entry, `${where}[${index}]`, branch);
        return;
      }
      if (!isObject(node)) return;
      for (const keyword of [...never, ...neverMore]) assert.ok(!(keyword in node), `${where} has ${keyword}`);
      // Outside an optional branch, a type or a closed list judges: it says why in the spec's words.
      assert.ok(branch || !('const' in node), `${where} has const outside a suggestion`);
      if (!branch && (node.type !== undefined || node.enum !== undefined)) {
        assert.ok(typeof node.errorMessage === 'string', `${where} judges without a message`);
      }
      if (node.pattern !== undefined) assert.ok(typeof node.patternErrorMessage === 'string', `${where}`);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'if' || key === 'defaultSnippets' || key === 'examples' || key === 'enum') continue;
        if (key === 'anyOf' && Array.isArray(value) && !branch) {
          // Suggestions: the last branch accepts anything; the others only feed completion and hover.
          if (value.length && Object.keys(value[value.length - 1]).length === 0) {
            visit(value, `${where}.anyOf`, true);
            continue;
          }
        }
        visit(value, `${where}.${key}`, branch);
      }
    };
    for (const { file, schema } of schemas) visit(schema, file, false);
  });

  it('have a stable $id: the base address and the file name', () => {
    for (const { file, schema } of schemas) assert.equal(schema.$id, `${SCHEMA_ID_BASE}${file}`);
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
