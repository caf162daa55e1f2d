import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config/env.js';

/** A stored object as callers read it back. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where files live: local disk by default (STORAGE_DIR), any S3-compatible service when
 * STORAGE_DRIVER=s3. Keys are ours (e.g. avatars/{userId}/{uuid}), never a client's file name.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,300}$/;

function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}

export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, body);
      await writeFile(`${temp}.type`, contentType);
      await rename(`${temp}.type`, `${path}.type`);
      await rename(temp, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { body, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3-compatible storage (AWS S3, MinIO, R2, …) with path-style URLs, signed by aws4fetch. */
export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const urlOf = (key: string) => {
    assertKey(key);
    return `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status}`);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    },
  };
}

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    // Config validation guarantees these are set when the driver is s3.
    return s3Storage({
      endpoint: config.S3_ENDPOINT ?? '',
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    });
  }
  return localStorage(config.storageDir);
}
