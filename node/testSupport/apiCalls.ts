import path from 'node:path';
import { createDispatcher } from '../api/dispatcher';
import { createApiService, type ApiHost, type ApiService } from '../api/handlers';

/**
 * For tests: the API service as browser mode makes it, working in `dir` (state in `dir/.state`, no open file, events
 * dropped unless `emit` is given); `host` overrides any of those.
 */
export function browserModeService(dir: string, host: Partial<ApiHost> = {}): ApiService {
  return createApiService({ mode: 'browser', cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), emit: () => undefined, ...host });
}

/**
 * For tests: calls the API's methods as the transports do (through the dispatcher, which checks each request
 * against the contract), answering the value or throwing the API's error as `code: message`.
 */
export function apiCaller(service: ApiService) {
  const dispatch = createDispatcher(service.handlers);
  return async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await dispatch(method, payload);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as T;
  };
}
