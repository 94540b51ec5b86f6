import assert from 'node:assert/strict';
import { clientSender, runBulk } from '../../../src/features/requests/bulk';
import { csvJobs, parseStockPriceCsv } from '../../../src/features/requests/csv';
import { useSandbox } from '../support/sandbox';

describe('stock and price CSV', () => {
  describe('parseStockPriceCsv', () => {
    it('turns each row into a PUT body with only the given fields', () => {
      const { rows, errors } = parseStockPriceCsv(
        'item_id,available_quantity,price\nMLA1,5,1500\nMLA2,,99.5\nMLA3,0,\n',
      );
      assert.deepEqual(errors, []);
      assert.deepEqual(rows, [
        { line: 2, itemId: 'MLA1', body: { available_quantity: 5, price: 1500 } },
        { line: 3, itemId: 'MLA2', body: { price: 99.5 } },
        { line: 4, itemId: 'MLA3', body: { available_quantity: 0 } },
      ]);
    });

    it('accepts a BOM, CRLF, quoted fields, any column order and blank lines', () => {
      const text = '\uFEFFPrice, Item_ID ,available_quantity\r\n"1200","MLA10",""\r\n\r\n"3",MLA11,"7"\r\n';
      const { rows, errors } = parseStockPriceCsv(text);
      assert.deepEqual(errors, []);
      assert.deepEqual(rows, [
        { line: 2, itemId: 'MLA10', body: { price: 1200 } },
        { line: 4, itemId: 'MLA11', body: { available_quantity: 7, price: 3 } },
      ]);
    });

    it('keeps line numbers right across a quoted line break', () => {
      const { rows, errors } = parseStockPriceCsv('item_id,price\n"MLA\n1",5\nMLA2,x\n');
      assert.deepEqual(rows, []);
      assert.deepEqual(
        errors.map((error) => error.line),
        [2, 4],
      );
      assert.match(errors[1]!.message, /price "x" is not a positive number/);
    });

    it('reports bad rows with their line and keeps the good ones', () => {
      const text = [
        'item_id,available_quantity,price',
        'MLA1,-1,10',
        ',3,4',
        'MLA2,,',
        'MLA3,2,1,9',
        'MLA4,1.5,0',
        'MLA5,4,',
        'mla5,,8',
        'not an id,1,1',
        'MLA6,"2",1,000',
      ].join('\n');
      const { rows, errors } = parseStockPriceCsv(text);
      assert.deepEqual(rows, [{ line: 7, itemId: 'MLA5', body: { available_quantity: 4 } }]);
      assert.deepEqual(
        errors.map((error) => error.line),
        [2, 3, 4, 5, 6, 8, 9, 10],
      );
      assert.match(errors[0]!.message, /available_quantity "-1" is not a whole number/);
      assert.match(errors[1]!.message, /item_id is empty/);
      assert.match(errors[2]!.message, /Nothing to change for MLA2/);
      assert.match(errors[3]!.message, /Expected 3 fields, found 4/);
      assert.match(errors[4]!.message, /available_quantity "1\.5".*; price "0"/);
      assert.match(errors[5]!.message, /MLA5 is already updated on line 7/);
      assert.match(errors[6]!.message, /"not an id" is not an item id/);
    });

    it('requires a valid header', () => {
      assert.match(parseStockPriceCsv('MLA1,5,10\n').errors[0]!.message, /Bad header.*unknown column "mla1"/);
      assert.match(parseStockPriceCsv('item_id,sku\n').errors[0]!.message, /unknown column "sku"/);
      assert.match(parseStockPriceCsv('price,available_quantity\n').errors[0]!.message, /item_id column is missing/);
      assert.match(parseStockPriceCsv('item_id\n').errors[0]!.message, /at least one of available_quantity and price/);
      assert.deepEqual(parseStockPriceCsv('\uFEFF\r\n').errors, [
        { line: 1, message: 'The file is empty: expected the header item_id,available_quantity,price.' },
      ]);
    });

    it('reports an unterminated quote without crashing', () => {
      const { rows, errors } = parseStockPriceCsv('item_id,price\nMLA1,5\n"MLA2,6\nMLA3,7\n');
      assert.deepEqual(rows, [{ line: 2, itemId: 'MLA1', body: { price: 5 } }]);
      assert.deepEqual(errors, [
        { line: 3, message: 'A quoted field is never closed: the rest of the file is ignored.' },
      ]);
    });
  });

  describe('sending a CSV against the sandbox', function () {
    this.timeout(15_000);
    const h = useSandbox();

    it('updates only the given fields of each item and reports refusals by line', async () => {
      const seeded = await h.admin<{ first: string }>('POST', '/_sandbox/items/bulk', { count: 3 });
      const n = Number(seeded.first.slice(3));
      const [a, b, c] = [`MLA${n}`, `MLA${n + 1}`, `MLA${n + 2}`];
      const before = await h.admin<{ price: number; available_quantity: number }>('GET', `/_sandbox/items/${b}`);
      const { rows, errors } = parseStockPriceCsv(
        `item_id,available_quantity,price\r\n${a},7,\r\n${b},,12345\r\n${c},3,999\r\nMLA999999,1,1\r\n`,
      );
      assert.deepEqual(errors, []);
      await h.admin('POST', '/_sandbox/faults', {
        method: 'PUT',
        path: `/items/${c}`,
        status: 429,
        retry_after: 1,
        times: 1,
      });
      const jobs = csvJobs('stock.csv', rows);
      assert.deepEqual(jobs[0], {
        id: 'stock.csv:2',
        method: 'PUT',
        path: `/items/${a}`,
        body: { available_quantity: 7 },
        creation: false,
      });
      const report = await runBulk(jobs, { send: clientSender(h.clientWith({ retryLimit: 0 })), concurrency: 2 });
      assert.deepEqual(
        report.succeeded.map((entry) => [entry.job.id, entry.attempts]),
        [
          ['stock.csv:2', 1],
          ['stock.csv:3', 1],
          ['stock.csv:4', 2],
        ],
      );
      assert.deepEqual(
        report.failed.map((entry) => [entry.job.id, entry.status, entry.attempts]),
        [['stock.csv:5', 404, 1]],
      );
      const item = (id: string) =>
        h.admin<{ price: number; available_quantity: number }>('GET', `/_sandbox/items/${id}`);
      assert.equal((await item(a)).available_quantity, 7);
      assert.deepEqual(await item(b).then((x) => [x.available_quantity, x.price]), [before.available_quantity, 12345]);
      assert.deepEqual(await item(c).then((x) => [x.available_quantity, x.price]), [3, 999]);
      assert.match(report.toText(), /^FAILED stock\.csv:5 \(PUT \/items\/MLA999999\): 404/m);
    });
  });
});
