import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { StorageConfig } from '~/generated/prisma/client';
import { holdsBucket, storageTypeOf, type StorageType } from '~/lib/storage-kinds';
import { hostKeyOf } from '~/storage/drivers/remote/sftp-fs.server';
import { StorageError, type StorageDriver } from '~/storage/types';
import type { ModelContext } from '~/models/context.server';
import type { CheckReport, Message, StorageTestReport } from '~/lib/storage-test';

type Check = CheckReport;

/** A step of the test that failed in a way it can name. */
class CheckFailure extends Error {
  constructor(readonly report: Message) {
    super(report.key);
  }
}

/** A message for the door to word. */
const m = (key: string, params?: Record<string, unknown>): Message => ({ key: `storageTest.${key}`, params });

/** A server not found, or not reached: a driver's reason (remote-fs.ts), or a socket's code. */
const NOT_FOUND = new Set(['dns', 'ENOTFOUND', 'EAI_AGAIN']);
const NOT_REACHED = new Set(['refused', 'timeout', 'unavailable', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);

/** The message for each other reason a WebDAV or SFTP driver gives. */
const REASONS: Record<string, string> = {
  tls: 'tlsFailed',
  auth: 'authFailed',
  denied: 'permissionDenied',
  host_key: 'hostKeyChanged',
  root_missing: 'rootMissing',
};

/**
 * A server not found or not reached, in the words of the storage's form: an S3 storage has an
 * endpoint URL, a WebDAV one a URL, an SFTP one a host and a port (issue 48).
 */
const ENDPOINT = { host: 'unreachableHost', server: 'unreachable' };
const UNREACHABLE: Record<StorageType, { host: string; server: string }> = {
  s3: ENDPOINT,
  local: ENDPOINT,
  webdav: { host: 'webdavUnreachableHost', server: 'webdavUnreachable' },
  sftp: { host: 'sftpUnreachableHost', server: 'sftpUnreachable' },
};

/** Turns a driver or network failure into plain words a self-hoster can act on. */
function explain(error: unknown, kind: string): Message {
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
    cause?: { code?: string };
  };
  const code = e.code ?? e.cause?.code;
  // A file server's failure, already named by its driver (WebDAV, SFTP: drivers/remote/remote-fs.ts).
  const reason = error instanceof StorageError ? error.reason : undefined;
  if (reason && REASONS[reason]) return m(REASONS[reason]);
  const unreachable = UNREACHABLE[storageTypeOf(kind)];
  for (const cause of [reason, code]) {
    if (cause && NOT_FOUND.has(cause)) return m(unreachable.host);
    if (cause && NOT_REACHED.has(cause)) return m(unreachable.server);
  }
  if (e.name === 'NoSuchBucket') return m('noSuchBucket');
  if (
    e.name === 'InvalidAccessKeyId' ||
    e.name === 'SignatureDoesNotMatch' ||
    e.$metadata?.httpStatusCode === 403 ||
    (error instanceof StorageError && error.kind === 'denied')
  ) {
    return m('denied');
  }
  if (error instanceof CheckFailure) return error.report;
  const detail = `${e.name && e.name !== 'Error' ? `${e.name} ` : ''}${e.message ?? String(error)}`.trim();
  return m('failedWith', { detail });
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

async function text(body: Readable): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk.toString();
  return out;
}

/** Where the test's probe objects live (and are removed again), under the default folder. */
const TEST_FOLDER = '.cloudclip-test/';

/**
 * Whether a key is one of the test's probes. Their signed URLs are made by the test and sent only
 * to this app itself, never handed out, so the local route may serve them without an upload record.
 */
export function isStorageTestKey(key: string): boolean {
  return key.startsWith(TEST_FOLDER) || key.includes(`/${TEST_FOLDER}`);
}

/**
 * Tests a storage config with real calls (docs/product/api.md §3.5): list (read), put/get/delete a probe object
 * (write), the browser's presigned PUT-then-GET round trip, and — for S3 — whether the bucket's
 * CORS lets this app's origin PUT and read the ETag. Every failure says what to fix.
 */
