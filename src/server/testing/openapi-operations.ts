// The server's own OpenAPI document as the route-by-route API tests walk it (hostile input, the
// access sweep): every operation with its parameters and request body, the permission its route
// declared, and the body a generated request carries.
import type { LightMyRequestResponse } from 'fastify';
import type { RoutePermission } from '../../shared/permissions.js';
import type { TestApp } from './api-fixture.js';
import { generate, type Schema } from './hostile-values.js';

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface DocumentedOperation {
  /** As the document writes it: `/api/v1/appointments/{id}`. */
  path: string;
  method: HttpMethod;
  operation: OpenApiOperation;
}

/** Every operation of GET /api/openapi.json, in the document's order. */
export async function documentedOperations(t: TestApp): Promise<DocumentedOperation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return Object.entries(res.json<OpenApiDocument>().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase() as HttpMethod, operation })),
  );
}

/** The permission the operation's route declared (`t.app.registeredRoutes`), or undefined when no route matches. */
export function declaredPermission(t: TestApp, { path, method }: Pick<DocumentedOperation, 'path' | 'method'>): RoutePermission | undefined {
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  return t.app.registeredRoutes.find((r) => r.method === method && r.url === url)?.permission;
}

/** The refusal's `code` when the answer is problem+json with one, else undefined. */
export function problemCode(res: LightMyRequestResponse): string | undefined {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/problem+json')) return undefined;
  const code = res.json<{ code?: unknown }>().code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A schema-valid object body generated from the schema (seeded), with each field `known` names
 * replaced by a real value (an id that points somewhere); undefined when the schema is no object.
 */
export function generatedBody(schema: Schema | undefined, seed: number, known: (field: string) => string | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const value = generate(schema, seed);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const body = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(body)) {
    const real = known(key);
    if (real !== undefined) body[key] = real;
  }
  return body;
}

/** A value as it travels in a query string or path: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/** A query string for the operation's query parameters: `known` values where it names one, generated ones otherwise. */
export function generatedQuery(operation: OpenApiOperation, seed: number, known: (field: string) => string | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of (operation.parameters ?? []).filter((one) => one.in === 'query')) query[p.name] = known(p.name) ?? asText(generate(p.schema, seed));
  return query;
}
