import { request } from 'node:http';
import type { ApiClient } from './api-client.ts';

/**
 * Test support: the tus 1.0 client side spoken directly, so a test controls exactly what the server receives —
 * including a connection that drops in the middle of a chunk.
 */
export function tusDriver(baseUrl: string, client: ApiClient, origin = baseUrl) {
  const headers = (extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    origin,
    ...(client.cookie ? { cookie: client.cookie } : {}),
    ...extra,
  });
  const encode = (metadata: Record<string, string>) =>
    Object.entries(metadata)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  return {
    async create(length: number, metadata: Record<string, string>) {
      const response = await fetch(`${baseUrl}/api/v1/uploads`, {
        method: 'POST',
        headers: headers({ 'upload-length': String(length), 'upload-metadata': encode(metadata) }),
      });
      return {
        status: response.status,
        location: response.headers.get('location') ?? '',
        text: await response.text(),
      };
    },
    async patch(location: string, offset: number, bytes: Uint8Array) {
      const response = await fetch(new URL(location, baseUrl), {
        method: 'PATCH',
        headers: headers({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
        body: new Blob([new Uint8Array(bytes)]),
      });
      const text = await response.text();
      return {
        status: response.status,
        offset: Number(response.headers.get('upload-offset')),
        path: decodeURI(response.headers.get('x-rapid-path') ?? ''),
        text,
      };
    },
    async offset(location: string) {
      const response = await fetch(new URL(location, baseUrl), { method: 'HEAD', headers: headers() });
      return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
    },
    /** Starts a PATCH of `bytes`, sends `sent` of them, then drops the connection. */
    dropMidChunk(location: string, offset: number, bytes: Uint8Array, sent: number) {
      return new Promise<void>((resolve) => {
        const req = request(new URL(location, baseUrl), {
          method: 'PATCH',
          headers: headers({
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(bytes.byteLength),
          }),
        });
        req.on('error', () => resolve());
        req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
        req.on('close', () => resolve());
      });
    },
  };
}
