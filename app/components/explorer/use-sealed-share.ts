import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { sealShareUpload } from '~/components/upload/sealed-upload';
import { formFields, uploadInputFromForm } from '~/components/upload/upload-form';
import { mimetypeOf } from '~/components/upload/upload-items';
import { fsDownloadHref } from '~/lib/explorer';
import { createUploadApi, type UploadedFile } from '~/lib/upload/api';
import { directUpload } from '~/lib/upload/direct-upload';
import { MultipartUploader } from '~/lib/upload/multipart-uploader';
import { needsMultipart } from '~/lib/upload/part-size';
import type { UploadProgress } from '~/lib/upload/progress';
import { putBlob } from '~/lib/upload/put';
import { fileDirectTransport, fileMultipartTransport } from '~/lib/upload/transports';
import { errorFromEnvelope, UploadError, uploadErrorText } from '~/lib/upload/upload-error';
import type { SealedPlan } from '~/components/upload/sealed-upload';
import type { ShareOptions } from '~/lib/upload/api';

export type SealedShareState =
  | { state: 'idle' }
  | { state: 'working'; percent: number }
  | { state: 'done'; page: string; fragment: string }
  | { state: 'failed'; message: string };

const api = createUploadApi();

/** Sends a sealed file as the upload page does: one PUT, or parts when it is larger than a part. */
async function send(plan: SealedPlan<ShareOptions>, onProgress: (p: UploadProgress) => void): Promise<UploadedFile> {
  if (!needsMultipart(plan.body.size)) {
    const body = await plan.body.slice(0, plan.body.size);
    return directUpload(body, fileDirectTransport(api, putBlob, plan.meta, plan.options), { onProgress });
  }
  const uploader = new MultipartUploader({
    file: plan.body,
    transport: fileMultipartTransport(api, putBlob, plan.meta, plan.options),
  });
  uploader.subscribe((event) => event.type === 'progress' && onProgress(event.progress));
  if ((await uploader.start()) !== 'completed' || !uploader.result)
    throw uploader.error ?? new UploadError('client', 'the upload stopped', { code: 'uploadFailed' });
  return uploader.result;
}

/**
 * The explorer's "share, encrypted in the browser" (docs/encryption.md "Files"): a share that points
 * at the mounted file would let the server read it, so the page reads the file instead, seals it
 * with its name, and uploads the copy as a new share, as the upload page does. The file on the
 * mount stays as it is; the link carries the key, which only this page has seen.
 */
export function useSealedShare(filePath: string, name: string) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<SealedShareState>({ state: 'idle' });
  const run = async (form: HTMLFormElement) => {
    const converted = uploadInputFromForm(formFields(form));
    if (!converted.ok) return setState({ state: 'failed', message: t(`upload.form.${converted.problem}`) });
    setState({ state: 'working', percent: 0 });
    try {
      const response = await fetch(fsDownloadHref(filePath), { credentials: 'same-origin' });
      if (!response.ok) throw errorFromEnvelope(response.status, await response.json().catch(() => null));
      // A Blob lives in the browser's blob store, not this page's heap; the records seal from it part by part.
      const file = new File([await response.blob()], name);
      const plan = await sealShareUpload(
        file,
        { filename: name, size: file.size, mimetype: mimetypeOf(file) },
        converted.input,
      );
      const result = await send(plan, (progress) => setState({ state: 'working', percent: progress.percent }));
      setState({
        state: 'done',
        page: new URL(result.url, window.location.origin).toString(),
        fragment: plan.fragment,
      });
    } catch (error) {
      setState({ state: 'failed', message: uploadErrorText(error, { t, exists: (key) => i18n.exists(key) }) });
    }
  };
  return { ...state, run } as SealedShareState & { run: typeof run };
}