export async function testStorageConfig(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  origin: string | null,
): Promise<StorageTestReport> {
  authorize(principal, 'storage.manage');
  const config = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!config) throw new AppError('not_found', 'storageNotFound');
  const pinned = await pinHostKey(ctx, config);
  const driver: StorageDriver = ctx.storage.driverFor(pinned);
  const prefix = config.defaultFolder;
  const probeKey = `${prefix}${TEST_FOLDER}${randomUUID()}.txt`;
  const probe = `cloudclip storage test ${new Date().toISOString()}`;
  const kind = config.storageType;
  const bucket = holdsBucket(kind);

  const read: Check = { success: false, error: null, note: null };
  try {
    const { value, ms } = await timed(() => driver.list(prefix, { limit: 5, delimiter: '/' }));
    Object.assign(read, {
      success: true,
      note: m(bucket ? 'readOk' : 'readFolderOk', { ms }),
      prefix,
      objectCount: value.objects.length + value.prefixes.length,
      firstObjects: value.objects.map((o) => ({
        key: o.key,
        size: o.size,
        lastModified: o.lastModified?.toISOString() ?? null,
      })),
    });
  } catch (error) {
    Object.assign(read, { error: explain(error, kind), note: m(bucket ? 'readFailed' : 'readFolderFailed') });
  }

  const write: Check = { success: false, error: null, note: null };
  try {
    const { ms } = await timed(async () => {
      await driver.write(probeKey, Readable.from([Buffer.from(probe)]), { contentType: 'text/plain' });
      const back = await text((await driver.read(probeKey)).stream);
      if (back !== probe) throw new CheckFailure(m('readBackMismatch'));
    });
    await driver.remove([probeKey]);
    Object.assign(write, {
      success: true,
      note: m('writeOk', { ms }),
      uploadTime: ms,
      testFile: probeKey,
      cleaned: true,
    });
  } catch (error) {
    Object.assign(write, { error: explain(error, kind), note: m('writeFailed'), testFile: probeKey });
    await driver.remove([probeKey]).catch(() => undefined);
  }

  // A storage Cloudclip signs for takes the browser's uploads through this app's own route into the
  // driver the write check used: when that failed, the round trip can only fail the same way, and its
  // HTTP status would hide the reason the write check gives.
  const frontendSim: Check =
    driver.capabilities.appSigned && !write.success
      ? { success: false, skipped: true, error: null, note: m('presignedSkipped') }
      : await browserRoundTrip(ctx, driver, `${prefix}${TEST_FOLDER}${randomUUID()}-presigned.txt`, probe, kind);

  const cors: Check = { success: true, error: null, note: m('corsNotNeeded') };
  if (!driver.capabilities.appSigned) Object.assign(cors, await checkCors(driver, prefix, origin));

  await ctx.db.storageConfig.update({ where: { id }, data: { lastUsedAt: new Date() } });
  const success = read.success && write.success && frontendSim.success && cors.success;
  return {
    success,
    result: {
      read,
      write,
      cors,
      frontendSim,
      connectionInfo: {
        bucket: config.bucketName,
        endpoint: config.endpointUrl,
        region: config.region || 'auto',
        pathStyle: config.pathStyle,
        provider: config.providerType,
        defaultFolder: config.defaultFolder,
        customHost: config.customHost,
        signatureExpiresIn: config.signatureExpiresIn,
        hostKeyFingerprint: pinned.hostKeyFingerprint,
      },
      globalNote: success ? m('allOk') : m('someFailed'),
    },
  };
}

