import assert from 'node:assert/strict';
import { clientSender, runBulk } from '../../../../src/features/requests/bulk';
import { withRefused } from '../../../../src/features/requests/bulkPlan';
import {
  csvJobs,
  describeCsvFormat,
  parseStockPriceCsv,
  unreadableCsvText,
} from '../../../../src/features/requests/csv';
import { useSandbox } from '../../support/sandbox';

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

    it('a file with no readable row is one line of sentences: each line its problem, then how it was read', () => {
      const parsed = parseStockPriceCsv('item_id,price\nMLA1,x\nMLA2,-3\n');
      assert.deepEqual(parsed.rows, []);
      const text = unreadableCsvText('prices.csv', parsed);
      assert.doesNotMatch(text, /\.;|;\s*line|\.\)/, text);
      assert.equal(
        text,
        `prices.csv: Line 2: ${parsed.errors[0]!.message} Line 3: ${parsed.errors[1]!.message} ${describeCsvFormat(parsed.format)}`,
      );
      assert.match(parsed.errors[0]!.message, /\.$/);
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

  describe("files from spreadsheets in the sites' locales", () => {
    const prices = (text: string) => parseStockPriceCsv(text).rows.map((row) => row.body.price);
    const said = (text: string) => describeCsvFormat(parseStockPriceCsv(text).format);

    it('a comma-separated file has decimal points, as before', () => {
      const text = 'item_id,available_quantity,price\nMLA1,5,1234.50\nMLA2,,1.234\n';
      assert.deepEqual(prices(text), [1234.5, 1.234]);
      assert.equal(said(text), 'Read as a comma-separated file with decimal points.');
      const quoted = parseStockPriceCsv('item_id,price\nMLA1,"1,5"\nMLA2,"1,234.50"\n');
      assert.deepEqual(quoted.rows, []);
      assert.match(quoted.errors[0]!.message, /price "1,5" is not a number as a comma-separated file writes it/);
      assert.equal(quoted.errors.length, 2);
    });

    it('a semicolon-separated export (BOM, CRLF, decimal commas, thousands points) is read as written', () => {
      const text =
        '\uFEFFitem_id;available_quantity;price\r\nMLA1;5;1234,50\r\nMLA2;1.500;1.234,50\r\nMLA3;;99,9\r\n' +
        'MLA4;2;1.234.567\r\nMLA5;3;1.500\r\nMLA6;;"7,25"\r\n';
      const { rows, errors, format } = parseStockPriceCsv(text);
      assert.deepEqual(errors, []);
      assert.deepEqual(rows, [
        { line: 2, itemId: 'MLA1', body: { available_quantity: 5, price: 1234.5 } },
        { line: 3, itemId: 'MLA2', body: { available_quantity: 1500, price: 1234.5 } },
        { line: 4, itemId: 'MLA3', body: { price: 99.9 } },
        { line: 5, itemId: 'MLA4', body: { available_quantity: 2, price: 1234567 } },
        { line: 6, itemId: 'MLA5', body: { available_quantity: 3, price: 1500 } },
        { line: 7, itemId: 'MLA6', body: { price: 7.25 } },
      ]);
      assert.deepEqual(format, { separator: ';', decimal: ',', thousands: '.' });
      assert.equal(
        describeCsvFormat(format),
        'Read as a semicolon-separated file with decimal commas and points as thousands separators.',
      );
    });

    it('in a semicolon-separated file 1,234 is 1.234 (the comma is the decimal mark)', () => {
      const text = 'item_id;price\nMLA1;1,234\nMLA2;10\n';
      assert.deepEqual(prices(text), [1.234, 10]);
      assert.equal(said(text), 'Read as a semicolon-separated file with decimal commas.');
      assert.equal(said('item_id;price\nMLA1;10\n'), 'Read as a semicolon-separated file with decimal commas.');
    });

    it('a point that can only be a decimal point is read so, even in a semicolon-separated file', () => {
      assert.deepEqual(prices('item_id;price\nMLA1;99.5\nMLA2;1234.567\nMLA3;0.500\n'), [99.5, 1234.567, 0.5]);
    });

    it('1.234 is refused as ambiguous when nothing in a semicolon-separated file says what the point is', () => {
      const { rows, errors } = parseStockPriceCsv('item_id;available_quantity;price\nMLA1;1.000;10\nMLA2;1;1.234\n');
      assert.deepEqual(rows, []);
      assert.deepEqual(
        errors.map((error) => error.line),
        [2, 3],
      );
      assert.match(errors[0]!.message, /available_quantity "1\.000" is ambiguous \(1000 or 1\?\)/);
      assert.match(
        errors[1]!.message,
        /price "1\.234" is ambiguous \(1234 or 1\.234\?\).*write 1234, or 1,234 for 1\.234/,
      );
      // A point used as a decimal point elsewhere does not settle it either way: both marks are then in use.
      const mixed = parseStockPriceCsv('item_id;price\nMLA1;99.5\nMLA2;1.234\nMLA3;2,5\n');
      assert.deepEqual(
        mixed.rows.map((row) => row.body.price),
        [99.5, 2.5],
      );
      assert.deepEqual(
        mixed.errors.map((error) => error.line),
        [3],
      );
      assert.match(mixed.errors[0]!.message, /this file writes decimals both with a comma and with a point/);
      assert.equal(
        describeCsvFormat(mixed.format),
        'Read as a semicolon-separated file; its values use both a decimal comma and a decimal point.',
      );
    });

    it('a tab-separated file takes its decimal mark from the values that read one way only', () => {
      const comma = 'item_id\tprice\nMLA1\t99,90\nMLA2\t1.234\nMLA3\t1,234\n';
      assert.deepEqual(prices(comma), [99.9, 1234, 1.234]);
      assert.equal(said(comma), 'Read as a tab-separated file with decimal commas and points as thousands separators.');
      const point = 'item_id\tprice\nMLA1\t99.90\nMLA2\t1,234\nMLA3\t1.234\nMLA4\t"1,234.50"\n';
      assert.deepEqual(prices(point), [99.9, 1234, 1.234, 1234.5]);
      assert.equal(said(point), 'Read as a tab-separated file with decimal points and commas as thousands separators.');
      const unknown = parseStockPriceCsv('item_id\tavailable_quantity\tprice\nMLA1\t2\t1,234\nMLA2\t3\t10\n');
      assert.deepEqual(
        unknown.rows.map((row) => row.itemId),
        ['MLA2'],
      );
      assert.match(
        unknown.errors[0]!.message,
        /^price "1,234" is ambiguous \(1234 or 1\.234\?\): nothing else in this tab-separated file/,
      );
      assert.equal(
        describeCsvFormat(unknown.format),
        'Read as a tab-separated file; no value shows whether decimals use a comma or a point.',
      );
    });

    it('refuses malformed numbers with their line, whatever the separator', () => {
      const { rows, errors } = parseStockPriceCsv(
        'item_id;available_quantity;price\nMLA1;2;1.23,4\nMLA2;2;12a\nMLA3;2,5;10\nMLA4;;$5\nMLA5;;1,2,3\nMLA6;;,5\nMLA7;-1;0\nMLA8;1;9,99\n',
      );
      assert.deepEqual(rows, [{ line: 9, itemId: 'MLA8', body: { available_quantity: 1, price: 9.99 } }]);
      assert.deepEqual(
        errors.map((error) => [error.line, error.message]),
        [
          [
            2,
            'price "1.23,4" is not a number (thousands separators go every three digits, as in 1.234,50 or 1,234.50).',
          ],
          [3, 'price "12a" is not a positive number.'],
          [4, 'available_quantity "2,5" is not a whole number of 0 or more.'],
          [5, 'price "$5" is not a positive number.'],
          [
            6,
            'price "1,2,3" is not a number (thousands separators go every three digits, as in 1.234,50 or 1,234.50).',
          ],
          [7, 'price ",5" is not a number (a digit is missing next to the mark).'],
          [8, 'available_quantity "-1" is not a whole number of 0 or more; price "0" is not a positive number.'],
        ],
      );
    });

    it('detects the separator from the header only, and reports rows written with another one', () => {
      const { rows, errors, format } = parseStockPriceCsv('"item_id";"price"\nMLA1;5\nMLA2,6\n');
      assert.equal(format.separator, ';');
      assert.deepEqual(rows, [{ line: 2, itemId: 'MLA1', body: { price: 5 } }]);
      assert.deepEqual(errors, [{ line: 3, message: 'Expected 2 fields, found 1.' }]);
      assert.match(parseStockPriceCsv('item_id;sku\n').errors[0]!.message, /unknown column "sku"/);
      assert.equal(parseStockPriceCsv('item_id\tprice\nMLA1\t5\n').format.separator, '\t');
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

    it('sends a semicolon-separated export with decimal commas, and the report says how it was read', async () => {
      const seeded = await h.admin<{ first: string }>('POST', '/_sandbox/items/bulk', { count: 2 });
      const n = Number(seeded.first.slice(3));
      const [a, b] = [`MLA${n}`, `MLA${n + 1}`];
      const parsed = parseStockPriceCsv(
        `\uFEFFitem_id;available_quantity;price\r\n${a};1.200;1.234,50\r\n${b};;99,9\r\n${a.toLowerCase()}x;1;1\r\n`,
      );
      assert.equal(parsed.errors.length, 1);
      const report = await runBulk(csvJobs('ventas.csv', parsed.rows), {
        send: clientSender(h.clientWith({ retryLimit: 0 })),
      });
      const refused = parsed.errors.map((entry) => ({
        job: {
          id: `ventas.csv:${entry.line}`,
          method: 'PUT' as const,
          path: '(unreadable row)',
          body: undefined,
          creation: false,
        },
        reason: entry.message,
        attempts: 0,
      }));
      const shown = withRefused(report, refused, [`ventas.csv: ${describeCsvFormat(parsed.format)}`]);
      assert.equal(shown.succeeded.length, 2);
      const item = (id: string) =>
        h.admin<{ price: number; available_quantity: number }>('GET', `/_sandbox/items/${id}`);
      assert.deepEqual(await item(a).then((x) => [x.available_quantity, x.price]), [1200, 1234.5]);
      assert.equal((await item(b)).price, 99.9);
      const note =
        'ventas.csv: Read as a semicolon-separated file with decimal commas and points as thousands separators.';
      assert.ok(shown.toMarkdown().includes(`\n\n${note}\n`), shown.toMarkdown());
      assert.ok(shown.toText().split('\n').includes(note));
      assert.match(shown.toMarkdown(), /## Not sent \(1\)/);
    });
  });
});
