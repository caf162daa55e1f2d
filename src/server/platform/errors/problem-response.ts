import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, problemType, type Problem, type ProblemFieldError } from '../../../shared/problem.js';
import { DOMAIN_ERROR_STATUS, DomainError } from './domain-errors.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Fastify's own client-error codes mapped to our stable problem codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformed-json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid-content-length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.body-too-large',
  FST_ERR_CTP_EMPTY_TYPE: 'request.unsupported-media-type',
  FST_ERR_CTP_INVALID_TYPE: 'request.unsupported-media-type',
  FST_ERR_VALIDATION: 'request.invalid',
  FST_ERR_BAD_URL: 'request.bad-url',
  FST_ERR_ASYNC_CONSTRAINT: 'request.invalid',
};

export function buildProblem(
  status: number,
  code: string,
  detail: string | undefined,
  instance: string,
  errors?: ProblemFieldError[],
): Problem {
  const problem: Problem = {
    type: problemType(code),
    title: TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    code,
    instance,
  };
  if (detail) problem.detail = detail;
  if (errors && errors.length > 0) problem.errors = errors;
  return problem;
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).serializer(JSON.stringify).send(problem);
}

/** PostgreSQL SQLSTATEs a client can cause, mapped to problems (exclusion and unique violations). */
function postgresProblemCode(error: unknown): { status: number; code: string } | undefined {
  const state = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  if (state === '23P01') return { status: 409, code: 'conflict.overlap' };
  if (state === '23505') return { status: 409, code: 'conflict.duplicate' };
  return undefined;
}

/** The one error handler: every error leaves as RFC 9457 problem+json with a stable code. */
export function problemErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  try {
    return toProblemReply(error, request, reply);
  } catch (mappingError) {
    request.log.error({ err: mappingError, original: error }, 'error handler failed');
    return sendProblem(reply, buildProblem(500, 'server.internal', 'An unexpected error occurred.', request.id));
  }
}

function toProblemReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const instance = request.id;
  if (error instanceof DomainError) {
    const status = DOMAIN_ERROR_STATUS[error.kind];
    const problem = buildProblem(status, error.code, error.message, instance, error.fieldErrors);
    // Extension members never replace the standard ones.
    return sendProblem(reply, error.extensions ? { ...error.extensions, ...problem } : problem);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: [error.validationContext ?? 'body', ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
      code: String(v.keyword),
      message: v.message,
    }));
    return sendProblem(
      reply,
      buildProblem(400, 'request.invalid', 'The request has invalid fields.', instance, errors),
    );
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response failed its schema');
    return sendProblem(reply, buildProblem(500, 'server.internal', 'An unexpected error occurred.', instance));
  }
  const pgProblem = postgresProblemCode(error);
  if (pgProblem) {
    return sendProblem(reply, buildProblem(pgProblem.status, pgProblem.code, 'The request conflicts with existing data.', instance));
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code =
      (error.code && FASTIFY_CODES[error.code]) ??
      (status === 429 ? 'rate-limited' : status === 404 ? 'route.not-found' : status === 413 ? 'request.body-too-large' : 'request.invalid');
    return sendProblem(reply, buildProblem(status, code, error.message, instance));
  }
  request.log.error({ err: error }, 'unhandled error');
  const serverStatus = status === 503 ? 503 : 500;
  return sendProblem(
    reply,
    buildProblem(serverStatus, serverStatus === 503 ? 'server.unavailable' : 'server.internal', 'An unexpected error occurred.', instance),
  );
}
