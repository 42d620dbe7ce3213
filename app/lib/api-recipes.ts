/**
 * The commands the scripts page (/api-docs) hands a logged-in key: each one exactly what runs, with
 * the key and this server's address filled in. Keys hold only [A-Za-z0-9_-] (docs/product/api.md
 * §1.10), so single quotes are enough for a POSIX shell.
 */

const SAMPLE_FILE = 'photo.jpg';
/** What the commands carry for a visitor who is not logged in with a key. */
export const KEY_PLACEHOLDER = 'YOUR_KEY';

export function textCommand(origin: string, key: string): string {
  return `curl -sS -H 'Authorization: ApiKey ${key}' -H 'Content-Type: application/json' -d '{"content":"Hello from curl"}' '${origin}/api/paste'`;
}

/** An encrypted text through the script /api-docs/e2e-crypt.mjs (docs/encryption.md): answers its whole link. */
export function sealedTextCommand(origin: string, key: string): string {
  return `curl -sSO '${origin}/api-docs/e2e-crypt.mjs' && echo 'Hello, privately' > note.txt && node e2e-crypt.mjs paste note.txt --server '${origin}' --key '${key}'`;
}

/** The same script seals a file on the caller's machine and shares it (docs/encryption.md "Files"). */
export function sealedFileCommand(origin: string, key: string): string {
  return `curl -sSO '${origin}/api-docs/e2e-crypt.mjs' && node e2e-crypt.mjs file ${SAMPLE_FILE} --server '${origin}' --key '${key}'`;
}

export function fileCommand(origin: string, key: string): string {
  return `curl -sS -H 'Authorization: ApiKey ${key}' -T ${SAMPLE_FILE} '${origin}/api/upload-direct/${SAMPLE_FILE}'`;
}

/** A new upload request into `folder` (docs/api-extensions.md §9): its link is in the answer's `data.url`. */
export function requestCommand(origin: string, key: string): string {
  return `curl -sS -H 'Authorization: ApiKey ${key}' -H 'Content-Type: application/json' -d '{"title":"Invoices","folder":"/local/inbox"}' '${origin}/api/upload-requests'`;
}

/**
 * The S3 door (docs/s3.md): the AWS CLI listing the buckets. The secret is shown only when the key's
 * S3 credentials are made, so the command carries placeholders for the pair.
 */
export function s3Command(endpoint: string): string {
  return `AWS_ACCESS_KEY_ID=YOUR_S3_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=YOUR_S3_SECRET AWS_DEFAULT_REGION=us-east-1 aws --endpoint-url '${endpoint}' s3 ls`;
}

/** A tus upload in one request (creation-with-upload, docs/tus.md) into a mount folder. */
export function tusCommand(origin: string, key: string): string {
  const meta = (value: string) => btoa(value);
  return `curl -sS -X POST -H 'Authorization: ApiKey ${key}' -H 'Tus-Resumable: 1.0.0' -H "Upload-Length: $(wc -c < ${SAMPLE_FILE})" -H 'Upload-Metadata: filename ${meta(SAMPLE_FILE)},path ${meta('/local/inbox')}' -H 'Content-Type: application/offset+octet-stream' --data-binary @${SAMPLE_FILE} '${origin}/api/tus/'`;
}

/** Sending a file to an upload request: anyone with its link, no key (curl adds the file's name). */
export function sendToRequestCommand(origin: string): string {
  return `curl -T ${SAMPLE_FILE} '${origin}/r/LINK/'`;
}

/**
 * A ShareX custom uploader (.sxcu): PUT the file to upload-direct, and answer the share page built
 * from the slug in the JSON answer (docs/product/api.md §3.4).
 */
export function sharexUploader(origin: string, key: string) {
  return {
    Version: '15.0.0',
    Name: `Cloudclip (${new URL(origin).host})`,
    DestinationType: 'ImageUploader, TextUploader, FileUploader',
    RequestMethod: 'PUT',
    RequestURL: `${origin}/api/upload-direct/{filename}`,
    Headers: { Authorization: `ApiKey ${key}` },
    Body: 'Binary',
    URL: `${origin}/file/{json:data.slug}`,
    ErrorMessage: '{json:message}',
  };
}
