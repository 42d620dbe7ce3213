import type { CompletedPart, PartUrl, UploadedFile } from './api';
import type {
  Chunk,
  PartSource,
  MultipartPersistence,
  MultipartState,
  MultipartTransport,
  MultipartUploaderOptions,
  UploaderEvent,
  UploadStage,
} from './multipart-types';
import { requireFields } from './api';
import { PART_CONCURRENCY, PART_RETRIES, PUT_TIMEOUT_MS, RETRY_DELAY_MS } from './limits';
import { PartScheduler } from './part-scheduler';
import { partSizeFor } from './part-size';
import { applyServerParts, newPartTable, persistedOf, type Session } from './part-table';
import { SpeedMeter, type UploadProgress } from './progress';
import { toUploadError, UploadError } from './upload-error';

export type {
  MultipartState,
  UploadStage,
  ChunkStatus,
  Chunk,
  MultipartTransport,
  PersistedMultipart,
  MultipartPersistence,
  UploaderEvent,
  MultipartUploaderOptions,
} from './multipart-types';

/**
 * One multipart upload as a state machine (docs/product/spec.md §4): idle → uploading → completed, with paused,
 * failed and aborted on the way. Parts go 3 at a time; a failed part is retried 3 times after
 * 1 s, 2 s, 3 s. Pause starts no new part but lets the parts in flight finish, so the bytes already
 * sent are kept and the progress shown never falls back (a part that fails meanwhile simply waits
 * for the resume); leaving the page aborts them instead. Resume works only from paused, retry only
 * from failed. Both ask the server which parts it holds first (when the transport can), so expired
 * URLs are renewed and the server's parts are the truth. Which part goes when is the scheduler's
 * (part-scheduler.ts); what the server holds and what a reload keeps, the part table's (part-table.ts).
 */
export class MultipartUploader {
  readonly file: PartSource;
  private readonly transport: MultipartTransport;
  private readonly persistence?: MultipartPersistence;
  private opening: Promise<void> | null = null;
  private readonly parts: PartScheduler;
  private readonly speed: SpeedMeter;

  private _state: MultipartState = 'idle';
  private _stage: UploadStage = 'starting';
  private _error: UploadError | null = null;
  private _result: UploadedFile | null = null;
  private _chunks: Chunk[] = [];
  private session: Session | null = null;
  private urls = new Map<number, string>();
  private listeners = new Set<(event: UploaderEvent) => void>();
  /** Bumped by pause and cancel: a run that sees another number stops quietly. */
  private runId = 0;
  private waiter: { resolve: () => void; reject: (error: UploadError) => void } | null = null;
  private abortSent = false;

  constructor(options: MultipartUploaderOptions) {
    this.file = options.file;
    this.transport = options.transport;
    this.persistence = options.persistence;
    this.speed = new SpeedMeter(options.now);
    this.parts = new PartScheduler(
      {
        file: this.file,
        chunks: () => this._chunks,
        urlOf: (partNumber) => this.urls.get(partNumber)!,
        sending: () => this._state === 'uploading' && this.waiter !== null,
        paused: () => this._state === 'paused',
        changed: (chunk) => {
          if (chunk) this.emit({ type: 'chunk', chunk });
          this.emitProgress();
        },
        stored: (chunk) => {
          this.persist();
          this.emit({ type: 'chunk', chunk });
          this.emitProgress();
        },
        allStored: () => this.releaseWaiter(),
        gaveUp: (error) => this.failParts(error),
      },
      this.transport,
      {
        concurrency: options.concurrency ?? PART_CONCURRENCY,
        retries: options.retries ?? PART_RETRIES,
        retryDelayMs: options.retryDelayMs ?? RETRY_DELAY_MS,
        partTimeoutMs: options.partTimeoutMs ?? PUT_TIMEOUT_MS,
      },
    );
  }

  get state(): MultipartState {
    return this._state;
  }
  get stage(): UploadStage {
    return this._stage;
  }
  get error(): UploadError | null {
    return this._error;
  }
  /** The share record, once completed. */
  get result(): UploadedFile | null {
    return this._result;
  }
  get chunks(): readonly Readonly<Chunk>[] {
    return this._chunks;
  }
  get slug(): string | null {
    return this.session?.slug ?? null;
  }
  /** docs/product/spec.md §4: a paused or failed upload counts as resumable. */
  get resumable(): boolean {
    return this._state === 'paused' || this._state === 'failed';
  }
  /** Pause and cancel do nothing once the parts are all sent and the server is assembling the file. */
  get finishing(): boolean {
    return this._state === 'uploading' && (this._stage === 'processing' || this._stage === 'completing');
  }

