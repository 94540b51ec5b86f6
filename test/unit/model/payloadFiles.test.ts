import assert from 'node:assert/strict';
import { classifyPayloadFile, describePayloadFile } from '../../../src/model/payloadFiles';

describe('payload file names say which request they make', () => {
  const cases: [string, string | undefined][] = [
    ['MLA1234567.item.json', 'PUT /items/MLA1234567 (update)'],
    ['new-phone.item.json', 'POST /items (create)'],
    ['payloads/cars/MLB99887766.item.json', 'PUT /items/MLB99887766 (update)'],
    ['MLA1234567.sale-terms.json', 'PUT /items/MLA1234567 (update)'],
    ['shirts.size-chart.json', 'POST /size_charts (create)'],
    ['1200345.size-chart.json', 'PUT /size_charts/1200345 (update)'],
    ['1200345.chart-items.json', 'PUT /size_charts/1200345/items (update)'],
    ['2000001234.note.json', 'POST /orders/2000001234/notes (create)'],
    ['2000001234.feedback.json', 'POST /orders/2000001234/feedback (create)'],
    ['friend.blacklist.json', 'POST /users/{me}/order_blacklist (create)'],
    ['package.json', undefined],
    ['item.json', undefined],
  ];
  for (const [name, expected] of cases) {
    it(`${name} → ${expected ?? 'not a payload file'}`, () => {
      const file = classifyPayloadFile(name);
      assert.equal(file && describePayloadFile(file), expected);
    });
  }

  it('a sale-terms or note file without its target in the name says how to name it', () => {
    assert.match(classifyPayloadFile('terms.sale-terms.json')?.problem ?? '', /MLA1234567\.sale-terms\.json/);
    assert.match(classifyPayloadFile('hello.note.json')?.problem ?? '', /2000001234\.note\.json/);
  });
});
