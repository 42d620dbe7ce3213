import { PUT_TIMEOUT_MS } from './limits';
import { cancelledError, errorFromEnvelope, UploadError } from './upload-error';

export interface PutOptions {
  headers?: Record<string, string>;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Default 300 s (docs/product/spec.md §9). */
  timeoutMs?: number;
}

export interface PutResult {
  status: number;
  /** The ETag response header (quotes kept), or null when storage did not expose it. */
  etag: string | null;
  /** The answer's body as text (our own endpoints answer with an envelope). */
  responseText?: string;
}

export type PutFunction = (url: string, body: Blob, options?: PutOptions) => Promise<PutResult>;

/**
 * PUTs a Blob with XMLHttpRequest (fetch has no upload progress), to a presigned storage URL or
 * to the app's local-storage URL. No cookies are sent: the URL's signature is the authorization.
 */
export const putBlob: PutFunction = (url, body, options = {}) =>
  new Promise<PutResult>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(cancelledError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.timeout = options.timeoutMs ?? PUT_TIMEOUT_MS;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(body.size, body.size);
        return resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag'), responseText: xhr.responseText });
      }
      // Our own endpoints answer with an envelope whose message key the page translates.
      const envelope = jsonOf(xhr.responseText);
      if (envelope && typeof envelope === 'object' && 'error' in envelope)
        return reject(errorFromEnvelope(xhr.status, envelope));
      const kind = xhr.status >= 500 ? 'server' : 'http';
      reject(new UploadError(kind, `storage answered HTTP ${xhr.status}`, { status: xhr.status, code: 'http' }));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('network', 'network error', { code: 'network' }));
    };
    xhr.ontimeout = () => {
      done();
      reject(new UploadError('network', 'timed out', { code: 'timeout' }));
    };
    xhr.onabort = () => {
      done();
      reject(cancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
