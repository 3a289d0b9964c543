import {
  ApiError,
  isApiEvent,
  unwrapResult,
  type ApiClient,
  type ApiEvent,
  type ApiEventPayload,
  type ApiResult,
} from '../../shared/api/index';

/**
 * Browser mode's transport: `POST /api/<method>` with the token as a Bearer header, and one WebSocket at
 * `/api/events` for pushed events (reconnected if the connection drops).
 */
export function createHttpApiClient(token: string, base: URL = new URL(window.location.href)): ApiClient {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | undefined;

  const connect = () => {
    const url = new URL('/api/events', base);
    url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    socket = new WebSocket(url);
    socket.onmessage = (message) => {
      try {
        const { event, payload } = JSON.parse(String(message.data)) as { event: string; payload: unknown };
        if (isApiEvent(event)) listeners.get(event)?.forEach((listener) => listener(payload));
      } catch {
        // a malformed message is dropped; the server only sends what it serialized itself
      }
    };
    socket.onclose = () => {
      socket = undefined;
      setTimeout(connect, 1000);
    };
  };
  connect();

  return {
    async invoke(method, request) {
      let response: Response;
      try {
        response = await fetch(new URL(`/api/${method}`, base), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(request),
        });
      } catch (error) {
        throw new ApiError('io', `Toolbox Editor's server is not reachable (${(error as Error).message}). Is \`toolbox-editor web\` still running?`);
      }
      let result: ApiResult<unknown>;
      try {
        result = (await response.json()) as ApiResult<unknown>;
      } catch {
        throw new ApiError('internal', `The server answered ${response.status} without a result.`);
      }
      return unwrapResult(result) as never;
    },
    on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}
