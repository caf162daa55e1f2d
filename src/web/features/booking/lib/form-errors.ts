import type { z } from 'zod';
import { ApiError } from '~/web/lib/api-error';

/**
 * The fields a form's problems are about, by the name of the field (the first part of the path):
 * from the form's own check with the shared schema, or from the server's problem (whose paths
 * start with the part of the request, e.g. `body.displayName`).
 */
export function invalidFields(error: unknown): Set<string> {
  if (error instanceof ApiError) {
    return new Set(
      [...error.fieldErrors().keys()]
        .map((path) => path.split('.')[1])
        .filter((name): name is string => Boolean(name)),
    );
  }
  return new Set();
}

export function schemaInvalidFields(error: z.ZodError): Set<string> {
  return new Set(error.issues.map((issue) => issue.path[0]).filter((name): name is string => typeof name === 'string'));
}

/**
 * A form's own check with its shared schema before it sends anything: marks the fields the schema
 * refuses and calls `refused` (which says so), or clears the marks. True when the input may be sent.
 */
export function passesSchema(schema: z.ZodType, input: unknown, setInvalid: (fields: Set<string>) => void, refused: () => void): boolean {
  const checked = schema.safeParse(input);
  if (!checked.success) {
    setInvalid(schemaInvalidFields(checked.error));
    refused();
    return false;
  }
  setInvalid(new Set());
  return true;
}
