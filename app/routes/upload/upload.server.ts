import { withFormUpload } from '~/http/html/form-upload.server';
import { assertMayUpload } from '~/models/shares/access';
import type { Principal } from '~/auth/principal';
import { uploadInputFromForm, uploadFormValues, type UploadFormValues } from '~/components/upload/upload-form';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
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
  let values: UploadFormValues | undefined;
  try {
    const file = await withFormUpload(
      services,
      request,
      async (parsed) => {
        values = uploadFormValues(parsed.fields);
        const converted = uploadInputFromForm(parsed.fields);
        if (!converted.ok) throw new UploadFormProblem(converted.field, converted.problem);
        const options = uploadOptionsSchema.parse(converted.input);
        const length = Number(request.headers.get('content-length'));
        return uploadFileShare(services, principal, {
          filename: parsed.filename,
          body: parsed.body,
          size: Number.isFinite(length) && length > 0 ? length : undefined,
          sizeIsExact: false,
          options,
        });
      },
      // Refused before a byte is read when the caller may not upload at all.
      () => assertMayUpload(principal),
    );
    return { ok: true, file };
  } catch (error) {
    return { ok: false, error, values };
  }
}
