import type { FastifyRequest } from 'fastify';
import { unstorableText, unstorableTextPath, type UnstorableText } from '../../../shared/text.js';
import { validationError } from '../errors/domain-errors.js';

/** The 400 for a field (`body.name`, `querystring.query`) holding text that cannot be stored. */
function unstorableTextError(path: string, why: Omit<UnstorableText, 'path'>) {
  return validationError('request.invalid', why.message, [{ path, code: why.code, message: why.message }]);
}

/** The same refusal for one field read outside the hooks (a multipart text field). */
export function refuseUnstorableField(path: string, text: string): void {
  const why = unstorableText(text);
  if (why) throw unstorableTextError(path, why);
}

/**
 * preValidation hook of every `/api/` route: a body, query or path parameter carrying U+0000 or
 * half of a surrogate pair anywhere (src/shared/text.ts) is refused with 400 `request.invalid`
 * naming the field, before any route (or the auth handler) sees it. PostgreSQL cannot store such
 * text, so it would otherwise fail in the database as a 500. Pages are left to render: what they
 * read goes through the API, whose answer they show.
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  if (!request.url.startsWith('/api/')) return;
  for (const [part, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    const found = unstorableTextPath(value);
    if (found) throw unstorableTextError([part, ...found.path].join('.'), found);
  }
}
