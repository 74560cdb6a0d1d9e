import {
  API_BASE,
  JSONAPI_MEDIA_TYPE,
  type ApiRoute,
  type Contract,
  type ContractRequest,
  type ContractResult,
  contractPath,
  contractQueryString,
  isMessageKey,
  type MessageKey,
} from '@phonebot/shared';
import type { JsonApiErrorObject } from '@phonebot/shared';
import { clearToken, getToken } from './auth-token';
import { confirmStepUp, stepUpMark } from './step-up';

/** A failed API call: the HTTP status (0 when the server was not reached) and the JSON:API error objects. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: JsonApiErrorObject[];

  constructor(status: number, errors: JsonApiErrorObject[]) {
    super(errors[0]?.detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** The `code` of the first error, when it names one of the shared messages. */
  get code(): MessageKey | undefined {
    return this.errors.map((error) => error.code).find(isMessageKey);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type RequestOptions = {
  body?: unknown;
  /** A multipart body (an upload), sent as the browser encodes it. */
  formData?: FormData;
  signal?: AbortSignal;
  /**
   * A 401 normally means the stored token is dead, so it is dropped and the route guard sends the user to the
   * login. Calls that handle their own 401 (login, logout) turn this off. A 401 `reauthRequired` (a sensitive
   * action without a recent step-up) never drops it: see `apiRequest`.
   */
  dropTokenOn401?: boolean;
  /**
   * The answer is a file (a CSV export) of this media type, returned as a Blob; otherwise it is a JSON:API
   * document. A refusal is a JSON:API error document either way.
   */
  file?: string;
};

function errorObject(status: number, code: MessageKey, detail: string): JsonApiErrorObject {
  return { status: String(status), code, title: detail, detail };
}

function isErrorDocument(value: unknown): value is { errors: JsonApiErrorObject[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { errors?: unknown }).errors) &&
    (value as { errors: unknown[] }).errors.every((item) => typeof item === 'object' && item !== null)
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls `${API_BASE}${path}` with the JSON:API media type and the stored bearer token. A sensitive action refused
 * for want of a recent step-up (401 `reauthRequired`) asks the user to confirm who they are (lib/step-up.ts) and is
 * sent once more when they did; when they cancel, the caller gets the refusal.
 */
async function apiRequest(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const mark = stepUpMark();
  try {
    return await sendRequest(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && error.code === 'reauthRequired')) throw error;
    if (!(await confirmStepUp(mark)) || options.signal?.aborted) throw error;
    return sendRequest(method, path, options);
  }
}

async function sendRequest(method: string, path: string, options: RequestOptions): Promise<unknown> {
  const { body, formData, signal, dropTokenOn401 = true, file } = options;
  const headers: Record<string, string> = { Accept: file ?? JSONAPI_MEDIA_TYPE };
  if (body !== undefined) headers['Content-Type'] = JSONAPI_MEDIA_TYPE;
  const token = getToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, [errorObject(0, 'serviceUnavailable', 'The server could not be reached.')]);
  }

  if (response.ok && file !== undefined) return response.blob();
  const payload = await readJson(response);
  if (response.ok) return payload;

  const errors = isErrorDocument(payload)
    ? payload.errors
    : [errorObject(response.status, response.status >= 500 ? 'serverError' : 'somethingWrong', response.statusText)];
  const failure = new ApiError(response.status, errors);
  if (response.status === 401 && dropTokenOn401 && token !== null && failure.code !== 'reauthRequired')
    clearToken(failure.code === 'accountDisabled' ? 'disabled' : 'expired');
  throw failure;
}

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type CallArgs<C extends Contract> = [RequiredKeys<ContractRequest<C>>] extends [never]
  ? [request?: ContractRequest<C>, options?: RequestOptions]
  : [request: ContractRequest<C>, options?: RequestOptions];

/**
 * Calls an operation of the API by its route (shared <domain>/routes.ts): the path, query and body are typed by its
 * contract, and so is the answer, so a change to an answer the web app relies on is a compile error. The routes
 * carry no schema, so calling the API loads none.
 */
export async function callApi<C extends Contract>(route: ApiRoute<C>, ...[request, options]: CallArgs<C>) {
  const input = (request ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = contractPath(route.path, input.params) + contractQueryString(input.query);
  return (await apiRequest(route.method, path, { ...options, body: input.body })) as ContractResult<C>;
}

type FileArgs<C extends Contract> = [RequiredKeys<ContractRequest<C>>] extends [never]
  ? [request?: ContractRequest<C>, options?: Omit<RequestOptions, 'file'>]
  : [request: ContractRequest<C>, options?: Omit<RequestOptions, 'file'>];

/**
 * Calls an operation whose answer is a file (an export), as `callApi` does, with the same token, step-up and
 * errors; the answer is the file's content. Save it with lib/download.ts.
 */
export async function callApiFile<C extends Contract>(
  route: ApiRoute<C>,
  accept: string,
  ...[request, options]: FileArgs<C>
): Promise<Blob> {
  const input = (request ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = contractPath(route.path, input.params) + contractQueryString(input.query);
  return (await apiRequest(route.method, path, { ...options, file: accept })) as Blob;
}
