import { badRequest, type Reply, type SandboxRequest } from './http';
import type { Sandbox } from './sandbox';

/** Who may call a route: `required` needs a valid token, `optional` reads one if sent, `none` ignores it. */
export type AuthMode = 'required' | 'optional' | 'none';

export type Handler = (request: SandboxRequest, sandbox: Sandbox) => Reply | Promise<Reply>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path pattern with `:name` segments, e.g. `/items/:item_id`. */
  path: string;
  auth: AuthMode;
  handler: Handler;
  /**
   * A GET whose handler never changes the state: it reads the raw state, skipping the tracking view (reads through
   * the view's proxies cost the hot routes a tenth of their throughput). Its `nextId` and `notify` throw.
   * test/unit/sandbox/readOnlyRoutes.test.ts proves every route marked so changes nothing.
   */
  readOnly?: true;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Matches method and path against the routes; literal segments win over `:param` ones. */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes
      .map((route) => {
        const names: string[] = [];
        const pattern = route.path
          .split('/')
          .map((segment) => {
            if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(segment.slice(1));
            return '([^/]+)';
          })
          .join('/');
        return { ...route, regex: new RegExp(`^${pattern}/?$`), names };
      })
      .sort((a, b) => specificity(b.path) - specificity(a.path));
  }

  /** The matching route, `'method'` when the path exists under another method, or undefined. */
  match(method: string, path: string): RouteMatch | 'method' | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeSegment(found[index + 1] ?? '');
      });
      return { route, params };
    }
    return pathMatched ? 'method' : undefined;
  }
}

/** Decodes a path segment; a malformed escape (`%ZZ`) is the caller's error, answered 400, never a crash. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    const shown = segment.length > 200 ? `${segment.slice(0, 200)}…` : segment;
    throw badRequest(`The path segment "${shown}" is not valid percent-encoding.`);
  }
}

function specificity(path: string): number {
  return path.split('/').reduce((score, segment) => score + (segment.startsWith(':') ? 1 : 3), 0);
}
