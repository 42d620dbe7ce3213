import { expect, type APIRequestContext } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';

/** The admin's API headers on a server, from its login. */
export async function adminHeaders(
  request: APIRequestContext,
  base: string,
  admin: { username: string; password: string },
): Promise<Record<string, string>> {
  const login = await request.post(`${base}/api/admin/login`, { data: admin });
  return { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

/** A mount of the embedded local storage at `mountPath`, made through the API. */
export async function mountLocal(
  request: APIRequestContext,
  base: string,
  headers: Record<string, string>,
  mountPath = '/box',
  name = 'Box',
): Promise<void> {
  const configs = (await (await request.get(`${base}/api/s3-configs`, { headers })).json()) as {
    data: { id: string }[];
  };
  const data = { name, mount_path: mountPath, storage_config_id: configs.data[0]!.id };
  const made = await request.post(`${base}/api/admin/mounts`, { headers, data });
  expect(made.ok(), await made.text()).toBe(true);
}

/** Uploads a file into a mounted folder through the API. */
export async function putMounted(
  request: APIRequestContext,
  base: string,
  headers: Record<string, string>,
  folder: string,
  file: { name: string; buffer: Buffer; mimeType?: string },
): Promise<void> {
  const uploaded = await request.post(`${base}/api/fs/upload`, {
    headers,
    multipart: { path: folder, file: { mimeType: 'text/plain', ...file } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
}

/**
 * A fresh server with `admin` as its admin, their API headers, and the embedded local storage
 * mounted at `/box` (named `boxName`): where the explorer's specs start.
 */
export async function serverWithBox(
  request: APIRequestContext,
  admin: { username: string; password: string },
  boxName?: string,
): Promise<{ server: RunningServer; headers: Record<string, string> }> {
  const server = await startServer({ adminUsername: admin.username, adminPassword: admin.password });
  const headers = await adminHeaders(request, server.url, admin);
  await mountLocal(request, server.url, headers, '/box', boxName);
  return { server, headers };
}
