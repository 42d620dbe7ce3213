import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createUploadApi, type ShareOptions } from '~/lib/upload/api';
import { directUpload } from '~/lib/upload/direct-upload';
import { MultipartUploader } from '~/lib/upload/multipart-uploader';
import { needsMultipart } from '~/lib/upload/part-size';
import type { UploadProgress } from '~/lib/upload/progress';
import type { SealedPlan } from './sealed-upload';
import { putBlob } from '~/lib/upload/put';
import {
  fileDirectTransport,
  fileMultipartTransport,
  type UploadMeta,
  type UploadTransports,
} from '~/lib/upload/transports';
import { toUploadError } from '~/lib/upload/upload-error';
import {
  isActive,
  isFinished,
  isWaiting,
  mimetypeOf,
  noProgress,
  patchOf,
  type ItemStatus,
  type UploadItem,
} from './upload-items';
import {
  browserUploadStore,
  fileFingerprint,
  parseStoredUploads,
  storedBytes,
  subscribeStoredUploads,
  type StoredUpload,
  type UploadStore,
} from '~/lib/upload/upload-store';

interface Controller<O> {
  options: O;
  uploader?: MultipartUploader;
  abort?: AbortController;
  unsubscribe?: () => void;
}

const api = createUploadApi();
let sharedStore: UploadStore | null = null;
const store = () => (sharedStore ??= browserUploadStore());

/** The upload page's transports: share uploads, multipart resumable after a reload. */
const shareTransports: UploadTransports<ShareOptions> = {
  direct: (meta, options) => fileDirectTransport(api, putBlob, meta, options),
  multipart: (meta, options) => fileMultipartTransport(api, putBlob, meta, options),
  resumable: true,
};

export type { ItemStatus, UploadItem } from './upload-items';
export { isActive, isFinished };

/** How often the file list shows new progress figures. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * The JavaScript file uploader of /upload and the mount explorer: a list of files, each uploaded
 * straight to storage (one PUT, or multipart with pause/resume when larger than a part), one file
 * after the other. `transports` say where the bytes go (share uploads by default). With resumable
 * transports multipart progress is kept in localStorage, so choosing the same file after a reload
 * resumes it.
 */
