// Hostile values for API and socket tests, from JSON Schema (our zod schemas as @fastify/swagger or
// z.toJSONSchema write them): the extremes a schema still allows and values it does not, and
// schema-valid values generated with json-schema-faker (seeded, so a failure repeats).
import { generateSync } from 'json-schema-faker';

/** The part of JSON Schema (as @fastify/swagger writes our zod schemas) the hostile tests read. */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

function typesOf(schema: Schema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf), ...(schema.oneOf ?? []).flatMap(typesOf)];
}
function firstWith<K extends keyof Schema>(schema: Schema, key: K): Schema[K] | undefined {
  if (schema[key] !== undefined) return schema[key];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = firstWith(part, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const ASTRAL = '\u{1D11E}'; // 𝄞: two UTF-16 units, four UTF-8 bytes
export const RTL_COMBINING = 'مرحبا\u0301\u202E\u200F';

/** Hostile values for a field: extremes its schema allows, then values it does not. */
export function hostileValues(schema: Schema): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [null, {}, [], true, 'x'.repeat(10_000)];
  if (types.includes('string') || types.length === 0) {
    const max = firstWith(schema, 'maxLength') ?? 300;
    const min = firstWith(schema, 'minLength') ?? 0;
    values.push(
      '',
      ' ',
      'a'.repeat(max),
      'a'.repeat(max + 1),
      ASTRAL.repeat(Math.max(1, Math.floor(max / 2))),
      '€'.repeat(Math.max(1, max)),
      RTL_COMBINING,
      '\uD800',
      "'; select pg_sleep(0); --",
      '%_\\',
      '__proto__',
      'a'.repeat(Math.max(0, min - 1)),
    );
    const format = firstWith(schema, 'format');
    if (format === 'date-time' || format === undefined) {
      values.push('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2200-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2024-02-30T10:00:00Z', '2026-03-29T02:30:00+14:00', '275760-09-13T00:00:00Z');
    }
    if (format === 'date' || format === undefined) values.push('0000-01-01', '9999-12-31', '2023-02-29', '2024-13-01');
    if (format === 'uuid' || format === undefined) values.push('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF');
    if (format === 'email') values.push(`${'a'.repeat(64)}@${'b'.repeat(63)}.example`, 'a@b', 'ä@例え.テスト');
  }
  if (types.includes('integer') || types.includes('number')) {
    const min = firstWith(schema, 'minimum');
    const max = firstWith(schema, 'maximum');
    values.push(0, -1, 0.5, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, '1e400', 'NaN', 'Infinity');
    if (min !== undefined) values.push(min, min - 1);
    if (max !== undefined) values.push(max, max + 1);
  }
  if (types.includes('array')) {
    const maxItems = firstWith(schema, 'maxItems') ?? 100;
    const items = firstWith(schema, 'items');
    const one = items ? generate(items, 7) : 'x';
    values.push(Array.from({ length: maxItems }, () => one), Array.from({ length: maxItems + 1 }, () => one), [null], [[[]]]);
  }
  if (types.includes('object')) values.push(JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } });
  for (const option of firstWith(schema, 'enum') ?? []) values.push(typeof option === 'string' ? option.toUpperCase() : option);
  return values;
}

/** HOSTILE_SEED=n explores other generated requests; the default keeps every run the same. */
const SEED = Number(process.env.HOSTILE_SEED ?? 0);

export function generate(schema: Schema, seed: number): unknown {
  return generateSync(schema as Parameters<typeof generateSync>[0], { seed: seed + SEED * 10, alwaysFakeOptionals: true });
}
