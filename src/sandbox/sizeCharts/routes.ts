import type * as z from 'zod';
import { SiteId } from '../../model/common';
import { CHART_ITEMS_PAGE_LIMIT, ItemsAssociation, type SizeChart, SizeChartCreate } from '../../model/sizeChart';
import { kindFindings } from '../../rules/byKind';
import { errorsOf, type Finding } from '../../rules/finding';
import { fieldWords, issueMessage, REQUEST_PARSE } from '../../rules/issueWords';
import {
  chartMeasurementIds,
  SIZE_CHART_CODES,
  shownMeasurementValue,
  sizeAttributeRule,
} from '../../rules/sizeCharts';
import {
  apiError,
  badRequest,
  created,
  forbidden,
  type HttpError,
  intQuery,
  noContent,
  notFound,
  ok,
  requiredQuery,
  type SandboxRequest,
} from '../http';
import { readItem } from '../items/lookup';
import type { SandboxItem } from '../items/state';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import {
  KNOWN_SITES,
  measurementAttribute,
  siteHasSizeCharts,
  siteMeasurementIds,
  siteMeasurements,
} from './measurements';
import type { SandboxSizeChart } from './state';

/** New charts get ids above the seeded ones (510001…). */
export const CREATED_CHART_ID_START = 511_000;

/** Error of a size chart association the spec leaves open (see docs/sandbox/size-charts.md). */
export const INVALID_ITEMS_ASSOCIATION = 'INVALID_ITEMS_ASSOCIATION';

/** The chart as the API answers it: id, name, the columns used and the sizes. */
export function chartAnswer(chart: SandboxSizeChart): SizeChart {
  return {
    id: chart.id,
    name: chart.name,
    columns: chartMeasurementIds(chart).map((id) => measurementAttribute(chart.site_id, id)),
    sizes: chart.sizes.map((size) => ({
      name: size.name,
      measurements: size.measurements.map((item) => ({ id: item.id, value: item.value })),
    })),
  };
}

/** The first issues of a body, in the words the editor's diagnostics use (`src/rules/issueWords.ts`). */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const said = issueMessage(issue);
      // An issue quoting every unknown key of a wide body is cut: the first ones say what is wrong.
      const cut = said.length > 300 ? `${said.slice(0, 300)}…` : said;
      // The words of a field's own issue start with its path; another issue (a refinement's) is prefixed with it.
      const path = fieldWords(issue.path);
      return cut.startsWith(`${path} `) ? cut : `${path}: ${cut}`;
    })
    .join('; ');
}

function parseBody<T>(schema: z.ZodType<T>, request: SandboxRequest, example: string): T {
  if (request.body === undefined) throw badRequest(`The request needs a JSON body such as ${example}.`);
  const parsed = schema.safeParse(request.body, REQUEST_PARSE);
  if (!parsed.success) throw badRequest(`Invalid body: ${describeIssues(parsed.error)}. Expected ${example}.`);
  return parsed.data;
}

const CHART_EXAMPLE =
  '{"name": "…", "sizes": [{"name": "M", "measurements": [{"id": "CHEST_CIRCUMFERENCE", "value": "96"}]}]}';

/** Turns the first failing rule into the API's error: the duplicates carry `errors[]` with every occurrence. */
function ruleError(findings: Finding[]): HttpError | undefined {
  const errors = errorsOf(findings);
  const first = errors[0];
  if (!first) return undefined;
  const same = errors.filter((item) => item.code === first.code);
  switch (first.code) {
    case SIZE_CHART_CODES.duplicateMeasurement:
      return apiError(400, first.code, 'Duplicate measurement attributes', {
        errors: same.map((item) => ({ code: 'DUPLICATE_MEASUREMENT', message: item.message })),
      });
    case SIZE_CHART_CODES.duplicateSize:
      return apiError(400, first.code, 'Size duplicated', {
        errors: same.map((item) => ({ code: 'DUPLICATE_SIZE', message: item.message })),
      });
    case SIZE_CHART_CODES.invalidValue:
      return apiError(400, first.code, first.message, {
        errors: same.map((item) => ({ code: first.code, message: item.message })),
      });
    default:
      return apiError(400, first.code, first.message);
  }
}

