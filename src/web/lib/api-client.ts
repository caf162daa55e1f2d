import './zod-csp';
import type { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '~/shared/problem';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

export { ApiError, CLIENT_ERROR_CODES } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Parses (and so types) the success body. */
  schema: z.ZodType<T>;
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
  const problem = ProblemSchema.safeParse(body);
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
  const { method = 'GET', body, schema, signal } = options;
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
export async function readApiResponse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch (cause) {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, cause });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, cause: parsed.error });
  }
  return parsed.data;
}
