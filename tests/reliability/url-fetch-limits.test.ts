import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

describe('reliability: the public URL proxy is limited per address and overall', () => {
  let server: RunningServer;
  let origin: http.Server;
  let originUrl: string;
  let open = 0;
  let mostOpen = 0;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    // A slow private origin: each answer takes a second, so concurrent fetches overlap.
    origin = http.createServer((_req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        res.end('slow file');
        open--;
      }, 1000);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/file.txt`;
    server = await startServer({ env: { URL_FETCH_RATE_LIMIT: '5/600' } });
  });
  afterAll(async () => {
    await server?.stop();
    origin?.closeAllConnections();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const proxy = (auth?: string) => call('GET', `/url/proxy?url=${encodeURIComponent(originUrl)}`, { auth });

  it('anonymous fetches past the per-address rate answer 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await proxy());
    // The private origin is refused for them anyway; the rate still counts every request.
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((a) => a.status === 429)).toBe(true);
    expect(answers.at(-1)?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('at most 8 fetches run at once: the rest answer 503 with Retry-After', async () => {
    const other = await startServer({ env: { URL_FETCH_RATE_LIMIT: '100/60' } });
    try {
      const api = apiClient(() => other.url);
      const auth = await adminAuth(api);
      // The admin may fetch allow-listed private hosts.
      const set = await api('PUT', '/admin/settings/group/1', { auth, body: { url_fetch_allowed_hosts: '127.0.0.1' } });
      expect(set.status).toBe(200);
      mostOpen = 0;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => api('GET', `/url/proxy?url=${encodeURIComponent(originUrl)}`, { auth })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      expect(statuses.filter((s) => s === 503)).toHaveLength(4);
      expect(answers.find((a) => a.status === 503)?.headers.get('retry-after')).toBe('5');
      expect(mostOpen).toBeLessThanOrEqual(8);
      // Once they are done, there is room again.
      expect((await api('GET', `/url/proxy?url=${encodeURIComponent(originUrl)}`, { auth })).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