/** Checks a chart body against the creator's site and every rule; answers the API's error on the first failure. */
function validatedSizes(body: SizeChartCreate, siteId: string): SandboxSizeChart['sizes'] {
  const failure = ruleError(
    kindFindings('sizeChart', body, { measurements: { siteId, measurementIds: siteMeasurementIds(siteId) } }),
  );
  if (failure) throw failure;
  return storedSizes(body);
}

/** The sizes of a chart body the rules accepted, as stored: names trimmed, a range shown as one figure. */
export function storedSizes(body: SizeChartCreate): SandboxSizeChart['sizes'] {
  return body.sizes.map((size) => ({
    name: size.name.trim(),
    measurements: size.measurements.map((item) => ({ id: item.id, value: shownMeasurementValue(item.value) })),
  }));
}

/**
 * Why each listing of an association cannot serve the chart (`PUT /size_charts/{id}/items` and the fixtures' charts
 * judge alike): it does not exist, belongs to another seller, or its SIZE attribute is not complete.
 */
export function associationProblems(
  sandbox: Sandbox,
  chart: Pick<SandboxSizeChart, 'owner_id'>,
  ids: readonly string[],
): { id: string; code: string; message: string }[] {
  const problems: { id: string; code: string; message: string }[] = [];
  for (const id of ids) {
    const item = liveItem(sandbox, id);
    if (!item) {
      problems.push({ id, code: 'ITEM_NOT_FOUND', message: `Item ${id} not found.` });
    } else if (item.seller_id !== chart.owner_id) {
      problems.push({
        id,
        code: 'ITEM_NOT_OWNED',
        message: `Item ${id} belongs to another seller; a chart serves only its creator's listings.`,
      });
    } else {
      for (const failure of sizeAttributeRule(item))
        problems.push({ id, code: failure.code, message: failure.message });
    }
  }
  return problems;
}

function requireSiteFeature(siteId: string): void {
  if (!siteHasSizeCharts(siteId)) {
    throw apiError(403, 'VALIDATION_SITE', 'Feature not available for the site', { site_id: siteId });
  }
}

function chartOf(sandbox: Sandbox, rawId: string | undefined): SandboxSizeChart {
  const chart = /^\d+$/.test(rawId ?? '')
    ? ownRecord(sandbox.state.sizeCharts.charts, String(Number(rawId)))
    : undefined;
  if (!chart) throw notFound(`Size chart ${rawId} not found`);
  return chart;
}

function ownedChart(request: SandboxRequest, sandbox: Sandbox): SandboxSizeChart {
  const chart = chartOf(sandbox, request.params.size_chart_id);
  if (chart.owner_id !== request.user!.id) {
    throw forbidden(
      `Size chart ${chart.id} belongs to another user; only its creator may read its items, change or delete it.`,
    );
  }
  return chart;
}

function liveItem(sandbox: Sandbox, id: string): SandboxItem | undefined {
  const item = sandbox.state.items ? readItem(sandbox.state, id) : undefined;
  return item && item.deleted !== 'true' ? item : undefined;
}

/** Associated items that still exist (a deleted listing drops out of every chart's list). */
function liveItems(sandbox: Sandbox, chart: SandboxSizeChart): string[] {
  return chart.items.filter((id) => liveItem(sandbox, id));
}

