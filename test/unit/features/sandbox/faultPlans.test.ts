import assert from 'node:assert/strict';
import {
  describeFault,
  FAULT_PRESETS,
  faultBody,
  faultIsActive,
  pathPatternProblem,
  timesProblem,
} from '../../../../src/features/sandbox/faultPlans';
import { useSandbox } from '../../support/sandbox';

const preset = (id: string) => {
  const found = FAULT_PRESETS.find((candidate) => candidate.id === id);
  assert.ok(found, id);
  return found;
};

describe('faults injected from the editor', () => {
  const h = useSandbox();

  it('every preset builds a body the sandbox accepts, and the sandbox then answers with that fault', async () => {
    for (const candidate of FAULT_PRESETS) {
      const fault = (await h.admin('POST', '/_sandbox/faults', faultBody(candidate, 'GET', '/sites/*', '1'))) as {
        id: number;
        times: number;
      };
      assert.equal(fault.times, 1, candidate.id);
      await h.admin('DELETE', '/_sandbox/faults');
    }
    await h.admin('POST', '/_sandbox/faults', faultBody(preset('rate-limit'), 'GET', '/sites/*', '1'));
    const answer = await fetch(`${h.url}/sites/MLA`);
    assert.equal(answer.status, 429);
    assert.equal(answer.headers.get('retry-after'), '2');
    assert.equal((await fetch(`${h.url}/sites/MLA`)).status, 200, 'used once, then gone');
    await h.admin('POST', '/_sandbox/faults', faultBody(preset('html-page'), undefined, '/sites/*', '1'));
    const page = await fetch(`${h.url}/sites/MLA`);
    assert.equal(page.status, 502);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });

  it('any method and no count: every request until cleared', () => {
    const body = faultBody(preset('server-error'), undefined, '/items/*', ' ');
    assert.deepEqual(body, { path: '/items/*', status: 500 });
  });

  it('describes a fault in words, with how much of it is used', () => {
    assert.equal(
      describeFault({ method: 'GET', path: '/items/*', status: 429, retry_after: 2, times: 10, hits: 3 }),
      '429 (Retry-After 2 s) on GET /items/* · 3 of 10 used',
    );
    assert.equal(
      describeFault({ path: '/orders/*', latency_ms: 3000, hits: 0 }),
      '3000 ms late on any method /orders/* · 0 so far, until cleared',
    );
    assert.equal(
      describeFault({ path: '/items/*', status: 502, html: true, times: 1, hits: 0 }),
      '502, as an HTML page on any method /items/* · 0 of 1 used',
    );
    assert.equal(faultIsActive({ id: 1, path: '/x', times: 2, hits: 2 }), false);
    assert.equal(faultIsActive({ id: 1, path: '/x', hits: 200 }), true);
  });

  it('checks the path pattern and the count before anything is sent', () => {
    assert.equal(pathPatternProblem('/items/*'), undefined);
    assert.match(pathPatternProblem('items') ?? '', /Start the path with \//);
    assert.match(pathPatternProblem('/_sandbox/reset') ?? '', /admin/);
    assert.equal(timesProblem(''), undefined);
    assert.equal(timesProblem('10'), undefined);
    assert.ok(timesProblem('0'));
    assert.ok(timesProblem('ten'));
  });
});
