import type { CompletedPart, MultipartInitData, MultipartRef, MultipartResumeData, UploadedFile } from './api';
import type { UploadProgress } from './progress';
import type { PutFunction } from './put';

/* The multipart uploader's contract (docs/product/spec.md §3–§4): its states and events, its chunks, and what it is
   given: the transport to the server and storage, and where its progress survives a reload. */

/** docs/product/spec.md §4: the multipart uploader's states. */
export type MultipartState = 'idle' | 'uploading' | 'paused' | 'completed' | 'failed' | 'aborted';

/** docs/product/spec.md §4: where an upload is, shown to the user as text. */
export type UploadStage = 'starting' | 'initializing' | 'uploading' | 'processing' | 'completing' | 'completed';

export type ChunkStatus = 'pending' | 'uploading' | 'completed' | 'failed';

/** docs/product/spec.md §3: a multipart chunk. `end` is exclusive. */
export interface Chunk {
  partNumber: number;
  start: number;
  end: number;
  size: number;
  status: ChunkStatus;
  retryCount: number;
  etag: string | null;
}

/** The server calls and the PUT of a multipart upload (file or URL flavour), injected for tests. */
export interface MultipartTransport {
  /** Starts the upload on the server (the share options are bound in by the caller). */
  init(input: { partSize: number }, signal?: AbortSignal): Promise<MultipartInitData>;
  /** Server truth after a pause or a reload: parts already stored, fresh URLs for the rest. */
  resume?(ref: MultipartRef, signal?: AbortSignal): Promise<MultipartResumeData>;
  complete(input: MultipartRef & { parts: CompletedPart[] }): Promise<UploadedFile>;
  abort(ref: MultipartRef): Promise<unknown>;
  put: PutFunction;
}

/** What survives a reload (upload-store.ts adds the file's identity and the time). Never the password. */
export interface PersistedMultipart {
  file_id: string;
  upload_id: string;
  slug: string;
  partSize: number;
  parts: CompletedPart[];
}

export interface MultipartPersistence {
  load(): PersistedMultipart | null;
  save(state: PersistedMultipart): void;
  clear(): void;
}

export type UploaderEvent =
  | { type: 'state'; state: MultipartState; previous: MultipartState }
  | { type: 'stage'; stage: UploadStage }
  | { type: 'progress'; progress: UploadProgress }
  | { type: 'chunk'; chunk: Readonly<Chunk> };

/**
 * The bytes a multipart upload sends: a Blob, or one that makes each part when it is sent (the
 * sealed records of an encrypted upload, app/lib/e2e/file.ts), with the part size it needs.
 */
export interface PartSource {
  readonly size: number;
  slice(start: number, end: number): Blob | Promise<Blob>;
  /** Absent: the plan's part size for this size (part-size.ts). */
  readonly partSize?: number;
}

export interface MultipartUploaderOptions {
  file: PartSource;
  transport: MultipartTransport;
  persistence?: MultipartPersistence;
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  partTimeoutMs?: number;
  now?: () => number;
}
