// Browser side of the response view, on the shared webview layer (webview/shared/): it talks to its host only
// through the messages of src/model/protocols/response.ts, validated on arrival by the bridge.

import * as l10n from '@vscode/l10n';
import {
  type ResponseCause,
  type ResponseError,
  ResponseHostMessage,
  type ResponseModel,
  type ResponseViewMessage,
} from '../../src/model/protocols/response';
import { connect } from '../shared/bridge';
import { el } from '../shared/dom';
import { pageLocale } from '../shared/words';

const app = document.getElementById('app') as HTMLElement;

/** Bodies above this many nodes start collapsed below the first level, so huge answers stay responsive. */
const LARGE_BODY_NODES = 400;

const host = connect<ResponseHostMessage, ResponseViewMessage>(ResponseHostMessage, (message) => {
  if (message.type === 'show') render(message.response);
});

function render(response: ResponseModel): void {
  app.replaceChildren(
    summary(response),
    ...(response.error ? [errorBlock(response.error)] : []),
    toolbar(response),
    ...(response.requestBody === undefined ? [] : [requestBlock(response.requestBody)]),
    headersBlock(response.headers),
    bodyBlock(response.body),
  );
}

/** The class of a status for its colour: success, redirect, client error, server error, or no answer. */
function statusClass(status: number): string {
  if (status >= 200 && status < 300) return 'status-2xx';
  if (status >= 300 && status < 400) return 'status-3xx';
  if (status >= 400 && status < 500) return 'status-4xx';
  if (status >= 500) return 'status-5xx';
  return 'status-none';
}

function summary(response: ResponseModel): HTMLElement {
  const status = el(
    'span',
    `status ${statusClass(response.status)}`,
    response.status ? `${response.status} ${response.statusText}` : response.statusText,
  );
  status.id = 'status';
  const request = el('span', 'request', el('span', 'method', response.method), ' ', el('span', 'path', response.path));
  request.title = response.baseUrl + response.path;
  const facts = el('span', 'facts');
  if (response.durationMs !== undefined) facts.append(fact(l10n.t('Time'), formatDuration(response.durationMs)));
  if (response.sizeBytes !== undefined) facts.append(fact(l10n.t('Size'), formatSize(response.sizeBytes)));
  const when = new Date(response.when);
  if (!Number.isNaN(when.getTime())) facts.append(fact(l10n.t('At'), when.toLocaleTimeString(pageLocale())));
  return el('header', 'panel-header', status, request, facts);
}

function fact(label: string, value: string): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', label), ' ', el('span', 'fact-value', value));
}

/** A number in the page's locale with exactly `decimals` decimals ("1,234.5", "1.234,5"). */
const decimal = (value: number, decimals: number): string =>
  new Intl.NumberFormat(pageLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );

function formatDuration(ms: number): string {
  return ms < 1000 ? `${decimal(ms, 0)} ms` : `${decimal(ms / 1000, 2)} s`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${decimal(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${decimal(bytes / 1024, 1)} KB`;
  return `${decimal(bytes / 1024 / 1024, 1)} MB`;
}

function errorBlock(error: ResponseError): HTMLElement {
  const block = el(
    'section',
    'failure',
    el(
      'h2',
      'failure-title',
      el('span', 'failure-status', error.error),
      ' ',
      ...(error.code ? [el('code', 'failure-code', error.code), ' '] : []),
      el('span', 'failure-message', error.message),
    ),
  );
  block.setAttribute('role', 'alert');
  if (error.causes.length) {
    block.append(el('h3', 'section-title', l10n.t('Causes ({0})', error.causes.length)));
    block.append(el('ul', 'causes', ...error.causes.map(causeItem)));
  }
  if (error.errors.length) {
    block.append(el('h3', 'section-title', l10n.t('Errors ({0})', error.errors.length)));
    block.append(
      el(
        'ul',
        'causes',
        ...error.errors.map((entry) =>
          el(
            'li',
            'cause',
            ...(entry.code ? [el('code', 'cause-code', entry.code), ' '] : []),
            el('span', 'cause-message', entry.message),
          ),
        ),
      ),
    );
  }
  if (error.next)
    block.append(el('p', 'failure-next', el('span', 'failure-next-label', l10n.t('Next step: ')), error.next));
  return block;
}

function causeItem(cause: ResponseCause): HTMLElement {
  const item = el('li', 'cause');
  if (cause.code !== undefined) item.append(el('code', 'cause-code', String(cause.code)), ' ');
  if (cause.type) item.append(el('span', `cause-type cause-type-${cause.type.replace(/\W/g, '')}`, cause.type), ' ');
  item.append(el('span', 'cause-message', cause.message ?? ''));
  if (cause.references.length) {
    item.append(
      el(
        'div',
        'cause-references',
        l10n.t('References: '),
        ...cause.references.flatMap((reference, index) => [
          ...(index ? [', '] : []),
          el('code', 'cause-code', reference),
        ]),
      ),
    );
  }
  return item;
}

function toolbar(response: ResponseModel): HTMLElement {
  const copy = el('button', 'button', l10n.t('Copy Body'));
  copy.id = 'copy-body';
  copy.addEventListener('click', () => host.post({ type: 'copyBody' }));
  const open = el('button', 'button button-secondary', l10n.t('Open as JSON Document'));
  open.id = 'open-document';
  open.addEventListener('click', () => host.post({ type: 'openAsDocument' }));
  const curl = el('button', 'button button-secondary', l10n.t('Copy as curl'));
  curl.id = 'copy-curl';
  curl.title = l10n.t('The request as a curl command, with $MARKETPLACE_TOKEN in place of the token');
  curl.addEventListener('click', () => host.post({ type: 'copyAsCurl' }));
  const hasBody = response.body !== undefined;
  copy.disabled = !hasBody;
  open.disabled = !hasBody;
  curl.disabled = !response.path.startsWith('/');
  return el('div', 'toolbar', copy, open, curl);
}

/** What was sent, collapsed: for an update, only the fields that changed. */
function requestBlock(body: unknown): HTMLElement {
  const details = el('details', 'request-body', el('summary', 'section-title', l10n.t('Request body')));
  const pre = el('div', 'json');
  pre.id = 'request-body';
  pre.append(jsonNode(body, 0, false));
  details.append(pre);
  return details;
}

function headersBlock(headers: Record<string, string>): HTMLElement {
  const names = Object.keys(headers).sort();
  const details = el('details', 'headers', el('summary', 'section-title', l10n.t('Headers ({0})', names.length)));
  if (names.length) {
    const rows = names.map((name) =>
      el('tr', '', el('th', 'header-name', name), el('td', 'header-value', headers[name] ?? '')),
    );
    details.append(el('table', 'headers-table', el('tbody', '', ...rows)));
  } else {
    details.append(el('p', 'placeholder', l10n.t('No headers were recorded for this response.')));
  }
  return details;
}

function bodyBlock(body: unknown): HTMLElement {
  const section = el('section', 'body', el('h3', 'section-title', l10n.t('Body')));
  if (body === undefined) {
    section.append(el('p', 'placeholder', l10n.t('The answer had no body.')));
    return section;
  }
  const collapseDeep = countNodes(body, LARGE_BODY_NODES + 1) > LARGE_BODY_NODES;
  const pre = el('div', 'json');
  pre.id = 'body';
  pre.append(jsonNode(body, 0, collapseDeep));
  section.append(pre);
  return section;
}

function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length && count < limit) {
    const next = stack.pop();
    count += 1;
    // One by one: spreading a wide answer's values overflows the stack past about 100,000.
    if (next && typeof next === 'object') for (const child of Object.values(next)) stack.push(child);
  }
  return count;
}

/** "3 items", "1 key": how many entries a collapsed array or object holds. */
function countWords(size: number, isArray: boolean): string {
  if (isArray) return size === 1 ? l10n.t('{0} item', size) : l10n.t('{0} items', size);
  return size === 1 ? l10n.t('{0} key', size) : l10n.t('{0} keys', size);
}

/** A JSON value, syntax-coloured, followed by `trailer` (its comma); objects and arrays are collapsible. */
function jsonNode(value: unknown, depth: number, collapseDeep: boolean, trailer = ''): Node {
  const scalar = (className: string, text: string) => {
    const span = el('span', className, text);
    return trailer ? el('span', '', span, el('span', 'json-punct', trailer)) : span;
  };
  if (value === null) return scalar('json-null', 'null');
  if (typeof value === 'string') return scalar('json-string', JSON.stringify(value));
  if (typeof value === 'number') return scalar('json-number', String(value));
  if (typeof value === 'boolean') return scalar('json-boolean', String(value));
  if (typeof value !== 'object') return scalar('json-null', String(value));
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((item, index) => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return scalar('json-punct', open + close);
  const details = el('details', 'json-container');
  details.open = !(collapseDeep && depth >= 1);
  const count = countWords(entries.length, isArray);
  details.append(
    el(
      'summary',
      'json-summary',
      el('span', 'json-punct', open),
      el('span', 'json-count', ` ${count} `),
      el('span', 'json-punct json-summary-close', close + trailer),
    ),
  );
  const list = el('div', 'json-children');
  entries.forEach(([key, child], index) => {
    const line = el('div', 'json-line');
    if (!isArray) line.append(el('span', 'json-key', JSON.stringify(key)), el('span', 'json-punct', ': '));
    line.append(jsonNode(child, depth + 1, collapseDeep, index < entries.length - 1 ? ',' : ''));
    list.append(line);
  });
  details.append(list, el('span', 'json-punct json-close', close + trailer));
  return details;
}
