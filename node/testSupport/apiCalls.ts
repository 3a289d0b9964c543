import { createDispatcher } from '../api/dispatcher';
import type { ApiService } from '../api/handlers';

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
