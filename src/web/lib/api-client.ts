import type { z } from 'zod';
import { PROBLEM_CONTENT_TYPE } from '~/shared/problem-media-type';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

export { ApiError, CLIENT_ERROR_CODES } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The schema that parses (and so types) a success body, or a function that loads it. Modules of
 * the first page pass a loader (`() => import('~/shared/contracts/…').then((m) => m.XSchema)`):
 * zod and the contracts then stay out of the scripts a first visit waits for, and load alongside
 * the first request that needs them.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  schema: SchemaSource<T>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  return JSON.parse(text) as unknown;
}

/** The ApiError for a failed response: its problem document when it sent one. */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallbackCode = response.status >= 500 ? CLIENT_ERROR_CODES.serverInternal : CLIENT_ERROR_CODES.unknown;
  let body: unknown;
  try {
    body = await readJson(response);
  } catch (cause) {
    return new ApiError({ status: response.status, code: fallbackCode, cause });
  }
  // Loaded with the first failure, not with the first page (see SchemaSource).
  let problem;
  try {
    problem = (await import('~/shared/problem')).ProblemSchema.safeParse(body);
  } catch (cause) {
    return new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.networkUnavailable, cause });
  }
  if (problem.success) {
    return new ApiError({ status: response.status, code: problem.data.code, problem: problem.data });
  }
  return new ApiError({ status: response.status, code: fallbackCode, message: response.statusText || undefined });
}

/**
 * Calls the JSON API. Resolves with the success body parsed by `schema`; rejects with an
 * {@link ApiError} for problem responses, non-JSON failures, unexpected bodies and network failures.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<T> {
  const { method = 'GET', body, signal } = options;
  // A schema to load is fetched while the request is under way, not after it.
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // Its failure surfaces below, when the answer is read; until then it must not count as unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const headers: Record<string, string> = { ...options.headers, accept: `application/json, ${PROBLEM_CONTENT_TYPE}` };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    // An abort is the caller's decision, not a failure to report.
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable, message: 'Network unavailable', cause });
  }

  return readApiResponse(response, schema);
}

/**
 * The success body of a response parsed by `schema`, or the {@link ApiError} it stands for: what
 * {@link apiFetch} does with every answer, for callers that send something other than JSON.
 */
export async function readApiResponse<T>(response: Response, source: SchemaSource<T> | Promise<z.ZodType<T>>): Promise<T> {
  if (!response.ok) throw await toApiError(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch (cause) {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, cause });
  }
  let schema: z.ZodType<T>;
  try {
    schema = typeof source === 'function' ? await source() : await source;
  } catch (cause) {
    // The schema's script could not be loaded: the connection dropped (or a new release replaced it).
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.networkUnavailable, cause });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, cause: parsed.error });
  }
  return parsed.data;
}
