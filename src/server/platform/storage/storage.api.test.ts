import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, s3Storage } from './storage.js';

describe('local storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tendwell-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes an object with its content type', async () => {
    const storage = localStorage(dir);
    await storage.put('avatars/u1/a', Buffer.from('png-bytes'), 'image/png');
    expect(await storage.get('avatars/u1/a')).toEqual({ body: Buffer.from('png-bytes'), contentType: 'image/png' });
    await storage.delete('avatars/u1/a');
    expect(await storage.get('avatars/u1/a')).toBeNull();
    // No temporary files are left behind.
    expect(await readdir(join(dir, 'avatars', 'u1'))).toEqual([]);
  });

  it('refuses keys that could leave its directory', async () => {
    const storage = localStorage(dir);
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a//b', 'UPPER', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid storage key/);
    }
  });
});

/** A minimal S3-compatible endpoint on loopback: path-style objects in memory, signed requests only. */
describe('S3-compatible storage', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; authorization: string; contentSha: string }[] = [];

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const authorization = String(req.headers.authorization ?? '');
        seen.push({ method: req.method ?? '', url: req.url ?? '', authorization, contentSha: String(req.headers['x-amz-content-sha256'] ?? '') });
        if (!authorization.startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
          res.writeHead(403).end();
          return;
        }
        const key = req.url ?? '';
        if (req.method === 'PUT') {
          objects.set(key, { body: await read(req), type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const object = objects.get(key);
          if (!object) res.writeHead(404).end();
          else res.writeHead(200, { 'content-type': object.type }).end(object.body);
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      })();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('stores objects under the bucket with signed requests', async () => {
    const storage = s3Storage({ endpoint, region: 'eu-west-2', bucket: 'tendwell-files', accessKeyId: 'test-key', secretAccessKey: 'test-secret' });
    await storage.put('avatars/u2/b', Buffer.from('webp-bytes'), 'image/webp');
    expect(objects.get('/tendwell-files/avatars/u2/b')?.body.toString()).toBe('webp-bytes');
    expect(seen.at(-1)?.authorization).toMatch(/Credential=test-key\/\d{8}\/eu-west-2\/s3\/aws4_request/);
    expect(await storage.get('avatars/u2/b')).toEqual({ body: Buffer.from('webp-bytes'), contentType: 'image/webp' });
    await storage.delete('avatars/u2/b');
    expect(await storage.get('avatars/u2/b')).toBeNull();
  });

  it('reports a refused request as an error', async () => {
    const storage = s3Storage({ endpoint, region: 'eu-west-2', bucket: 'b', accessKeyId: 'wrong-key', secretAccessKey: 'x' });
    await expect(storage.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT k failed: 403/);
  });
});
