import type { Request, Response } from 'express';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { S3Caller } from '~/models/accounts/s3-credentials.server';
import { s3Copy, s3Delete, s3Open, s3Put, s3ReadWhole, type S3Object } from '~/models/fs/s3/objects.server';
import {
  s3AbortUpload,
  s3CompleteUpload,
  s3CreateUpload,
  s3ListParts,
  s3UploadPart,
  s3UploadPartCopy,
} from '~/models/fs/s3/multipart.server';
import type { Services } from '~/services.server';
import { holdStreamSlot } from '../api/stream-slots';
import { pour } from '../pour.server';
import { parseRange } from '../serve-file.server';
import { s3Payload } from './payload';
import type { S3Target } from './target';
import { quoted, readXml, sendXml, xmlDate } from './xml';

/**
 * The object operations of the S3 door (docs/s3.md §3): each parses, calls one model function
 * (app/models/fs/s3/) and answers as S3 does.
 */
export async function objectRequest(services: Services, req: Request, res: Response, at: S3Target, caller: S3Caller) {
  const { principal } = caller;
  const { bucket, key, query } = at;
  const uploadId = query.get('uploadId');
  switch (req.method) {
    case 'HEAD':
    case 'GET':
      if (uploadId !== undefined) return listParts(services, res, principal, at, uploadId);
      return getObject(services, req, res, principal, at);
    case 'PUT': {
      const source = req.get('x-amz-copy-source');
      if (uploadId !== undefined) {
        const partNumber = Number(query.get('partNumber'));
        const upload = { bucket, key, uploadId, partNumber };
        if (source) {
          const from = copySource(source);
          const range = req.get('x-amz-copy-source-range');
          const span = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
          if (range && !span) throw new AppError('invalid', 's3CopySourceInvalid');
          const part = await s3UploadPartCopy(services, principal, upload, {
            ...from,
            range: span ? { start: Number(span[1]), end: Number(span[2]) } : undefined,
          });
          return sendXml(res, 'CopyPartResult', { ETag: quoted(part.etag), LastModified: xmlDate(part.modified) });
        }
        const payload = s3Payload(req, caller);
        if (payload.size === undefined) throw new AppError('invalid', 's3LengthRequired');
        const part = await s3UploadPart(services, principal, upload, payload.body, payload.size);
        return void res.status(200).set('ETag', quoted(part.etag)).end();
      }
      if (source) {
        const copied = await s3Copy(services, principal, copySource(source), { bucket, key });
        return sendXml(res, 'CopyObjectResult', { ETag: quoted(copied.etag), LastModified: xmlDate(copied.modified) });
      }
      const payload = s3Payload(req, caller);
      const written = await s3Put(services, principal, bucket, key, payload.body, {
        size: payload.size,
        contentType: req.get('content-type'),
      });
      return void res.status(200).set('ETag', quoted(written.etag)).end();
    }
    case 'POST':
      if (query.has('uploads')) {
        const id = await s3CreateUpload(services, principal, bucket, key, req.get('content-type'));
        return sendXml(res, 'InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: id });
      }
      if (uploadId !== undefined) {
        const parts = partsOf(await readXml(s3Payload(req, caller).body));
        const done = await s3CompleteUpload(services, principal, { bucket, key, uploadId }, parts);
        return sendXml(res, 'CompleteMultipartUploadResult', {
          Location: `/${bucket}/${key}`,
          Bucket: bucket,
          Key: key,
          ETag: quoted(done.etag),
        });
      }
      throw new AppError('invalid', 's3NotImplemented');
    case 'DELETE':
      if (uploadId !== undefined) await s3AbortUpload(services, principal, { bucket, key, uploadId });
      else await s3Delete(services, principal, bucket, key);
      return void res.status(204).end();
    default:
      throw new AppError('invalid', 's3NotImplemented');
  }
}

/** Headers that make a GetObject depend on what the object is, before it is read. */
const CONDITIONS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

async function getObject(services: Services, req: Request, res: Response, principal: Principal, at: S3Target) {
  if (req.method === 'GET') holdStreamSlot(services.downloadStreams, req, res);
  if (req.method === 'GET' && CONDITIONS.every((name) => req.get(name) === undefined)) {
    // The whole object: described by its read, one storage request (decision 0049).
    const { object, read } = await s3ReadWhole(services, principal, at.bucket, at.key);
    describeObject(res, object);
    res.set('Content-Length', String(read.contentLength));
    return void (await pour(read.stream, res));
  }
  const file = await s3Open(services, principal, at.bucket, at.key);
  const { object } = file;
  const etag = describeObject(res, object);
  const modified = object.modified ? Math.floor(object.modified.getTime() / 1000) : null;
  const since = (name: string) => {
    const value = req.get(name);
    const time = value ? Date.parse(value) : NaN;
    return Number.isNaN(time) || modified === null ? null : Math.floor(time / 1000);
  };
  const ifMatch = req.get('if-match');
  const ifNoneMatch = req.get('if-none-match');
  const unmodifiedSince = since('if-unmodified-since');
  const modifiedSince = since('if-modified-since');
  // RFC 9110 §13.2.2's order, as S3 follows it.
  if (ifMatch !== undefined ? !matches(ifMatch, etag) : unmodifiedSince !== null && modified! > unmodifiedSince)
    throw new AppError('invalid', 's3PreconditionFailed');
  if (ifNoneMatch !== undefined ? matches(ifNoneMatch, etag) : modifiedSince !== null && modified! <= modifiedSince)
    return void res.status(304).end();
  const range = parseRange(req.get('range'), object.size);
  if (range === 'invalid') throw new AppError('range_not_satisfiable', 'rangeNotSatisfiable');
  if (req.method === 'HEAD') {
    res.set('Content-Length', String(range ? range.end! - range.start + 1 : object.size));
    if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    return void res.end();
  }
  const read = await file.read(range ?? undefined);
  res.set('Content-Length', String(read.contentLength));
  if (read.range) res.status(206).set('Content-Range', `bytes ${read.range.start}-${read.range.end}/${read.size}`);
  await pour(read.stream, res);
}

/** The object's headers, as S3 sends them with its bytes; answers its quoted ETag. */
function describeObject(res: Response, object: S3Object): string {
  const etag = quoted(object.etag);
  res.set({ ETag: etag, 'Accept-Ranges': 'bytes', 'Content-Type': object.contentType });
  if (object.modified) res.set('Last-Modified', object.modified.toUTCString());
  return etag;
}

const matches = (header: string, etag: string) =>
  header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag || `"${t}"` === etag);

