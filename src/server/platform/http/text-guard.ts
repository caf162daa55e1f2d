import type { FastifyRequest } from 'fastify';
import { NUL_CHARACTER_ERROR_CODE, NUL_CHARACTER_MESSAGE, nulCharacterPath } from '../../../shared/text.js';
import { validationError } from '../errors/domain-errors.js';

/** The 400 for a field (`body.name`, `querystring.query`) holding U+0000. */
export function nulCharacterError(path: string) {
  return validationError('request.invalid', NUL_CHARACTER_MESSAGE, [{ path, code: NUL_CHARACTER_ERROR_CODE, message: NUL_CHARACTER_MESSAGE }]);
}

/**
 * preValidation hook of every `/api/` route: a body, query or path parameter carrying U+0000
 * anywhere is refused with 400 `request.invalid` naming the field, before any route (or the auth
 * handler) sees it. PostgreSQL's text cannot store it, so it would otherwise fail in the database
 * as a 500. Pages are left to render: what they read goes through the API, whose answer they show.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (!request.url.startsWith('/api/')) return;
  for (const [part, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    const path = nulCharacterPath(value);
    if (path) throw nulCharacterError([part, ...path].join('.'));
  }
}
