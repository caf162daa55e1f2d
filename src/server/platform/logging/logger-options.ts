import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Config } from '../../config/env.js';

/** Keys whose values are personal data or secrets: never written to logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.email',
  '*.phone',
  '*.name',
  '*.dateOfBirth',
  '*.address',
  'body',
];

export function loggerOptions(config: Config): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The path only: query strings can carry personal data (?email=…). No client IP.
      req(request: { method: string; url: string; id: string }) {
        return { id: request.id, method: request.method, path: request.url.split('?')[0] };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
