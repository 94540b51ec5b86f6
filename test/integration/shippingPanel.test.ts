import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { planQuote, quoteResultOf } from '../../src/features/shipping/quotes';
import type { ShippingQuotePanel } from '../../src/features/shipping/shippingQuotePanel';
import { QuoteInputs, type QuoteMode } from '../../src/model/protocols/shipping';
import { ITEM } from '../../src/sandbox/items/ids';
import { SITES } from '../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../src/sandbox/shipping/seed';
import { SELLER_ID } from '../../src/sandbox/users/ids';
import { childrenOfKind, rootNode } from './support/explorerTree';
import { onFreshSandbox } from './support/extensionApi';
import { until } from './support/until';

const BOGOTA = 'TUNPQ0JPR08';
const MEDELLIN = 'TUNPQ01FREU';
const CALI = 'TUNPQ0NBTEk';

describe('shipping quote panel against the sandbox', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const panel = (): ShippingQuotePanel => {
    const open = api.shippingPanel();
    assert.ok(open, 'the panel is open');
    return open;
  };

  /** What the sandbox answers to the same form, through the same rules: the rows the panel must have received. */
  async function expected(mode: QuoteMode, inputs: Partial<QuoteInputs>) {
    const session = api.sessions.current!;
    const plan = planQuote(mode, QuoteInputs.parse(inputs), { siteId: session.account.siteId });
    assert.ok(!('failure' in plan));
    return quoteResultOf(mode, plan.path, await plan.send(session.client, {}));
  }

  /** A result without what differs between two identical requests: the time taken and the path's spelling. */
  const withoutTiming = <T extends { durationMs?: number; path: string }>(result: T | undefined) =>
    result && { ...result, durationMs: undefined, path: undefined };

  it('opens one panel from the palette, revealed again when invoked again', async () => {
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    const first = await until('the shipping panel', () => api.shippingPanel());
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    assert.equal(api.shippingPanel(), first, 'the same panel');
    // The tab model follows the panel asynchronously.
    const panels = await until('the panel’s tab', () => {
      const found = vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('shippingQuotes'));
      return found.length ? found : undefined;
    });
    assert.equal(panels.length, 1);
  });

  it('serves its webview under the strict policy: nothing but its bundle, scripts by nonce only', () => {
    const { html, options } = panel().webview;
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'nonce-[^']+'/);
    assert.doesNotMatch(policy, /unsafe-eval|unsafe-inline/);
    // A <style> element only with the page's nonce, which the toolkit reads from the csp-nonce meta.
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    assert.match(policy, new RegExp(`style-src [^;]*'nonce-${nonce?.replace(/[+/=]/g, '\\$&')}'`));
    assert.ok(html.includes(`<meta property="csp-nonce" content="${nonce}">`));
    assert.doesNotMatch(html, /<script(?![^>]*nonce=)/, 'every script carries the nonce');
    const roots = (options.localResourceRoots ?? []).map((root) => root.path);
    assert.equal(roots.length, 1);
    assert.match(roots[0]!, /\/dist\/webview$/);
  });

  for (const [mode, inputs] of [
    ['siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10x20,500' }],
    ['siteCities', { cityFrom: BOGOTA, citiesTo: [MEDELLIN, CALI], dimensions: '10x10x20,500' }],
    ['leadTime', { shipmentId: String(SEEDED_SHIPMENT_IDS.known) }],
  ] as [QuoteMode, Partial<QuoteInputs>][]) {
    it(`mode ${mode}: the rows the panel received are what the sandbox answers, and the request is in the history`, async () => {
      const newestBefore = (await api.history.entries())[0]?.id;
      await panel().quote(mode, inputs);
      const [newest] = await api.history.entries();
      assert.notEqual(newest?.id, newestBefore, 'the quote is in the Request History');
      assert.equal(newest?.path, panel().lastResult?.path);
      assert.deepEqual(withoutTiming(panel().lastResult), withoutTiming(await expected(mode, inputs)));
      const path = panel().lastResult!.path;
      await until('the webview drew the rows', () => (panel().rendered.includes(path) ? true : undefined));
    });
  }

  it('from a listing node: the listing form, prefilled, quotes that listing (mode 5)', async () => {
    const items = await childrenOfKind(api, await rootNode(api, 'itemsRoot'), 'item');
    const item = items.find((node) => (node.data as { status?: string }).status === 'active');
    assert.ok(item, 'an active listing');
    const itemId = (item.data as { id: string }).id;
    await vscode.commands.executeCommand(COMMANDS.quoteShipping, item);
    await panel().quote('item', { itemId, zip: '5000' });
    assert.deepEqual(withoutTiming(panel().lastResult), withoutTiming(await expected('item', { itemId, zip: '5000' })));
    assert.equal(panel().lastResult!.path, `/items/${itemId}/shipping_options?zip_code=5000`);
  });

  it('a bad dimensions value shows the rule’s reason and sends nothing', async () => {
    const newestBefore = (await api.history.entries())[0]?.id;
    await panel().quote('siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10,500' });
    const failure = panel().lastFailure;
    assert.equal(failure?.field, 'dimensions');
    assert.match(failure?.message ?? '', /HxWxL,W/);
    assert.match(failure?.next ?? '', /nothing was sent/);
    assert.equal((await api.history.entries())[0]?.id, newestBefore, 'no request was made');
  });
  it('Seller · cities: the signed-in MLA seller quotes on its own site, whatever site an older form kept', async () => {
    const [palermo, laPlata] = SITES.MLA!.cities.map((city) => city.id);
    const newestBefore = (await api.history.entries())[0]?.id;
    // What the form used to send: MCO kept as the site, an MCO city for the MLA seller.
    await panel().quote('sellerCities', {
      userId: String(SELLER_ID),
      site: 'MCO',
      citiesTo: [MEDELLIN],
      dimensions: '10x10x20,500',
    });
    assert.equal(panel().lastFailure?.message, `city_to ${MEDELLIN} is not a city of MLA.`);
    assert.equal((await api.history.entries())[0]?.id, newestBefore, 'refused before sending: no 400 from the API');
    // Opened again, the form offers the seller's own site.
    panel().dispose();
    await until('the panel closed', () => (api.shippingPanel() ? undefined : true));
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    const init = await until('the form’s inputs', () => {
      const record = api.webviews().findLast((entry) => entry.viewType.endsWith('shippingQuotes'));
      return record?.messages.find((message) => (message as { type?: string }).type === 'init') as
        | { inputs: Record<string, QuoteInputs> }
        | undefined;
    });
    assert.equal(init.inputs.sellerCities?.site, 'MLA');
    await panel().quote('sellerCities', {
      userId: String(SELLER_ID),
      citiesTo: [palermo!, laPlata!],
      dimensions: '10x10x20,500',
    });
    assert.deepEqual(
      panel().lastResult?.blocks.map((block) => block.key),
      [palermo, laPlata],
    );
  });

  it('city ids typed by hand are refused before sending, every bad one named', async () => {
    const newestBefore = (await api.history.entries())[0]?.id;
    await panel().quote('sellerCities', {
      userId: String(SELLER_ID),
      citiesTo: ['bogota!!', 'XYZ', '123'],
      dimensions: '10x10x20,500',
    });
    const failure = panel().lastFailure;
    assert.equal(failure?.field, 'citiesTo');
    assert.deepEqual(
      failure?.causes.map((cause) => cause.code),
      ['INVALID_CITY_ID', 'UNKNOWN_CITY_ID', 'UNKNOWN_CITY_ID'],
    );
    for (const id of ['bogota!!', 'XYZ', '123']) assert.ok(failure?.message.includes(id), id);
    assert.equal((await api.history.entries())[0]?.id, newestBefore, 'nothing was sent');
  });

  it('an API refusal’s next step fits the panel: its inputs and Quote, not a payload file', async () => {
    await panel().quote('item', { itemId: ITEM.CLOSED_EXPIRED, zip: '5000' });
    const failure = panel().lastFailure;
    assert.equal(failure?.status, 400);
    assert.match(failure?.next ?? '', /quote again/);
    assert.doesNotMatch(failure?.next ?? '', /payload file|Problems|_sandbox/);
    assert.doesNotMatch(failure?.message ?? '', /_sandbox/);
  });

  it('Open as JSON opens the answer read-only, named after its request, never a dirty Untitled document', async () => {
    await panel().quote('leadTime', { shipmentId: String(SEEDED_SHIPMENT_IDS.known) });
    await panel().openAsJson();
    const editor = await until('the answer’s document', () =>
      vscode.window.activeTextEditor?.document.uri.path.endsWith('lead_time.json')
        ? vscode.window.activeTextEditor
        : undefined,
    );
    const { document } = editor;
    assert.equal(document.uri.scheme, 'marketplace-json');
    assert.equal(document.uri.path, `/shipments/${SEEDED_SHIPMENT_IDS.known}/lead_time.json`);
    assert.equal(document.isUntitled, false);
    assert.equal(document.isDirty, false);
    assert.equal(document.languageId, 'json');
    assert.deepEqual(JSON.parse(document.getText()), panel().lastAnswer);
    const untitled = vscode.workspace.textDocuments.filter((entry) => entry.isUntitled);
    assert.deepEqual(
      untitled.map((entry) => entry.uri.toString()),
      [],
    );
  });
});
