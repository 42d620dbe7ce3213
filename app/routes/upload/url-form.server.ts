import { assertMayUpload } from '~/models/shares/access';
import type { Principal } from '~/auth/principal';
import { uploadFormValues, uploadInputFromForm } from '~/components/upload/upload-form';
import type { UrlFormValues } from '~/components/upload/UrlUploadForm';
import { AppError } from '~/lib/errors';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { isHttpUrl } from '~/lib/upload/url-upload';
import type { FileShareRecord } from '~/models/shares/records.server';
import { uploadShareFromUrl } from '~/models/shares/create/url-upload.server';
import type { Services } from '~/services.server';

/** A mistake in the URL form's own fields, found before anything is fetched: a key of the locales. */
export class UrlFormProblem extends Error {
  constructor(
    readonly field: 'url' | 'expiry' | 'expiryDays',
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

export type UrlFormOutcome =
  { ok: true; file: FileShareRecord } | { ok: false; error: unknown; values?: UrlFormValues };

/** The form's string fields. */
async function fieldsOf(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of await request.formData()) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * The URL tab's action without JavaScript (intent "url"): the server fetches the URL (SSRF-safe,
 * capped at the max upload size) and stores it as a share with the form's options.
 */
export async function uploadFromUrlForm(
  services: Services,
  principal: Principal,
  request: Request,
): Promise<UrlFormOutcome> {
  let values: UrlFormValues | undefined;
  try {
    assertMayUpload(principal);
    const fields = await fieldsOf(request);
    // Only the URL form posts url-encoded; anything else is a file form without its file.
    if (fields.intent !== 'url') throw new AppError('invalid', 'fileRequired');
    values = { ...uploadFormValues(fields), url: (fields.url ?? '').trim() };
    if (!isHttpUrl(values.url)) throw new UrlFormProblem('url', 'upload.url.invalid');
    const converted = uploadInputFromForm(fields);
    if (!converted.ok) throw new UrlFormProblem(converted.field, `upload.form.${converted.problem}`);
    const options = uploadOptionsSchema.parse(converted.input);
    const file = await uploadShareFromUrl(services, principal, values.url, options);
    return { ok: true, file };
  } catch (error) {
    return { ok: false, error, values };
  }
}
