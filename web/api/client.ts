import type { Endpoint, PayloadOf, ResponseOf } from '../../contract/calls.ts';

/** The one error type of every failed call: the HTTP status and a message a person can read. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Status used when the request never got an answer (offline, DNS, aborted by the browser). */
export const networkErrorStatus = 0;

/**
 * How a call reaches the server: the browser's `fetch`. The server, rendering a page, answers the
 * app's calls itself in-process with the reader's cookies (web/entry-server.tsx, docs/decisions/085).
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setTransport(next: Transport) {
  transport = next;
}

/** Turns a GET payload into a query string; undefined fields are left out. */
export function toQueryString(payload: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one contract entry with the wire format (docs/product/calls.md#wire-format): POST sends
 * `{"body": payload}` as JSON, GET sends the payload as the query string. A non-success status
 * other than 304 raises an ApiError carrying the JSON `error` field, or the status text when the
 * answer is not JSON
 * (docs/product/calls.md#answer-handling).
 */
export async function callApi<At extends Endpoint>(
  call: At,
  payload: PayloadOf<At>,
  options?: { signal?: AbortSignal },
): Promise<ResponseOf<At>>;
export async function callApi(
  call: Endpoint,
  payload: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<unknown> {
  const isGet = call.method === 'GET';
  const url = isGet ? call.path + toQueryString(payload as Record<string, unknown>) : call.path;
  let response: Response;
  try {
    response = await transport(url, {
      method: call.method,
      credentials: 'same-origin',
      headers: isGet
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: isGet ? undefined : JSON.stringify({ body: payload }),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(networkErrorStatus, 'Could not reach Stance. Check your connection.');
  }

  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!response.ok && response.status !== 304) {
    throw new ApiError(response.status, await readErrorMessage(response, isJson));
  }
  if (!isJson) {
    throw new ApiError(response.status, 'The server sent an answer that is not JSON');
  }
  const answer = (await response.json()) as { success?: boolean; body?: unknown; error?: unknown };
  if (answer.success === false) {
    throw new ApiError(response.status, String(answer.error ?? response.statusText));
  }
  return answer.body;
}

async function readErrorMessage(response: Response, isJson: boolean): Promise<string> {
  const fallback = response.statusText || `Request failed (${response.status})`;
  if (!isJson) return fallback;
  try {
    const answer = (await response.json()) as { error?: unknown };
    return typeof answer.error === 'string' && answer.error ? answer.error : fallback;
  } catch {
    return fallback;
  }
}

/** The status of an error raised by a call, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
