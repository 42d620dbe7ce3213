import type { Request, Response } from 'express';
import { AppError } from '~/lib/errors';
import type { S3Caller } from '~/models/accounts/s3-credentials.server';
import { s3Bucket, s3Buckets, s3List } from '~/models/fs/s3/buckets.server';
import { s3DeleteMany } from '~/models/fs/s3/objects.server';
import { s3ListUploads } from '~/models/fs/s3/multipart.server';
import type { Services } from '~/services.server';
import { s3CodeOf, s3Message } from './errors';
import { s3Payload } from './payload';
import type { S3Target } from './target';
import { quoted, readXml, sendXml, xmlDate } from './xml';

/** The service and bucket operations of the S3 door (docs/s3.md §3). */
export async function serviceRequest(services: Services, req: Request, res: Response, caller: S3Caller) {
  if (req.method !== 'GET') throw new AppError('invalid', 's3NotImplemented');
  const buckets = await s3Buckets(services, caller.principal);
  const owner = { ID: caller.principal.keyId, DisplayName: caller.principal.name ?? caller.principal.keyId };
  sendXml(res, 'ListAllMyBucketsResult', {
    Owner: owner,
    Buckets: { Bucket: buckets.map((b) => ({ Name: b.name, CreationDate: xmlDate(b.created) })) },
  });
}

export async function bucketRequest(services: Services, req: Request, res: Response, at: S3Target, caller: S3Caller) {
  const { principal } = caller;
  const { bucket, query } = at;
  if (req.method === 'HEAD') return void (await s3Bucket(services, principal, bucket), res.status(200).end());
  if (req.method === 'PUT') {
    // CreateBucket of a bucket that is there (rclone, restic ask): done; any other is an admin's mount.
    await s3Bucket(services, principal, bucket).catch(() => {
      throw new AppError('forbidden', 's3BucketsAreMounts');
    });
    return void res.status(200).end();
  }
  if (req.method === 'DELETE') throw new AppError('forbidden', 's3BucketsAreMounts');
  if (req.method === 'POST' && query.has('delete')) return deleteObjects(services, req, res, at, caller);
  if (req.method !== 'GET') throw new AppError('invalid', 's3NotImplemented');
  // What S3 tools ask of a bucket that has nothing to say here: us-east-1, never versioned.
  if (query.has('location') || query.has('versioning')) {
    await s3Bucket(services, principal, bucket);
    return sendXml(res, query.has('location') ? 'LocationConstraint' : 'VersioningConfiguration', {});
  }
  if (query.has('uploads')) {
    const uploads = await s3ListUploads(services, principal, bucket, query.get('prefix') ?? '');
    return sendXml(res, 'ListMultipartUploadsResult', {
      Bucket: bucket,
      IsTruncated: false,
      Upload: uploads.map((u) => ({ Key: u.key, UploadId: u.uploadId, Initiated: xmlDate(u.initiated) })),
    });
  }
  if ([...query.keys()].some((name) => !LIST_PARAMETERS.has(name))) throw new AppError('invalid', 's3NotImplemented');
  return listObjects(services, res, at, caller);
}

const LIST_PARAMETERS = new Set([
  'list-type',
  'prefix',
  'delimiter',
  'max-keys',
  'start-after',
  'continuation-token',
  'marker',
  'encoding-type',
  'fetch-owner',
  'x-id',
]);

/** ListObjectsV2 (list-type=2) and the first ListObjects, which older tools still send. */
async function listObjects(services: Services, res: Response, at: S3Target, caller: S3Caller) {
  const { query, bucket } = at;
  const v2 = query.get('list-type') === '2';
  const maxKeys = Math.max(0, Math.min(1000, Number(query.get('max-keys') ?? 1000) || 0));
  const token = query.get('continuation-token');
  const after = v2
    ? token
      ? Buffer.from(token, 'base64url').toString('utf8')
      : (query.get('start-after') ?? '')
    : (query.get('marker') ?? '');
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const listed = await s3List(services, caller.principal, bucket, { prefix, delimiter, after, maxKeys });
  const url = query.get('encoding-type') === 'url';
  const name = (value: string) => (url ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
  const common = {
    Name: bucket,
    Prefix: name(prefix),
    ...(delimiter && { Delimiter: name(delimiter) }),
    MaxKeys: maxKeys,
    ...(url && { EncodingType: 'url' }),
    IsTruncated: listed.next !== null,
    Contents: listed.objects.map((o) => ({
      Key: name(o.key),
      LastModified: xmlDate(o.modified),
      ETag: quoted(o.etag),
      Size: o.size,
      StorageClass: 'STANDARD',
    })),
    CommonPrefixes: listed.prefixes.map((p) => ({ Prefix: name(p) })),
  };
  if (v2)
    return sendXml(res, 'ListBucketResult', {
      ...common,
      KeyCount: listed.objects.length + listed.prefixes.length,
      ...(token !== undefined && { ContinuationToken: token }),
      ...(query.has('start-after') && { StartAfter: name(query.get('start-after')!) }),
      ...(listed.next !== null && { NextContinuationToken: Buffer.from(listed.next).toString('base64url') }),
    });
  sendXml(res, 'ListBucketResult', {
    ...common,
    Marker: name(query.get('marker') ?? ''),
    ...(listed.next !== null && { NextMarker: name(listed.next) }),
  });
}

async function deleteObjects(services: Services, req: Request, res: Response, at: S3Target, caller: S3Caller) {
  const xml = await readXml(s3Payload(req, caller).body);
  const root = xml.Delete as { Object?: { Key?: string }[]; Quiet?: string } | undefined;
  if (!root || !Array.isArray(root.Object) || root.Object.some((o) => typeof o.Key !== 'string'))
    throw new AppError('invalid', 's3MalformedXml');
  const results = await s3DeleteMany(
    services,
    caller.principal,
    at.bucket,
    root.Object.map((o) => o.Key!),
  );
  const quiet = root.Quiet === 'true';
  const errors = results
    .filter((r) => r.error)
    .map((r) => ({ Key: r.key, Code: s3CodeOf(r.error!)[1], Message: s3Message(req, r.error!) }));
  sendXml(res, 'DeleteResult', {
    Deleted: quiet ? [] : results.filter((r) => !r.error).map((r) => ({ Key: r.key })),
    Error: errors,
  });
}
