import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

type Tree = { [key: string]: string | Tree };

/** Reads a translated string from public/locales, so tests assert what users really see. */
export function translation(language: string, key: string, namespace = 'common'): string {
  const tree = JSON.parse(readFileSync(join(ROOT, 'public/locales', language, `${namespace}.json`), 'utf8')) as Tree;
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No ${language} translation for ${namespace}:${key}`);
  return node;
}

export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}
