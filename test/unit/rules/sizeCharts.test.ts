import assert from 'node:assert/strict';
import {
  type ChartDraft,
  chartMeasurementIds,
  duplicateMeasurementRule,
  duplicateSizeRule,
  measurementCountRule,
  measurementExistsRule,
  measurementValueRule,
  parseMeasurementValue,
  shownMeasurementValue,
  sizeAttributeRule,
  sizeChartRules,
} from '../../../src/rules/sizeCharts';

const IDS = [
  'CHEST_CIRCUMFERENCE',
  'TOTAL_LENGTH',
  'SLEEVE_LENGTH',
  'WAIST_CIRCUMFERENCE',
  'HIP_CIRCUMFERENCE',
  'INSEAM_LENGTH',
];

/** A chart with one size using the first `count` measurement ids. */
const chartWith = (count: number): ChartDraft => ({
  name: 'Test',
  sizes: [{ name: 'M', measurements: IDS.slice(0, count).map((id) => ({ id, value: '50' })) }],
});

describe('size chart rules', () => {
  describe('measurement count (1 to 5 distinct attributes per chart)', () => {
    it('refuses 0 and 6, accepts 1 and 5', () => {
      assert.deepEqual(
        [0, 1, 5, 6].map((count) => measurementCountRule(chartWith(count)).map((item) => item.code)),
        [['MEASUREMENT_NOT_ALLOWED'], [], [], ['MEASUREMENT_NOT_ALLOWED']],
      );
    });

    it('says Count not allowed with Max and Min and the count found', () => {
      const [finding] = measurementCountRule(chartWith(6));
      assert.match(finding!.message, /^Count not allowed\. Max: 5, Min: 1\./);
      assert.match(finding!.message, /uses 6 distinct/);
    });

    it('counts distinct ids across sizes, not measurements', () => {
      const chart: ChartDraft = {
        sizes: ['S', 'M', 'L'].map((name) => ({
          name,
          measurements: IDS.slice(0, 5).map((id) => ({ id, value: '10' })),
        })),
      };
      assert.deepEqual(measurementCountRule(chart), []);
      assert.equal(chartMeasurementIds(chart).length, 5);
      const sixth: ChartDraft = {
        sizes: [...chart.sizes!, { name: 'XL', measurements: [{ id: 'INSEAM_LENGTH', value: '80' }] }],
      };
      assert.equal(measurementCountRule(sixth).length, 1);
    });

    it('treats a chart without sizes as zero measurements', () => {
      assert.equal(measurementCountRule({ name: 'Empty', sizes: [] })[0]?.code, 'MEASUREMENT_NOT_ALLOWED');
    });
  });

  it('finds a measurement repeated within a size and points at the second one', () => {
    const findings = duplicateMeasurementRule({
      sizes: [
        { name: 'S', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '90' }] },
        {
          name: 'M',
          measurements: [
            { id: 'CHEST_CIRCUMFERENCE', value: '96' },
            { id: 'CHEST_CIRCUMFERENCE', value: '97' },
          ],
        },
      ],
    });
    assert.equal(findings.length, 1);
    assert.equal(findings[0]?.code, 'DUPLICATE_MEASUREMENT_VALIDATION');
    assert.deepEqual(findings[0]?.path, ['sizes', 1, 'measurements', 1, 'id']);
    assert.match(findings[0]!.message, /CHEST_CIRCUMFERENCE is repeated in size M/);
  });

  it('allows the same measurement in different sizes', () => {
    assert.deepEqual(duplicateMeasurementRule(chartWith(3)), []);
    const chart = { sizes: ['S', 'M'].map((name) => ({ name, measurements: [{ id: 'TOTAL_LENGTH', value: '70' }] })) };
    assert.deepEqual(duplicateMeasurementRule(chart), []);
  });

  it('finds a repeated size name, trimmed and case-insensitive', () => {
    const findings = duplicateSizeRule({
      sizes: [{ name: 'M' }, { name: 'L' }, { name: ' m ' }],
    });
    assert.equal(findings.length, 1);
    assert.equal(findings[0]?.code, 'DUPLICATE_SIZE_VALIDATION');
    assert.deepEqual(findings[0]?.path, ['sizes', 2, 'name']);
    assert.match(findings[0]!.message, /^Size duplicated: m\./);
    assert.deepEqual(duplicateSizeRule({ sizes: [{ name: 'M' }, { name: 'L' }] }), []);
  });

  it('requires measurement ids of the site, reporting each unknown id once', () => {
    const chart: ChartDraft = {
      sizes: [
        {
          name: 'S',
          measurements: [
            { id: 'PALM_WIDTH', value: '8' },
            { id: 'TOTAL_LENGTH', value: '60' },
          ],
        },
        { name: 'M', measurements: [{ id: 'PALM_WIDTH', value: '9' }] },
      ],
    };
    const findings = measurementExistsRule(chart, ['TOTAL_LENGTH'], 'MCO');
    assert.equal(findings.length, 1);
    assert.equal(findings[0]?.code, 'MEASUREMENT_NOT_FOUND');
    assert.match(findings[0]!.message, /^Measurement PALM_WIDTH not found\./);
    assert.match(findings[0]!.message, /site_id=MCO/);
    assert.deepEqual(measurementExistsRule(chart, ['TOTAL_LENGTH', 'PALM_WIDTH'], 'MLA'), []);
  });

  describe('measurement values', () => {
    it('accepts a number or a range a - b, and refuses anything else', () => {
      const accepted = ['92', '92.5', '90 - 94', '90-94', '0.5 - 1'];
      const refused = ['', 'abc', '92cm', '-5', '0', '94 - 90', '90 - 90', '90 -', '1,5', '90 - 94 - 98'];
      for (const value of accepted) assert.ok(parseMeasurementValue(value), `${value} should be accepted`);
      for (const value of refused) assert.equal(parseMeasurementValue(value), undefined, `${value} should be refused`);
    });

    it('reports the size, the measurement and the bad value', () => {
      const findings = measurementValueRule({
        sizes: [{ name: 'L', measurements: [{ id: 'TOTAL_LENGTH', value: 'long' }] }],
      });
      assert.equal(findings[0]?.code, 'INVALID_MEASUREMENT_VALUE');
      assert.deepEqual(findings[0]?.path, ['sizes', 0, 'measurements', 0, 'value']);
      assert.match(findings[0]!.message, /TOTAL_LENGTH of size L has the value "long"/);
    });

    it('shows a range as its midpoint, one decimal at most', () => {
      assert.equal(shownMeasurementValue('90 - 94'), '92');
      assert.equal(shownMeasurementValue('90 - 95'), '92.5');
      assert.equal(shownMeasurementValue('24.5 - 25'), '24.8');
      assert.equal(shownMeasurementValue(' 98 '), '98');
    });
  });

  it('runs every rule in the order the sandbox reports them', () => {
    const chart: ChartDraft = {
      sizes: [
        {
          name: 'M',
          measurements: [
            { id: 'NOPE', value: 'x' },
            { id: 'NOPE', value: '1' },
          ],
        },
        { name: 'M', measurements: [] },
      ],
    };
    const codes = sizeChartRules(chart, { siteId: 'MLA', measurementIds: ['TOTAL_LENGTH'] }).map((item) => item.code);
    assert.deepEqual(codes, [
      'MEASUREMENT_NOT_FOUND',
      'DUPLICATE_MEASUREMENT_VALIDATION',
      'DUPLICATE_SIZE_VALIDATION',
      'INVALID_MEASUREMENT_VALUE',
    ]);
    assert.deepEqual(sizeChartRules(chartWith(3)), []);
  });

  describe('SIZE attribute of an item to associate', () => {
    it('accepts a SIZE with a value_name', () => {
      assert.deepEqual(sizeAttributeRule({ id: 'MLA1', attributes: [{ id: 'SIZE', value_name: 'M' }] }), []);
    });

    it('refuses a missing SIZE, a null value and a blank one', () => {
      for (const attributes of [
        [{ id: 'COLOR', value_name: 'Negro' }],
        [{ id: 'SIZE', value_name: null }],
        [{ id: 'SIZE', value_name: '  ' }],
        undefined,
      ]) {
        const [finding] = sizeAttributeRule({ id: 'MLA1', attributes });
        assert.equal(finding?.code, 'SIZE_ATTRIBUTE_INCOMPLETE');
        assert.match(finding!.message, /^Item MLA1 has/);
      }
      assert.deepEqual(sizeAttributeRule({ attributes: [{ id: 'SIZE', value_name: null }] })[0]?.path, [
        'attributes',
        0,
        'value_name',
      ]);
    });
  });
});