/** The browser's presigned PUT, then GET, of a probe at `simKey`: what an upload from the page does. */
async function browserRoundTrip(
  ctx: ModelContext,
  driver: StorageDriver,
  simKey: string,
  probe: string,
  kind: string,
): Promise<Check> {
  // The local driver signs paths on this app: they are resolved against the app's own address, never
  // against a host taken from the request (a script's Origin, or none at all).
  const base = ctx.config.selfUrl ?? `http://127.0.0.1:${ctx.config.port}`;
  const frontendSim: Check = { success: false, error: null, note: null, steps: {} };
  try {
    const putUrl = new URL(await driver.presignPut(simKey, { expiresIn: 300, contentType: 'text/plain' }), base);
    const put = await timed(() =>
      fetch(putUrl, { method: 'PUT', body: probe, headers: { 'Content-Type': 'text/plain' } }),
    );
    if (!put.value.ok) throw new CheckFailure(m('presignedPutStatus', { status: put.value.status }));
    const getUrl = new URL(await driver.presignGet(simKey, { expiresIn: 300 }), base);
    const get = await timed(() => fetch(getUrl));
    const body = await get.value.text();
    if (!get.value.ok || body !== probe) throw new CheckFailure(m('presignedGetStatus', { status: get.value.status }));
    Object.assign(frontendSim, {
      success: true,
      note: m('presignedOk'),
      steps: {
        step1: { name: 'presigned PUT', success: true, duration: put.ms, etag: put.value.headers.get('etag') },
        step2: { name: 'presigned GET', success: true, duration: get.ms },
      },
      totalDuration: put.ms + get.ms,
    });
  } catch (error) {
    Object.assign(frontendSim, { error: explain(error, kind), note: m('presignedFailed') });
  } finally {
    await driver.remove([simKey]).catch(() => undefined);
  }
  return frontendSim;
}

/**
 * An SFTP storage without a pinned host key pins the one its server shows now (trust on first
 * use, docs/storage.md); from then on a connection to a server with another key is refused. A
 * server that cannot be reached pins nothing: the checks below say why.
 */
async function pinHostKey(ctx: ModelContext, config: StorageConfig): Promise<StorageConfig> {
  if (config.storageType !== 'sftp' || config.hostKeyFingerprint) return config;
  const fingerprint = await hostKeyOf(ctx.storage.sftpOptions(config)).catch(() => null);
  if (!fingerprint) return config;
  ctx.storage.forget(config.id);
  return ctx.db.storageConfig.update({ where: { id: config.id }, data: { hostKeyFingerprint: fingerprint } });
}

/** Browser uploads need the bucket's CORS to allow our origin for PUT and to expose ETag. */
async function checkCors(driver: StorageDriver, prefix: string, origin: string | null): Promise<Partial<Check>> {
  if (!origin) return { success: false, error: m('corsNoOrigin'), note: m('corsNoOrigin') };
  const key = `${prefix}.cloudclip-test/${randomUUID()}-cors.txt`;
  try {
    const url = await driver.presignPut(key, { expiresIn: 300, contentType: 'text/plain' });
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    const allowOrigin = preflight.headers.get('access-control-allow-origin');
    const allowMethods = preflight.headers.get('access-control-allow-methods');
    if (!preflight.ok || (allowOrigin !== '*' && allowOrigin !== origin)) {
      return {
        success: false,
        error: m('corsOriginRefused', { origin }),
        note: m('corsGuide', { origin }),
        statusCode: preflight.status,
        allowOrigin,
        allowMethods,
      };
    }
    const put = await fetch(url, {
      method: 'PUT',
      body: 'cors',
      headers: { Origin: origin, 'Content-Type': 'text/plain' },
    });
    const exposed = (put.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    if (!exposed.split(/\s*,\s*/).includes('etag')) {
      return {
        success: false,
        error: m('corsNoEtag'),
        note: m('corsGuide', { origin }),
        allowOrigin,
        allowMethods,
        uploadSupported: false,
      };
    }
    return {
      success: true,
      error: null,
      note: m('corsOk', { origin }),
      allowOrigin,
      allowMethods,
      uploadSupported: true,
    };
  } catch (error) {
    return { success: false, error: explain(error, 's3'), note: m('corsGuide', { origin }) };
  } finally {
    await driver.remove([key]).catch(() => undefined);
  }
}
