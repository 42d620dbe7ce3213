import { keepKeyOnDevice, rememberKey } from '~/components/ui/sealed-keys';
import { sealedFileHeaderOf, sealFile, SEALED_FILENAME, SEALED_MIMETYPE } from '~/lib/e2e/file';
import type { ShareOptions } from '~/lib/upload/api';
import type { PartSource } from '~/lib/upload/multipart-types';
import type { UploadMeta } from '~/lib/upload/transports';

/** A file encrypted in the page: the bytes, name and options that go instead of its own. */
export interface SealedPlan<O> {
  body: PartSource;
  meta: UploadMeta;
  options: O;
  /** The key its link carries after "#". */
  fragment: string;
}

/**
 * One file of the upload page, encrypted (docs/encryption.md "Files"): its name, type and remark
 * are sealed into the envelope, its records are sealed part by part as they are sent, and the
 * password becomes the verifier. The key stays in this page (ui/sealed-keys.ts) for the result.
 */
export async function sealShareUpload(
  file: File,
  meta: UploadMeta,
  options: ShareOptions,
): Promise<SealedPlan<ShareOptions>> {
  const { remark, password, ...rest } = options;
  const metadata = { name: meta.filename, type: meta.mimetype, remark: remark || null };
  const sealed = await sealFile(file, metadata, password || undefined);
  rememberKey(sealedFileHeaderOf(sealed.envelope), sealed.secret);
  keepKeyOnDevice(sealedFileHeaderOf(sealed.envelope), sealed.secret);
  return {
    body: sealed.source,
    meta: { filename: SEALED_FILENAME, size: sealed.source.size, mimetype: SEALED_MIMETYPE },
    options: { ...rest, envelope: sealed.envelope, ...(sealed.verifier ? { password: sealed.verifier } : {}) },
    fragment: sealed.secret,
  };
}
