import { ListMultipartUploadsCommand, ListPartsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { UploadedPart } from '../types';
import { mapError, unquote } from './s3-client.server';

// The S3 driver's listings of multipart uploads, page after page (s3.server.ts).

/** The parts an upload holds so far. */
export async function listParts(
  client: S3Client,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<UploadedPart[]> {
  const parts: UploadedPart[] = [];
  let marker: string | undefined;
  do {
    const out = await client
      .send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }))
      .catch((e) => mapError(e, key));
    for (const p of out.Parts ?? [])
      parts.push({ partNumber: p.PartNumber!, etag: unquote(p.ETag) ?? '', size: p.Size ?? 0 });
    marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
  } while (marker);
  return parts;
}

/** Multipart uploads under `prefix` started before `before` (for the janitor). */
export async function listStaleUploads(
  client: S3Client,
  bucket: string,
  before: Date,
  prefix: string,
): Promise<{ key: string; uploadId: string }[]> {
  const stale: { key: string; uploadId: string }[] = [];
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const out = await client
      .send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: prefix || undefined,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      )
      .catch((e) => mapError(e, prefix));
    for (const upload of out.Uploads ?? []) {
      if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before)
        stale.push({ key: upload.Key, uploadId: upload.UploadId });
    }
    keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
    uploadIdMarker = out.IsTruncated ? out.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return stale;
}
