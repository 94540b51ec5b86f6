// The order engine (engine.ts) bound to the running sandbox, and the rules it refuses answered as the API does.
import { errorsOf, type Finding, findingsText, formatPath } from '../../rules/finding';
import { apiError, type HttpError } from '../http';
import { itemExists } from '../items/lookup';
import { adjustStock } from '../items/stock';
import type { Sandbox } from '../sandbox';
import { OrderRuleError, type OrderWorld } from './engine';

/** The order engine bound to the running sandbox: its clock, ids, notifications and the items' stock. */
export function worldOf(sandbox: Sandbox): OrderWorld {
  return {
    slice: sandbox.state.orders,
    now: () => sandbox.now(),
    nextId: (kind, start) => sandbox.nextId(kind, start),
    notify: (event) => sandbox.notify(event),
    adjustStock: (itemId, delta) => {
      // A vehicle given back after its listing was removed has nowhere to go back to.
      if (delta > 0 && !itemExists(sandbox.state, itemId)) return;
      adjustStock(sandbox, itemId, delta);
    },
  };
}

/** 400 with one `cause[]` entry per blocking finding, as the API answers validation errors. */
export function refuse(findings: readonly Finding[], root: string): HttpError {
  const errors = errorsOf(findings);
  return apiError(400, 'validation_error', findingsText(errors), {
    cause: errors.map((item, index) => ({
      department: 'orders',
      cause_id: 200 + index,
      type: 'error',
      code: item.code,
      references: [formatPath(item.path, root)],
      message: item.message,
    })),
  });
}

/** Runs an engine action, answering a refused rule as 400. */
export function guarded<T>(root: string, action: () => T): T {
  try {
    return action();
  } catch (failure) {
    if (failure instanceof OrderRuleError) throw refuse(failure.findings, root);
    throw failure;
  }
}