export const sizeChartRoutes: Route[] = [
  {
    method: 'GET',
    path: '/size_charts/measurements',
    auth: 'none',
    handler: (request) => {
      const siteId = requiredQuery(request, 'site_id');
      if (!SiteId.safeParse(siteId).success) throw badRequest(`site_id ${siteId} is not a site id such as MLA or MLB.`);
      if (!(KNOWN_SITES as readonly string[]).includes(siteId)) throw notFound(`Site ${siteId} not found`);
      requireSiteFeature(siteId);
      return ok(siteMeasurements(siteId));
    },
  },
  {
    method: 'POST',
    path: '/size_charts',
    auth: 'required',
    handler: (request, sandbox) => {
      const user = request.user!;
      requireSiteFeature(user.site_id);
      const body = parseBody(SizeChartCreate, request, CHART_EXAMPLE);
      const sizes = validatedSizes(body, user.site_id);
      const now = sandbox.nowIso();
      const chart: SandboxSizeChart = {
        id: sandbox.nextId('size_chart', CREATED_CHART_ID_START),
        name: body.name.trim(),
        site_id: user.site_id,
        owner_id: user.id,
        sizes,
        items: [],
        date_created: now,
        last_updated: now,
      };
      sandbox.state.sizeCharts.charts[String(chart.id)] = chart;
      return created(chartAnswer(chart));
    },
  },
  {
    method: 'GET',
    path: '/size_charts',
    auth: 'required',
    handler: (request, sandbox) =>
      ok(
        Object.values(sandbox.state.sizeCharts.charts)
          .filter((chart) => chart.owner_id === request.user!.id)
          .sort((a, b) => a.id - b.id)
          .map((chart) => ({ id: chart.id, name: chart.name })),
      ),
  },
  {
    method: 'GET',
    path: '/size_charts/:size_chart_id',
    auth: 'none',
    handler: (request, sandbox) => ok(chartAnswer(chartOf(sandbox, request.params.size_chart_id))),
  },
  {
    method: 'PUT',
    path: '/size_charts/:size_chart_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const chart = ownedChart(request, sandbox);
      requireSiteFeature(chart.site_id);
      const body = parseBody(SizeChartCreate, request, `the complete chart, ${CHART_EXAMPLE}`);
      chart.sizes = validatedSizes(body, chart.site_id);
      chart.name = body.name.trim();
      chart.last_updated = sandbox.nowIso();
      return ok(chartAnswer(chart));
    },
  },
  {
    method: 'DELETE',
    path: '/size_charts/:size_chart_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const chart = ownedChart(request, sandbox);
      delete sandbox.state.sizeCharts.charts[String(chart.id)];
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/size_charts/:size_chart_id/items',
    auth: 'required',
    handler: (request, sandbox) => {
      const chart = ownedChart(request, sandbox);
      const offset = intQuery(request, 'offset', 0, 0, 1_000_000);
      const limit = intQuery(request, 'limit', CHART_ITEMS_PAGE_LIMIT, 1, CHART_ITEMS_PAGE_LIMIT);
      const items = liveItems(sandbox, chart);
      return ok({ items: items.slice(offset, offset + limit), paging: { total: items.length, offset, limit } });
    },
  },
  {
    method: 'PUT',
    path: '/size_charts/:size_chart_id/items',
    auth: 'required',
    handler: (request, sandbox) => {
      const chart = ownedChart(request, sandbox);
      const body = parseBody(ItemsAssociation, request, '{"items": ["MLA1234567890", …]}');
      const ids = [...new Set(body.items)];
      const problems = associationProblems(sandbox, chart, ids).map(({ code, message }) => ({ code, message }));
      if (problems.length > 0) {
        throw apiError(
          400,
          INVALID_ITEMS_ASSOCIATION,
          `${problems.length} of ${ids.length} items cannot be associated with size chart ${chart.id}; ` +
            'fix them or leave them out (the list sent replaces the whole association, nothing was changed).',
          { errors: problems },
        );
      }
      // An item serves one chart: associating it here takes it off any other chart of the seller.
      const taken = new Set(ids);
      for (const other of Object.values(sandbox.state.sizeCharts.charts)) {
        if (other.id !== chart.id && other.owner_id === chart.owner_id)
          other.items = other.items.filter((id) => !taken.has(id));
      }
      chart.items = ids;
      chart.last_updated = sandbox.nowIso();
      return ok({ id: chart.id, items: [...chart.items] });
    },
  },
];
