import type { Chunk, MultipartTransport, PartSource } from './multipart-types';
import { toUploadError, UploadError } from './upload-error';

/** What the scheduler asks of the upload it sends parts for (the uploader, multipart-uploader.ts). */
export interface PartHost {
  readonly file: PartSource;
  /** The part table (part-table.ts), changed in place. */
  chunks(): Chunk[];
  urlOf(partNumber: number): string;
  /** Parts may be sent: the upload runs and waits for its parts. */
  sending(): boolean;
  /** Paused: a part that fails now waits for the resume. */
  paused(): boolean;
  /** A part changed status, or its bytes moved. */
  changed(chunk: Chunk | null): void;
  /** A part is stored with its ETag (the uploader keeps it for a reload). */
  stored(chunk: Chunk): void;
  /** Every part is stored. */
  allStored(): void;
  /** A part gave up: the run fails with this. */
  gaveUp(error: UploadError): void;
}

interface InFlight {
  controller: AbortController;
  loaded: number;
}

/**
 * Which part goes when (docs/product/spec.md §4): `concurrency` at a time; a failed part is retried
 * `retries` times after `retryDelayMs` × its attempt while the next part takes its slot; a part
 * answered without an ETag fails at once (storage hides it: no retry helps). Parts in flight can
 * be dropped; their late answers are then ignored.
 */
export class PartScheduler {
  private readonly inFlight = new Map<number, InFlight>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped whenever the parts in flight are dropped: their late callbacks are ignored. */
  private epoch = 0;

  constructor(
    private readonly host: PartHost,
    private readonly transport: MultipartTransport,
    readonly limits: { concurrency: number; retries: number; retryDelayMs: number; partTimeoutMs: number },
  ) {}

  isInFlight(partNumber: number): boolean {
    return this.inFlight.has(partNumber);
  }

  /** The bytes of the parts on their way (they count in the progress until they finish or drop). */
  loadedInFlight(): number {
    let loaded = 0;
    for (const part of this.inFlight.values()) loaded += part.loaded;
    return loaded;
  }

  /** Sends pending parts into the free slots; tells the host once every part is stored. */
  pump(): void {
    if (!this.host.sending()) return;
    const chunks = this.host.chunks();
    if (chunks.every((c) => c.status === 'completed')) return this.host.allStored();
    while (this.inFlight.size < this.limits.concurrency) {
      const next = chunks.find((c) => c.status === 'pending');
      if (!next) break;
      this.send(next);
    }
  }

  /** Aborts the parts in flight and the pending retries; they become pending again. */
  drop(): void {
    this.epoch++;
    for (const [partNumber, part] of this.inFlight) {
      part.controller.abort();
      const chunk = this.host.chunks().find((c) => c.partNumber === partNumber);
      if (chunk) chunk.status = 'pending';
    }
    this.inFlight.clear();
    this.clearRetries();
  }

  /** Cancels the waiting retries: their parts become pending again, with the retries they have left. */
  clearRetries(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const chunk of this.host.chunks())
      if (chunk.status === 'failed' && chunk.retryCount <= this.limits.retries) chunk.status = 'pending';
  }

  private send(chunk: Chunk): void {
    const epoch = this.epoch;
    const entry: InFlight = { controller: new AbortController(), loaded: 0 };
    const current = () => epoch === this.epoch && this.inFlight.get(chunk.partNumber) === entry;
    chunk.status = 'uploading';
    this.inFlight.set(chunk.partNumber, entry);
    this.host.changed(chunk);
    Promise.resolve(this.host.file.slice(chunk.start, chunk.end))
      .then((body) =>
        this.transport.put(this.host.urlOf(chunk.partNumber), body, {
          signal: entry.controller.signal,
          timeoutMs: this.limits.partTimeoutMs,
          onProgress: (loaded) => {
            if (!current()) return;
            entry.loaded = Math.min(loaded, chunk.size);
            this.host.changed(null);
          },
        }),
      )
      .then(
        (answer) => {
          if (!current()) return;
          this.inFlight.delete(chunk.partNumber);
          if (!answer.etag) {
            if (this.waitsForResume(chunk)) return;
            // Storage hid the ETag (CORS): retrying cannot help.
            chunk.status = 'failed';
            this.giveUp(new UploadError('client', `part ${chunk.partNumber} has no ETag`, { code: 'incompleteInfo' }));
            return;
          }
          chunk.status = 'completed';
          chunk.etag = answer.etag;
          this.host.stored(chunk);
          this.pump();
        },
        (error) => {
          if (!current()) return;
          this.inFlight.delete(chunk.partNumber);
          if (this.waitsForResume(chunk)) return;
          this.failed(chunk, toUploadError(error));
        },
      );
  }

  /**
   * A part that fails after a pause is simply sent again on resume: no retry is spent on a
   * connection the user may have paused for. (One stored after a pause counts like any other.)
   */
  private waitsForResume(chunk: Chunk): boolean {
    if (!this.host.paused()) return false;
    chunk.status = 'pending';
    this.host.changed(chunk);
    return true;
  }

  private failed(chunk: Chunk, error: UploadError): void {
    chunk.retryCount++;
    chunk.status = 'failed';
    this.host.changed(chunk);
    const { retries, retryDelayMs } = this.limits;
    if (chunk.retryCount > retries) {
      this.giveUp(
        new UploadError(error.kind === 'cancelled' ? 'network' : error.kind, `part ${chunk.partNumber} failed`, {
          code: 'partFailed',
          params: { part: chunk.partNumber, retries },
          status: error.status,
          cause: error,
        }),
      );
      return;
    }
    const epoch = this.epoch;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (epoch !== this.epoch || chunk.status !== 'failed') return;
      chunk.status = 'pending';
      this.pump();
    }, retryDelayMs * chunk.retryCount);
    this.timers.add(timer);
    // The free slot goes to the next part meanwhile.
    this.pump();
  }

  /** A part gave up: the others stop, and the run fails. */
  private giveUp(error: UploadError): void {
    this.drop();
    this.host.gaveUp(error);
  }
}
