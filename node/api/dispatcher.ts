import Ajv, { type ValidateFunction } from 'ajv';
import { ApiError, apiMethods, isApiMethod, unknownMethodResult, type ApiMethod, type ApiResult } from '../../shared/api/index';
import { answerSizeProblem, requestDepthProblem } from '../../shared/api/index';
import type { ApiHandlers } from './handlers';
import { errorMessage } from '../../shared/errorMessage';

/**
 * One entry point for every transport: checks the method exists and the payload matches its schema before the
 * handler sees it, and turns every failure into an `ApiResult` error value (transports never see exceptions).
 */
export type Dispatch = (method: string, payload: unknown) => Promise<ApiResult<unknown>>;

export function createDispatcher(handlers: ApiHandlers): Dispatch {
  const ajv = new Ajv({ allErrors: false, strict: false });
  const validators = new Map<ApiMethod, ValidateFunction>();
  for (const name of Object.keys(apiMethods) as ApiMethod[]) {
    // additionalProperties: false everywhere a request is an object, so unknown fields are refused, not ignored.
    validators.set(name, ajv.compile(closeObjects(apiMethods[name].request) as object));
  }

  return async (method, payload) => {
    if (!isApiMethod(method)) {
      return unknownMethodResult(method);
    }
    // Before the schema check: ajv and every handler read values recursively.
    const tooDeep = requestDepthProblem(payload);
    if (tooDeep) return { ok: false, error: { code: 'invalid_request', message: tooDeep } };
    const validate = validators.get(method)!;
    if (!validate(payload)) {
      const first = validate.errors?.[0];
      const where = first?.instancePath ? `${first.instancePath} ` : '';
      return {
        ok: false,
        error: { code: 'invalid_request', message: `Invalid request for ${method}: ${where}${first?.message ?? 'bad payload'}.` },
      };
    }
    try {
      const handler = handlers[method] as (request: unknown) => Promise<unknown>;
      const value = await handler(payload);
      // Measured before any transport serialises it: past the limit, JSON.stringify fails or fills memory.
      const tooLarge = answerSizeProblem(method, value);
      if (tooLarge) return { ok: false, error: { code: 'too_large', message: tooLarge } };
      return { ok: true, value };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: error.message } };
      const message = errorMessage(error);
      return { ok: false, error: { code: 'internal', message } };
    }
  };
}

function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = closeObjects(value);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * The answer as the JSON text transports send. The dispatcher measured it (answerSizeProblem); should writing it
 * fail all the same (escapes lengthen a text of control characters past V8's longest string), the caller gets an
 * error answer rather than a lost API thread.
 */
export function answerJson(result: ApiResult<unknown>): string {
  try {
    return JSON.stringify(result);
  } catch (error) {
    return JSON.stringify({ ok: false, error: { code: 'too_large', message: `The answer could not be written as JSON: ${errorMessage(error)}` } } satisfies ApiResult<unknown>);
  }
}