async function listParts(services: Services, res: Response, principal: Principal, at: S3Target, uploadId: string) {
  const parts = await s3ListParts(services, principal, { bucket: at.bucket, key: at.key, uploadId });
  sendXml(res, 'ListPartsResult', {
    Bucket: at.bucket,
    Key: at.key,
    UploadId: uploadId,
    MaxParts: 10000,
    IsTruncated: false,
    Part: parts.map((p) => ({ PartNumber: p.partNumber, ETag: quoted(p.etag), Size: p.size })),
  });
}

/** x-amz-copy-source: "/bucket/key" or "bucket/key", percent-encoded (a version id is not ours to honour). */
function copySource(header: string): { bucket: string; key: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(header.split('?')[0]!.replace(/^\//, ''));
  } catch {
    throw new AppError('invalid', 's3CopySourceInvalid');
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) throw new AppError('invalid', 's3CopySourceInvalid');
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

/** CompleteMultipartUpload's body: its parts' numbers and ETags. */
function partsOf(xml: Record<string, unknown>) {
  const root = xml.CompleteMultipartUpload as { Part?: { PartNumber?: string; ETag?: string }[] } | undefined;
  if (!root || !Array.isArray(root.Part)) throw new AppError('invalid', 's3MalformedXml');
  return root.Part.map((part) => {
    const partNumber = Number(part.PartNumber);
    if (!Number.isInteger(partNumber) || typeof part.ETag !== 'string') throw new AppError('invalid', 's3MalformedXml');
    return { partNumber, etag: part.ETag };
  });
}
