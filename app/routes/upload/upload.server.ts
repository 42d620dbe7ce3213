import { drain } from '~/http/html/drain.server';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { assertMayUpload } from '~/models/shares/access';
import type { Principal } from '~/auth/principal';
import { uploadInputFromForm, uploadFormValues, type UploadFormValues } from '~/components/upload/upload-form';
import { parseUpload } from '~/http/multipart.server';
import { AppError } from '~/lib/errors';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { uploadFileShare } from '~/models/shares/files.server';
import { maxUploadBytes } from '~/models/shares/upload-limits.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import type { Services } from '~/services.server';

/** A problem with the form's own fields (the expiry choice), found before any byte is stored. */
export class UploadFormProblem extends Error {
  constructor(
    readonly field: 'expiry' | 'expiryDays',
    readonly problem: string,
  ) {
    super(problem);
  }
}

export type UploadOutcome =
  { ok: true; file: FileShareRecord } | { ok: false; error: unknown; values?: UploadFormValues };

/**
 * The /upload form's action: streams the multipart body (options first, the file last) through
 * parseUpload straight into uploadFileShare, which stores the object and then the record. Nothing is
 * held whole in memory, and a failure leaves no row and no object behind.
 */
export async function uploadFromForm(
  services: Services,
  principal: Principal,
  request: Request,
): Promise<UploadOutcome> {
  const body = request.body ? Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>) : null;
  let values: UploadFormValues | undefined;
  try {
    // Refuse before reading a byte when the caller may not upload at all.
    assertMayUpload(principal);
    if (!body) throw new AppError('invalid', 'fileRequired');
    const spoolDir = path.join(services.config.dataDir, 'tmp');
    await fsp.mkdir(spoolDir, { recursive: true });
    const parsed = await parseUpload(Object.fromEntries(request.headers), body, {
      dir: spoolDir,
      maxBytes: await maxUploadBytes(services),
    });
    try {
      values = uploadFormValues(parsed.fields);
      const converted = uploadInputFromForm(parsed.fields);
      if (!converted.ok) throw new UploadFormProblem(converted.field, converted.problem);
      const options = uploadOptionsSchema.parse(converted.input);
      if (!parsed.filename) throw new AppError('invalid', 'fileRequired');
      const length = Number(request.headers.get('content-length'));
      const file = await uploadFileShare(services, principal, {
        filename: parsed.filename,
        body: parsed.body,
        size: Number.isFinite(length) && length > 0 ? length : undefined,
        sizeIsExact: false,
        options,
      });
      return { ok: true, file };
    } catch (error) {
      parsed.body.destroy();
      throw error;
    } finally {
      await parsed.cleanup();
    }
  } catch (error) {
    if (body) await drain(body);
    return { ok: false, error, values };
  }
}