export function useFileUploads<O = ShareOptions>({
  maxBytes,
  getOptions,
  onBatchDone,
  onItemDone,
  transports = shareTransports as unknown as UploadTransports<O>,
  seal,
}: {
  maxBytes: number;
  /** The share options currently in the form (the target folder in the explorer), or null when they are invalid. */
  getOptions: () => O | null;
  /** After "Upload": the final state of every file it started, and how many files the list holds. */
  onBatchDone: (items: UploadItem[], listed: number) => void;
  /** After a resume or retry outside a batch, and how many files the list holds. */
  onItemDone: (item: UploadItem, listed: number) => void;
  transports?: UploadTransports<O>;
  /** Encrypts a file in the page when the form asks for it (sealed-upload.ts); null sends it as it is. */
  seal?: (file: File, meta: UploadMeta, options: O) => Promise<SealedPlan<O> | null>;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const itemsRef = useRef<UploadItem[]>([]);
  const controllers = useRef(new Map<string, Controller<O>>());
  const sequence = useRef(0);
  const handlers = useRef({ getOptions, onBatchDone, onItemDone, maxBytes, transports, seal });
  useEffect(() => {
    handlers.current = { getOptions, onBatchDone, onItemDone, maxBytes, transports, seal };
  });

  const raw = useSyncExternalStore(
    subscribeStoredUploads,
    () => store().snapshot(),
    () => null,
  );
  const stored = useMemo(() => parseStoredUploads(raw), [raw]);
  // Expired entries go (docs/product/spec.md §4: 24 h).
  useEffect(() => {
    store().list();
  }, []);

  const commit = useCallback((next: UploadItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);
  const [announcement, setAnnouncement] = useState<{ name: string; status: ItemStatus; percent: number } | null>(null);
  // Progress arrives on every XHR progress event (hundreds a second over several parts): the list
  // re-renders with the latest figures at most every PROGRESS_INTERVAL_MS, which keeps the page's
  // main thread (style, layout, paint) from competing with the upload for the CPU.
  const pendingProgress = useRef(new Map<string, UploadProgress>());
  const progressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushProgress = useCallback(() => {
    progressTimer.current = null;
    const pending = pendingProgress.current;
    if (pending.size === 0) return;
    commit(
      itemsRef.current.map((item) => (pending.has(item.id) ? { ...item, progress: pending.get(item.id)! } : item)),
    );
    pending.clear();
  }, [commit]);
  const reportProgress = useCallback(
    (id: string, progress: UploadProgress) => {
      pendingProgress.current.set(id, progress);
      progressTimer.current ??= setTimeout(flushProgress, PROGRESS_INTERVAL_MS);
    },
    [flushProgress],
  );
  useEffect(() => () => clearTimeout(progressTimer.current ?? undefined), []);

  const update = useCallback(
    (id: string, patch: Partial<UploadItem>) => {
      const before = itemsRef.current.find((item) => item.id === id);
      // A state change carries the latest progress with it; a newer figure replaces a pending one.
      const pending = pendingProgress.current.get(id);
      pendingProgress.current.delete(id);
      if (pending && !patch.progress) patch = { ...patch, progress: pending };
      commit(itemsRef.current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
      // Screen readers hear when a file rests (not every percent).
      if (before && patch.status && patch.status !== before.status && patch.status !== 'uploading')
        setAnnouncement({
          name: before.file.name,
          status: patch.status,
          percent: (patch.progress ?? before.progress).percent,
        });
    },
    [commit],
  );
  const find = useCallback((id: string) => itemsRef.current.find((item) => item.id === id), []);

  const dispose = useCallback((id: string) => {
    controllers.current.get(id)?.unsubscribe?.();
    controllers.current.delete(id);
  }, []);

  /** Uploads one file; resolves when it rests (success, error, cancelled or paused). */
  const runItem = useCallback(
    async (id: string, options: O): Promise<void> => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return;
      dispose(id);
      // Skipped before any upload: the list says it is too large and offers to remove it.
      if (item.tooLarge) return;
      const { file } = item;
      // A file of a chosen folder keeps its place in it ("photos/2024/a.jpg"); only the explorer offers folders.
      const meta = { filename: file.webkitRelativePath || file.name, size: file.size, mimetype: mimetypeOf(file) };
      const { transports } = handlers.current;
      // Encrypted: the sealed records go up instead of the file, under sealed options; an upload
      // started again seals again (a new key: the old one was never kept).
      let sealed: SealedPlan<O> | null;
      try {
        sealed = (await handlers.current.seal?.(file, meta, options)) ?? null;
      } catch (error) {
        update(id, { status: 'error', error: toUploadError(error) });
        return;
      }
      const sent = sealed ?? { body: file, meta, options };
      if (sealed) update(id, { fragment: sealed.fragment });
      if (!item.multipart || !transports.multipart) {
        const abort = new AbortController();
        controllers.current.set(id, { options, abort });
        update(id, { status: 'uploading', stage: 'starting', error: null, progress: noProgress(file.size) });
        try {
          const body = sealed ? await sealed.body.slice(0, sealed.body.size) : file;
          const result = await directUpload(body, transports.direct(sent.meta, sent.options), {
            signal: abort.signal,
            onStage: (stage) => update(id, { stage }),
            onProgress: (progress) => reportProgress(id, progress),
          });
          update(id, {
            status: 'success',
            stage: 'completed',
            result,
            progress: { loaded: file.size, total: file.size, percent: 100, speed: 0 },
          });
        } catch (error) {
          const e = toUploadError(error);
          update(id, e.kind === 'cancelled' ? { status: 'cancelled', error: null } : { status: 'error', error: e });
        }
        return;
      }
      const uploader = new MultipartUploader({
        file: sent.body,
        transport: transports.multipart(sent.meta, sent.options),
        // The key lives in this page only: an encrypted upload pauses and resumes, but not past a reload.
        persistence: transports.resumable && !sealed ? store().persistenceFor(file) : undefined,
      });
      const unsubscribe = uploader.subscribe((event) => {
        // With the uploader's own figure: leaving the page drops the parts in flight from it.
        if (event.type === 'state') update(id, { ...patchOf(uploader), progress: uploader.progress() });
        else if (event.type === 'stage') update(id, { stage: event.stage });
        else if (event.type === 'progress') reportProgress(id, event.progress);
      });
      controllers.current.set(id, { options, uploader, unsubscribe });
      update(id, { status: 'uploading', stage: 'starting', error: null, progress: noProgress(file.size) });
      await uploader.start();
    },
    [dispose, update, reportProgress],
  );

  const settled = useCallback((id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (item) handlers.current.onItemDone(item, itemsRef.current.length);
  }, []);

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      let next = [...itemsRef.current];
      const resume: string[] = [];
      for (const file of files) {
        const fingerprint = fileFingerprint(file);
        if (next.some((i) => i.fingerprint === fingerprint && !isFinished(i))) continue; // already listed
        // The same file again replaces a failed or cancelled attempt.
        for (const old of next.filter((i) => i.fingerprint === fingerprint && i.status !== 'success')) dispose(old.id);
        next = next.filter((i) => i.fingerprint !== fingerprint || i.status === 'success');
        const { transports } = handlers.current;
        const multipart = Boolean(transports.multipart) && needsMultipart(file.size);
        const saved = multipart && transports.resumable ? store().get(fingerprint) : null;
        const item: UploadItem = {
          id: `upload-${++sequence.current}`,
          file,
          fingerprint,
          multipart,
          status: 'pending',
          stage: 'starting',
          progress: noProgress(file.size),
          error: null,
          result: null,
          resumeFrom: saved && file.size ? Math.floor((storedBytes(saved) / file.size) * 100) : null,
          tooLarge: file.size > handlers.current.maxBytes,
        };
        next.push(item);
        if (saved && !item.tooLarge) resume.push(item.id);
      }
      commit(next);
      // Choosing the file of an interrupted upload resumes it at once (its options were set when it began).
      const options = resume.length ? handlers.current.getOptions() : null;
      if (options) for (const id of resume) void runItem(id, options).then(() => settled(id));
    },
    [commit, dispose, runItem, settled],
  );

  const startAll = useCallback(
    async (options: O) => {
      const ids = itemsRef.current.filter(isWaiting).map((i) => i.id);
      if (!ids.length) return;
      setRunning(true);
      try {
        for (const id of ids) {
          if (find(id)?.status === 'pending') await runItem(id, options);
        }
      } finally {
        setRunning(false);
      }
      const batch = ids.map(find).filter((i): i is UploadItem => i !== undefined);
      handlers.current.onBatchDone(batch, itemsRef.current.length);
    },
    [find, runItem],
  );

  const pause = useCallback((id: string) => {
    controllers.current.get(id)?.uploader?.pause();
  }, []);

  const resume = useCallback(
    (id: string) => {
      const uploader = controllers.current.get(id)?.uploader;
      if (!uploader) return;
      try {
        void uploader.resume().then(() => settled(id));
      } catch (error) {
        update(id, { error: toUploadError(error) });
      }
    },
    [settled, update],
  );

  const retry = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      const uploader = controller?.uploader;
      if (uploader && uploader.state === 'failed') {
        void uploader.retry().then(() => settled(id));
        return;
      }
      const options = controller?.options ?? handlers.current.getOptions();
      if (options) void runItem(id, options).then(() => settled(id));
    },
    [runItem, settled],
  );

  const cancel = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      if (controller?.uploader) void controller.uploader.cancel();
      else if (controller?.abort) controller.abort.abort();
      else update(id, { status: 'cancelled' });
    },
    [update],
  );

  const remove = useCallback(
    (id: string) => {
      const item = find(id);
      if (!item || item.status === 'uploading' || item.status === 'paused') return;
      dispose(id);
      commit(itemsRef.current.filter((i) => i.id !== id));
    },
    [commit, dispose, find],
  );

  const clearFinished = useCallback(() => {
    for (const item of itemsRef.current.filter(isFinished)) dispose(item.id);
    commit(itemsRef.current.filter((i) => !isFinished(i)));
  }, [commit, dispose]);

  /** Gives up an upload interrupted by a reload: aborted on the server, forgotten here. */
  const discardStored = useCallback((entry: StoredUpload) => {
    void api.multipartAbort({ file_id: entry.file_id, upload_id: entry.upload_id }).catch(() => undefined);
    store().remove(entry.fingerprint);
  }, []);

  // Leaving the page: multipart uploads pause (they stay resumable), single PUTs are cancelled.
  useEffect(() => {
    const all = controllers.current;
    return () => {
      for (const controller of all.values()) {
        controller.uploader?.pause({ abortInFlight: true });
        controller.abort?.abort();
        controller.unsubscribe?.();
      }
      all.clear();
    };
  }, []);

  const active = items.some(isActive);
  // A reload or a closed tab would stop the uploads: the browser asks first.
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const listed = new Set(items.map((i) => i.fingerprint));
  return {
    items,
    announcement,
    running,
    active,
    /** A batch or a resumed upload is on its way: the main button waits for both. */
    busy: running || active,
    /** Files a click on "Upload" would send: the too-large ones are not counted. */
    pendingCount: items.filter(isWaiting).length,
    tooLargeCount: items.filter((i) => i.tooLarge && i.status === 'pending').length,
    /** Interrupted uploads found in localStorage that are not in the list. */
    resumable: transports.resumable ? stored.filter((entry) => !listed.has(entry.fingerprint)) : [],
    addFiles,
    startAll,
    pause,
    resume,
    retry,
    cancel,
    remove,
    clearFinished,
    discardStored,
  };
}
