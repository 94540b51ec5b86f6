// The OpenAPI contract check of the unit tests: every answer a sandbox gives (SandboxOptions.onAnswer) is checked
// against the document (src/model/openapi/, as schemas/openapi.json holds it) — its status must be one the
// operation documents, and its body must validate against that answer's schema (ajv, JSON Schema 2020-12, the
// document's dialect). The unit harness (support/sandbox.ts) checks every suite that uses it, so every scenario the
// suite drives is checked without a line in the tests themselves. Answers an injected fault gave (any status a test
// asks for, an HTML page, a cut body) and requests no route answered (unknown path or method, a refused request) are
// not an operation's and are not checked.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { type Json, openApiDocument } from '../../../src/model/openapi/document';
import type { SandboxAnswer } from '../../../src/sandbox/requestPipeline';

/** The id the document's components are registered under in ajv. */
const DOCUMENT_ID = 'openapi.json';

/** `/items/:item_id` (the sandbox's router) as OpenAPI writes it: `/items/{item_id}`. */
export const openApiPath = (pattern: string): string => pattern.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Answers checked and problems found over the whole run, by every checker (for the run's summary). */
export const CONTRACT_TOTALS = { checked: 0, skipped: 0, problems: 0, operations: new Set<string>() };

/** Checks answers against one document; each problem is a line naming the operation, the status and what is wrong. */
export class ContractChecker {
  readonly problems: string[] = [];
  checked = 0;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction | 'none'>();

  constructor(private readonly document: Json = defaultDocument()) {
    // strict off: the document's schemas carry OpenAPI's and VS Code's words (`examples`…) beside JSON Schema's.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components }, DOCUMENT_ID);
  }

  /** Checks one answer (the observer a sandbox is started with). */
  readonly observe = (answer: SandboxAnswer): void => {
    if (answer.fault || answer.route === undefined) {
      CONTRACT_TOTALS.skipped += 1;
      return;
    }
    this.checked += 1;
    CONTRACT_TOTALS.checked += 1;
    const problem = this.judge(answer, answer.route);
    if (problem) {
      this.problems.push(problem);
      CONTRACT_TOTALS.problems += 1;
    }
  };

  /** What is wrong with an answer of a route, or undefined when the document describes it. */
  private judge(answer: SandboxAnswer, route: string): string | undefined {
    const method = answer.method.toLowerCase();
    const path = openApiPath(route);
    const where = `${answer.method} ${path} → ${answer.status}`;
    CONTRACT_TOTALS.operations.add(`${answer.method} ${path} ${answer.status}`);
    const operation = (this.document.paths as Record<string, Json>)[path]?.[method] as Json | undefined;
    if (!operation) return `${where}: the document has no such operation`;
    const documented = (operation.responses as Record<string, Json>)[String(answer.status)];
    if (!documented) return `${where}: the status is not documented for the operation`;
    const validate = this.validator(`${method} ${path} ${answer.status}`, this.resolve(documented));
    if (validate === 'none')
      return answer.body === '' ? undefined : `${where}: a body where the document says there is none`;
    if (!answer.contentType?.startsWith('application/json')) {
      return `${where}: ${answer.contentType ?? 'no content type'} where the document says JSON`;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${where}: the body is not JSON`;
    }
    if (validate(body)) return undefined;
    // Paths and messages only: a body may hold a token (the admin user list, the token endpoint).
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message}`);
    return `${where}: the body does not match the documented schema: ${errors.join('; ')}`;
  }

  /** A summary of the problems, or undefined when every answer matched. */
  report(): string | undefined {
    if (this.problems.length === 0) return undefined;
    const distinct = [...new Set(this.problems)];
    return `${this.problems.length} of ${this.checked} sandbox answers break the OpenAPI document (schemas/openapi.json):\n  ${distinct.slice(0, 20).join('\n  ')}`;
  }

  /** A response object, through its `$ref` to `components/responses`. */
  private resolve(response: Json): Json {
    const ref = response.$ref;
    if (typeof ref !== 'string') return response;
    const name = ref.replace('#/components/responses/', '');
    const found = ((this.document.components as Json).responses as Record<string, Json>)[name];
    if (!found) throw new Error(`The document refers to a response it does not hold: ${ref}`);
    return found;
  }

  private validator(key: string, response: Json): ValidateFunction | 'none' {
    let validate = this.validators.get(key);
    if (validate) return validate;
    const schema = ((response.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)
      ?.schema;
    validate =
      schema === undefined
        ? 'none'
        : this.ajv.compile(
            JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as Json,
          );
    this.validators.set(key, validate);
    return validate;
  }
}

let built: Json | undefined;
/** The document the models generate (the drift test holds schemas/openapi.json to the same), built once per run. */
function defaultDocument(): Json {
  built ??= openApiDocument();
  return built;
}

if (process.env.OPENAPI_CONTRACT_SUMMARY) {
  process.on('exit', () => {
    console.log(
      `OpenAPI contract: ${CONTRACT_TOTALS.checked} answers checked (${CONTRACT_TOTALS.operations.size} operation-status pairs), ${CONTRACT_TOTALS.problems} problems, ${CONTRACT_TOTALS.skipped} fault or unrouted answers not checked`,
    );
  });
}
