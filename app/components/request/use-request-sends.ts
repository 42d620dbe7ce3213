import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { MultipartUploader, type MultipartState } from '~/lib/upload/multipart-uploader';
import { formatBytes } from '~/lib/format';
import { needsMultipart } from '~/lib/upload/part-size';
import { putBlob } from '~/lib/upload/put';
import { REQUEST_STORE_KEY, requestMultipartTransport } from '~/lib/upload/request-transport';
import { uploadErrorText } from '~/lib/upload/upload-error';
import { browserUploadStore, parseStoredUploads, storedBytes, subscribeStoredUploads } from '~/lib/upload/upload-store';
import type { RequestView } from './types';

export interface SendItem {
  id: number;
  file: File;
  /** `refused`: over the request's limits as chosen, so never sent (sending it would only fail). */
  state: 'waiting' | 'sending' | 'paused' | 'sent' | 'failed' | 'refused';
  percent: number;
  /** The name it was stored under, or the reason it failed. */
  said?: string;
  /** Sent in parts: it can be paused, and resumed after a reload. */
  inParts: boolean;
}

/**
 * The files a visitor sends to a request (docs/api-extensions.md §9): small ones in one PUT with
 * progress, big ones (over one part) in parts with the uploader of the upload page, pausable and
 * resumed when the same file is chosen again after a reload (its progress is kept in this browser,
 * apart from the upload page's list). `done` runs when a round of sending ends.
 */
export function useRequestSends(request: RequestView, done: () => void) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<SendItem[]>([]);
  const [sending, setSending] = useState(false);
  const nextId = useRef(0);
  const uploaders = useRef(new Map<number, MultipartUploader>());
  const prefix = `${request.slug}/`;

  const store = () => browserUploadStore(REQUEST_STORE_KEY);
  // Unfinished uploads of this request kept in this browser (none on the server's render).
  const raw = useSyncExternalStore(
    subscribeStoredUploads,
    () => store().snapshot(),
    () => null,
  );
  const stored = useMemo(
    () => parseStoredUploads(raw).filter((entry) => entry.filename.startsWith(prefix)),
    [raw, prefix],
  );
  // Those not in the list already (being sent, or paused, on this page).
  const unfinished = stored.filter(
    (entry) => !items.some((item) => prefix + item.file.name === entry.filename && item.file.size === entry.size),
  );

  const update = (id: number, change: Partial<SendItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const failed = (id: number, failure: unknown) =>
    update(id, { state: 'failed', said: uploadErrorText(failure, { t, exists: (k) => i18n.exists(k) }) });

  /** Why a chosen file cannot be sent at all, said at once rather than after its upload fails. */
  const refusal = (file: File): string | undefined => {
    if (file.size > request.maxFileBytes)
      return t('request.drop.tooBig', { size: formatBytes(file.size), max: formatBytes(request.maxFileBytes) });
    const room = request.maxTotalBytes === null ? Infinity : request.maxTotalBytes - request.bytes;
    if (file.size > room) return t('request.drop.noRoom', { size: formatBytes(file.size), room: formatBytes(room) });
  };

  const add = (files: File[]) => {
    const added = files.map((file): SendItem => {
      const refused = refusal(file);
      return {
        id: nextId.current++,
        file,
        state: refused ? 'refused' : 'waiting',
        said: refused,
        percent: 0,
        inParts: needsMultipart(file.size),
      };
    });
    setItems((current) => [...current.filter((item) => item.state !== 'sent'), ...added]);
  };

  const remove = async (item: SendItem) => {
    await uploaders.current.get(item.id)?.cancel();
    uploaders.current.delete(item.id);
    setItems((current) => current.filter((other) => other.id !== item.id));
  };

  async function sendWhole(item: SendItem, note: string) {
    const headers: Record<string, string> = {};
    if (request.grant) headers['X-Request-Grant'] = request.grant;
    if (note) headers['X-Request-Note'] = encodeURIComponent(note);
    const url = `/api/public/upload-requests/${encodeURIComponent(request.slug)}/files/${encodeURIComponent(item.file.name)}`;
    const answer = await putBlob(url, item.file, {
      headers,
      onProgress: (loaded, total) => update(item.id, { percent: total ? (loaded / total) * 100 : 0 }),
    });
    const stored = (JSON.parse(answer.responseText ?? '{}') as { data?: { name?: string } }).data?.name;
    update(item.id, { state: 'sent', percent: 100, said: stored ?? item.file.name });
  }

  async function sendInParts(item: SendItem, note: string) {
    let uploader = uploaders.current.get(item.id);
    if (!uploader) {
      const { file } = item;
      uploader = new MultipartUploader({
        file,
        transport: requestMultipartTransport(request, { name: file.name, size: file.size, note }),
        // Keyed by the request too: the same file sent to another request is another upload.
        persistence: store().persistenceFor({
          name: prefix + file.name,
          size: file.size,
          lastModified: file.lastModified,
        }),
      });
      uploader.subscribe((event) => {
        if (event.type === 'progress') update(item.id, { percent: event.progress.percent });
      });
      uploaders.current.set(item.id, uploader);
    }
    const state: MultipartState =
      uploader.state === 'idle'
        ? await uploader.start()
        : uploader.state === 'failed'
          ? await uploader.retry()
          : await uploader.resume();
    if (state === 'completed')
      update(item.id, { state: 'sent', percent: 100, said: uploader.result?.filename ?? item.file.name });
    else if (state === 'paused') update(item.id, { state: 'paused' });
    else if (state === 'failed') failed(item.id, uploader.error);
  }

  /** Sends the items given, one after the other. */
  const send = async (which: SendItem[], note: string) => {
    setSending(true);
    for (const item of which) {
      update(item.id, { state: 'sending', said: undefined, ...(item.inParts ? {} : { percent: 0 }) });
      try {
        await (item.inParts ? sendInParts(item, note) : sendWhole(item, note));
      } catch (failure) {
        failed(item.id, failure);
      }
    }
    setSending(false);
    done();
  };

  const pause = (item: SendItem) => uploaders.current.get(item.id)?.pause();

  const unfinishedText = unfinished.length
    ? t('request.drop.unfinished', {
        names: unfinished
          .map(
            (entry) =>
              `${entry.filename.slice(prefix.length)} (${Math.floor((storedBytes(entry) / entry.size) * 100)}%)`,
          )
          .join(', '),
      })
    : null;

  return { items, sending, add, remove, send, pause, unfinishedText };
}
