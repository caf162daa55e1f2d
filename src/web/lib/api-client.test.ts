import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '~/shared/problem';
import { ApiError, CLIENT_ERROR_CODES, apiFetch } from './api-client';
import { createEnglishI18n } from './i18n';
import { problemMessage, problemMessageKey } from './problem-message';

const Subscription = z.object({ id: z.string(), email: z.string() });

type FetchArgs = Parameters<typeof fetch>;

/** Stubs fetch with one reply (a Response, or an error to reject with); returns the mock. */
function stubFetch(reply: Response | Error) {
  const mock = vi.fn((..._args: FetchArgs) => (reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

function jsonResponse(body: unknown, status: number, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

/** The error a promise rejects with (failing the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends JSON and resolves with the body parsed by the schema', async () => {
    const fetchMock = stubFetch(jsonResponse({ id: 'sub_1', email: 'ana@example.com', extra: true }, 201));
    const result = await apiFetch('/api/newsletter', { method: 'POST', body: { email: 'ana@example.com' }, schema: Subscription });

    // The schema strips what it does not know.
    expect(result).toEqual({ id: 'sub_1', email: 'ana@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"email":"ana@example.com"}',
      credentials: 'same-origin',
      headers: { accept: `application/json, ${PROBLEM_CONTENT_TYPE}`, 'content-type': 'application/json' },
    });
  });

  it('sends a GET without a body or content type by default', async () => {
    const fetchMock = stubFetch(jsonResponse({ id: 'sub_1', email: 'ana@example.com' }, 200));
    await apiFetch('/api/thing', { schema: Subscription });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ accept: 'application/json, application/problem+json' });
  });

  it('resolves an empty success body as undefined', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/thing', { method: 'DELETE', schema: z.undefined() })).resolves.toBeUndefined();
  });

  it('turns a problem+json 400 into an ApiError with its status, code and field errors', async () => {
    const problem: Problem = {
      type: 'https://tendwell.app/problems/request.invalid',
      title: 'Invalid request',
      status: 400,
      code: 'request.invalid',
      errors: [
        { path: 'email', code: 'email.invalid', message: 'Invalid email' },
        { path: 'name', code: 'string.too-short' },
      ],
    };
    stubFetch(jsonResponse(problem, 400, PROBLEM_CONTENT_TYPE));
    const error = await rejection(apiFetch('/api/newsletter', { method: 'POST', body: {}, schema: Subscription }));

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('request.invalid');
    expect(apiError.message).toBe('Invalid request');
    expect(apiError.problem).toEqual(problem);
    expect([...apiError.fieldErrors()]).toEqual([
      ['email', 'email.invalid'],
      ['name', 'string.too-short'],
    ]);
  });

  it('turns a success body the schema rejects into an ApiError response.invalid', async () => {
    stubFetch(jsonResponse({ id: 42 }, 200));
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: CLIENT_ERROR_CODES.invalidResponse, problem: null });
    expect(CLIENT_ERROR_CODES.invalidResponse).toBe('response.invalid');
    expect((error as ApiError).cause).toBeInstanceOf(z.ZodError);
  });

  it('loads a schema given as a loader while the request is under way, and parses with it', async () => {
    let loaderCalledBeforeFetchAnswered = false;
    let answered = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        answered = true;
        return jsonResponse({ id: 'sub_1', email: 'ana@example.com', extra: true }, 200);
      }),
    );
    const loader = vi.fn(async () => {
      loaderCalledBeforeFetchAnswered = !answered;
      return Subscription;
    });
    await expect(apiFetch('/api/thing', { schema: loader })).resolves.toEqual({ id: 'sub_1', email: 'ana@example.com' });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loaderCalledBeforeFetchAnswered).toBe(true);
  });

  it('rejects with the schema of a loader too', async () => {
    stubFetch(jsonResponse({ id: 42 }, 200));
    const error = await rejection(apiFetch('/api/thing', { schema: () => Promise.resolve(Subscription) }));
    expect(error).toMatchObject({ status: 200, code: CLIENT_ERROR_CODES.invalidResponse });
    expect((error as ApiError).cause).toBeInstanceOf(z.ZodError);
  });

  it('turns a schema that could not be loaded into an ApiError network.unavailable, without an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const cause = new TypeError('Failed to fetch dynamically imported module');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          // The loader has failed by the time the answer arrives.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return jsonResponse({ id: 'sub_1', email: 'ana@example.com' }, 200);
        }),
      );
      const error = await rejection(apiFetch('/api/thing', { schema: () => Promise.reject(cause) }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200, code: CLIENT_ERROR_CODES.networkUnavailable });
      expect((error as ApiError).cause).toBe(cause);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('turns a success body that is not JSON into an ApiError response.invalid', async () => {
    stubFetch(new Response('<!doctype html><p>hello</p>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));

    expect(error).toMatchObject({ status: 200, code: 'response.invalid' });
    expect((error as ApiError).cause).toBeInstanceOf(SyntaxError);
  });

  it('turns a rejected fetch into an ApiError network.unavailable with status 0', async () => {
    const cause = new TypeError('Failed to fetch');
    stubFetch(cause);
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network.unavailable', message: 'Network unavailable', problem: null });
    expect((error as ApiError).cause).toBe(cause);
  });

  it('rethrows the abort itself when the caller aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('This operation was aborted', 'AbortError');
    stubFetch(abort);
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription, signal: controller.signal }));
    expect(error).toBe(abort);
  });

  it('turns a 500 with an HTML body into an ApiError server.internal', async () => {
    stubFetch(new Response('<html><body>Bad Gateway</body></html>', { status: 500, headers: { 'content-type': 'text/html' } }));
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'server.internal', problem: null });
    expect((error as ApiError).cause).toBeInstanceOf(SyntaxError);
  });

  it('turns a 502 with JSON that is not a problem into an ApiError server.internal with the status text', async () => {
    stubFetch(new Response('{"oops":true}', { status: 502, statusText: 'Bad Gateway' }));
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));
    expect(error).toMatchObject({ status: 502, code: 'server.internal', message: 'Bad Gateway', problem: null });
  });

  it('turns a 4xx without a problem document into an ApiError unknown', async () => {
    stubFetch(new Response('', { status: 418 }));
    const error = await rejection(apiFetch('/api/thing', { schema: Subscription }));
    expect(error).toMatchObject({ status: 418, code: 'unknown', message: 'unknown', problem: null });
  });
});

describe('problemMessage', () => {
  const i18n = createEnglishI18n();
  const apiError = (code: string) => new ApiError({ status: 400, code });

  it("maps an error's code to its translated errors.<code> message", () => {
    expect(problemMessageKey(i18n, apiError('request.invalid'))).toBe('errors.request.invalid');
    expect(problemMessage(i18n, apiError('request.invalid'))).toBe('Please check what you entered and try again.');
    expect(problemMessage(i18n, apiError('rate-limited'))).toBe('Too many attempts. Please wait a moment and try again.');
    expect(problemMessage(i18n, apiError('network.unavailable'))).toBe(
      "We can't reach the server. Check your connection and try again.",
    );
  });

  it("says why a waitlist day is refused (the booking page's waitlist shows this, not the generic error)", () => {
    expect(problemMessageKey(i18n, apiError('waitlist.closed-day'))).toBe('errors.waitlist.closed-day');
    expect(problemMessage(i18n, apiError('waitlist.closed-day'))).toBe(
      'This provider has no opening hours for this service on that day, so no time can free up: choose a day they are open.',
    );
  });

  it('uses errors.unknown for a code without a message', () => {
    expect(problemMessageKey(i18n, apiError('billing.card-declined'))).toBe('errors.unknown');
    expect(problemMessage(i18n, apiError('billing.card-declined'))).toBe('Something went wrong. Please try again.');
  });

  it('uses errors.unknown for a code that names a group of messages, not a message', () => {
    expect(problemMessageKey(i18n, apiError('request'))).toBe('errors.unknown');
    expect(problemMessage(i18n, apiError('request'))).toBe('Something went wrong. Please try again.');
  });

  it('uses errors.unknown for anything that is not an ApiError', () => {
    expect(problemMessage(i18n, new Error('request.invalid'))).toBe('Something went wrong. Please try again.');
    expect(problemMessage(i18n, 'request.invalid')).toBe('Something went wrong. Please try again.');
  });

  it('has a message for the network, server and unknown codes the client assigns itself', () => {
    for (const code of ['network.unavailable', 'server.internal', 'unknown']) {
      expect(problemMessageKey(i18n, apiError(code)), code).toBe(`errors.${code}`);
    }
    // response.invalid (a body the schema rejects) has a message of its own.
    expect(problemMessageKey(i18n, apiError(CLIENT_ERROR_CODES.invalidResponse))).toBe('errors.response.invalid');
  });
});