  subscribe(listener: (event: UploaderEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  progress(): UploadProgress {
    let loaded = this.parts.loadedInFlight();
    for (const chunk of this._chunks) if (chunk.status === 'completed') loaded += chunk.size;
    const total = this.file.size;
    const percent = total === 0 ? (this._state === 'completed' ? 100 : 0) : Math.floor((loaded / total) * 100);
    return { loaded, total, percent: Math.min(100, percent), speed: this.speed.rate(loaded) };
  }

  /** Starts (or, with a persisted entry, resumes after a reload). Resolves when the upload rests. */
  start(): Promise<MultipartState> {
    if (this._state !== 'idle')
      throw new UploadError('client', 'the upload was already started', { code: 'uploadFailed' });
    return this.run(false);
  }

  /** Only from paused (docs/product/spec.md §4), else throws the 'can only resume a paused upload' error. */
  resume(): Promise<MultipartState> {
    if (this._state !== 'paused')
      throw new UploadError('client', 'can only resume a paused upload', { code: 'notPaused' });
    return this.run(true);
  }

  /** Only from failed: failed parts start over with fresh retries. */
  retry(): Promise<MultipartState> {
    if (this._state !== 'failed')
      throw new UploadError('client', 'only a failed upload can be retried', { code: 'uploadFailed' });
    for (const chunk of this._chunks) {
      if (chunk.status === 'failed') chunk.status = 'pending';
      chunk.retryCount = 0;
    }
    return this.run(true);
  }

  /**
   * Starts no new part; the parts in flight finish and count, unless `abortInFlight` (the page is
   * going away), which drops them and their progress. Returns false when there was nothing to pause.
   */
  pause({ abortInFlight = false } = {}): boolean {
    if (this._state !== 'uploading' || this.finishing) return false;
    this.runId++;
    if (abortInFlight) this.parts.drop();
    else this.parts.clearRetries();
    this.setState('paused');
    this.releaseWaiter();
    this.emitProgress();
    return true;
  }

  /** Stops everything and aborts the upload on the server (its record and stored parts go). */
  async cancel(): Promise<void> {
    if (this._state === 'completed' || this._state === 'aborted' || this.finishing) return;
    this.runId++;
    this.parts.drop();
    this.setState('aborted');
    this.releaseWaiter();
    this.persistence?.clear();
    this.emitProgress();
    await this.abortOnServer();
  }

  private async run(refresh: boolean): Promise<MultipartState> {
    const runId = ++this.runId;
    this._error = null;
    this.speed.reset();
    this.setState('uploading');
    try {
      if (!this.session || refresh) {
        this.setStage('initializing');
        if (!this.session) await this.opened();
        else await this.refreshSession();
        if (this._state === 'aborted') await this.abortOnServer();
        if (runId !== this.runId) return this._state;
      }
      this.setStage('uploading');
      this.emitProgress();
      await this.sendParts();
      if (runId !== this.runId) return this._state;

      this.setStage('processing');
      const parts = this._chunks.map((c) => ({ partNumber: c.partNumber, etag: c.etag ?? '' }));
      if (parts.some((p) => !p.etag)) throw new UploadError('client', 'a part has no ETag', { code: 'incompleteInfo' });
      this.setStage('completing');
      const session = this.session!;
      const result = await this.transport.complete({ file_id: session.file_id, upload_id: session.upload_id, parts });
      this._result = result;
      this.persistence?.clear();
      this.setStage('completed');
      this.setState('completed');
      this.emitProgress();
    } catch (error) {
      if (runId === this.runId && this._state === 'uploading') this.fail(toUploadError(error));
    }
    return this._state;
  }

  /**
   * One session is opened at a time: a resume while the first init is still on its way (paused
   * during "initializing") waits for that one instead of starting a second upload on the server,
   * which nothing would ever complete or abort.
   */
  private opened(): Promise<void> {
    this.opening ??= this.openSession().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /** A persisted upload of this file is resumed when the server still has it; else a new one starts. */
  private async openSession(): Promise<void> {
    const saved = this.persistence?.load();
    if (saved && this.transport.resume) {
      try {
        const data = await this.transport.resume({ file_id: saved.file_id, upload_id: saved.upload_id });
        const session = {
          file_id: saved.file_id,
          upload_id: saved.upload_id,
          slug: saved.slug,
          partSize: saved.partSize,
        };
        this.adopt(session, data.partSize ?? saved.partSize, data.presigned_urls, data.parts ?? [], data.partCount);
        this.persist();
        return;
      } catch (error) {
        const e = toUploadError(error);
        if (e.status !== 404 && e.status !== 403) throw e;
        // Cancelled, reaped or expired on the server (or started by another account in this browser): start afresh.
        this.persistence?.clear();
      }
    }
    const data = requireFields(
      await this.transport.init({ partSize: this.file.partSize ?? partSizeFor(this.file.size) }),
      ['file_id', 'upload_id', 'partSize', 'presigned_urls'],
    );
    const session = { file_id: data.file_id, upload_id: data.upload_id, slug: data.slug, partSize: data.partSize };
    this.adopt(session, data.partSize, data.presigned_urls, [], data.partCount);
    this.persist();
  }

  /** After a pause or a failure: the server says which parts it holds and signs the rest again. */
  private async refreshSession(): Promise<void> {
    if (!this.transport.resume) return;
    const session = this.session!;
    try {
      const data = await this.transport.resume({ file_id: session.file_id, upload_id: session.upload_id });
      this.adopt(session, data.partSize ?? session.partSize, data.presigned_urls, data.parts ?? [], data.partCount);
      this.persist();
    } catch (error) {
      const e = toUploadError(error);
      if (e.status !== 404 || this._state !== 'uploading') throw e;
      // Gone on the server (a failed complete removes it): start over.
      this.session = null;
      this._chunks = [];
      this.persistence?.clear();
      await this.openSession();
    }
  }

  private adopt(session: Session, partSize: number, urls: PartUrl[], stored: CompletedPart[], partCount?: number) {
    if (!Array.isArray(urls) || !(partSize > 0))
      throw new UploadError('client', 'no part URLs', { code: 'incompleteInfo' });
    const fresh = this._chunks.length === 0 || this.session?.partSize !== partSize;
    this.session = { ...session, partSize };
    if (fresh) {
      this.parts.drop(); // parts of another size are no use
      this._chunks = newPartTable(this.file.size, partSize);
    }
    if (partCount !== undefined && partCount !== this._chunks.length)
      throw new UploadError('client', `expected ${this._chunks.length} parts, the server has ${partCount}`, {
        code: 'incompleteInfo',
      });
    for (const url of urls) this.urls.set(url.partNumber, url.url);
    applyServerParts(
      this._chunks,
      stored,
      (partNumber) => this.urls.has(partNumber),
      (partNumber) => this.parts.isInFlight(partNumber),
    );
  }

  /** Resolves when every part is stored, or when paused/cancelled; rejects when a part gives up. */
  private sendParts(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.parts.pump();
    });
  }

  /** A part gave up: the run fails (the scheduler has stopped the others). */
  private failParts(error: UploadError) {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(error);
  }

  private releaseWaiter() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.resolve();
  }

  private fail(error: UploadError) {
    this._error = error;
    this.parts.drop();
    this.setState('failed');
    this.emitProgress();
  }

  private async abortOnServer() {
    if (!this.session || this.abortSent) return;
    this.abortSent = true;
    await this.transport
      .abort({ file_id: this.session.file_id, upload_id: this.session.upload_id })
      .catch(() => undefined);
  }

  private persist() {
    if (!this.persistence || !this.session || this._state === 'aborted') return;
    this.persistence.save(persistedOf(this.session, this._chunks));
  }

  private setState(state: MultipartState) {
    if (state === this._state) return;
    const previous = this._state;
    this._state = state;
    this.emit({ type: 'state', state, previous });
  }

  private setStage(stage: UploadStage) {
    if (stage === this._stage) return;
    this._stage = stage;
    this.emit({ type: 'stage', stage });
  }

  private emitProgress() {
    this.emit({ type: 'progress', progress: this.progress() });
  }

  private emit(event: UploaderEvent) {
    for (const listener of this.listeners) listener(event);
  }
}
