import assert from 'node:assert/strict';
import { type JsonSchema, payloadSchemas, SCHEMA_FORMATS } from '../../../src/model/jsonSchemas';
import { ITEM_ID } from '../../../src/model/payloadFiles';
import { PURCHASE_MAX_QUANTITY_MAX_LENGTH, saleTermsFindings } from '../../../src/rules/saleTerms';
import { dimensionsRule } from '../../../src/rules/shipping';
import { parseMeasurementValue } from '../../../src/rules/sizeCharts';

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

const patternOf = (source: string) => new RegExp(source, 'u');

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
        if (property.pattern !== undefined) {
          assert.ok(typeof property.patternErrorMessage === 'string', `${file} ${path} has a pattern without message`);
        }
      }
    }
  });

  it('require exactly title, category_id, price and currency_id to create an item, and nothing to update one', () => {
    const create = schemas.find(({ file }) => file === 'item-create.schema.json')?.schema;
    const update = schemas.find(({ file }) => file === 'item-update.schema.json')?.schema;
    assert.deepEqual(create?.required, ['title', 'category_id', 'price', 'currency_id']);
    assert.equal(update?.required, undefined);
  });

  it('are draft-07 and strict, as the request model is', () => {
    for (const { file, schema } of schemas) {
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', file);
      assert.equal(schema.additionalProperties, false, file);
    }
  });
});

describe('the formats the schemas add agree with the rules that check the same', () => {
  it('dimensions: the pattern accepts what dimensionsRule reads as HxWxL,W', () => {
    const pattern = patternOf(SCHEMA_FORMATS.dimensions);
    const samples = [
      '10x10x20,500',
      '8.5x16x2,190.5',
      '10x15x20',
      '10x10x20,',
      '10*10*20,500',
      'a x b',
      '10x10x20,500g',
    ];
    for (const sample of samples) {
      const formatFinding = dimensionsRule(sample).some((finding) => finding.message.includes('is not in the format'));
      assert.equal(pattern.test(sample), !formatFinding, sample);
    }
  });

  it('MANUFACTURING_TIME: the pattern is the model’s N días, and whole days in días satisfy the rule’s format', () => {
    const pattern = patternOf(SCHEMA_FORMATS.manufacturingTime);
    assert.ok(pattern.test('30 días') && pattern.test('1 días'));
    for (const wrong of ['30 dias', '30días', '1 mes', '30', 'treinta días', '30.5 días'])
      assert.ok(!pattern.test(wrong));
    const findings = saleTermsFindings([{ id: 'MANUFACTURING_TIME', value_name: '30 días' }]);
    assert.deepEqual(findings, []);
  });

  it('PURCHASE_MAX_QUANTITY: the length and the number format are the rule’s', () => {
    assert.equal(SCHEMA_FORMATS.purchaseMaxQuantityLength, PURCHASE_MAX_QUANTITY_MAX_LENGTH);
    const pattern = patternOf(SCHEMA_FORMATS.purchaseMaxQuantity);
    for (const sample of ['6', '06', '120', '0', '000', 'seis', '6 unidades', '-1', '1.5']) {
      const ruleSaysNumber = !saleTermsFindings([{ id: 'PURCHASE_MAX_QUANTITY', value_name: sample }]).some(
        (finding) => finding.code === 'item.purchase_max_quantity.not_a_number',
      );
      assert.equal(pattern.test(sample), ruleSaysNumber, sample);
    }
  });

  it('measurement values: the pattern accepts the figures and ranges the rule parses (the rule also checks them)', () => {
    const pattern = patternOf(SCHEMA_FORMATS.measurementValue);
    for (const sample of ['92', '72.5', '90 - 94', '90-94', ' 96 ', '96 - 100']) {
      assert.ok(pattern.test(sample) && parseMeasurementValue(sample), sample);
    }
    for (const sample of ['90 a 94', '96cm', 'M', '', '90 - ']) {
      assert.ok(!pattern.test(sample) && !parseMeasurementValue(sample), sample);
    }
  });

  it('chart items: the pattern is the extension’s item id', () => {
    const chartItems = payloadSchemas().find(({ file }) => file === 'chart-items.schema.json');
    const properties = chartItems?.schema.properties as Record<string, JsonSchema> | undefined;
    const itemId = properties?.items?.items as JsonSchema | undefined;
    assert.equal(itemId?.pattern, ITEM_ID.source);
  });
});
