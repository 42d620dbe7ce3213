import net from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { adminAuth, apiClient, type ApiCall } from './api-client';
import { startServer, type RunningServer, type ServerOptions } from './server';

/**
 * A server with its S3 door on (docs/s3.md), for the suites of real S3 clients: the port is one the
 * OS had free a moment before (S3_PORT takes a number; 0 turns the door off).
 */
export interface S3DoorServer {
  server: RunningServer;
  call: ApiCall;
  auth: string;
  /** http://127.0.0.1:<S3_PORT> */
  endpoint: string;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startWithS3Door(options: ServerOptions = {}): Promise<S3DoorServer> {
  const port = await freePort();
  const server = await startServer({ ...options, env: { ...options.env, S3_PORT: String(port) } });
  const call = apiClient(() => server.url);
  return { server, call, auth: await adminAuth(call), endpoint: `http://127.0.0.1:${port}` };
}

export interface S3Key {
  id: string;
  key: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An API key with these bits (and base path), and its S3 credentials, shown once. */
export async function s3Key(door: S3DoorServer, name: string, permissions: number, basicPath = '/'): Promise<S3Key> {
  const made = await door.call('POST', '/admin/api-keys', {
    auth: door.auth,
    body: { name, permissions, basic_path: basicPath, expires_at: 'never' },
  });
  if (made.status !== 200) throw new Error(`key ${name}: ${made.text}`);
  const data = made.body.data;
  return { id: data.id, key: data.key, accessKeyId: data.s3_access_key_id, secretAccessKey: data.s3_secret_access_key };
}

/** The AWS SDK v3 pointed at the door (path-style, any region). */
export function s3Client(door: S3DoorServer, key: Pick<S3Key, 'accessKeyId' | 'secretAccessKey'>): S3Client {
  return new S3Client({
    endpoint: door.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    maxAttempts: 1,
  });
}
