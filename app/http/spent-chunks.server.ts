import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives back the memory of streamed chunks sooner (docs/decisions/0047-young-collections.md).
 *
 * A chunk read from S3, WebDAV or SFTP is a small object on V8's heap holding bytes outside it.
 * Written, it is garbage, but its bytes come back only when a collection visits it. Streaming
 * allocates little on the heap, so V8's young generation (32 MiB here) rarely fills and the bytes
 * piled up until they set off full collections of the whole heap: 4–8 per 256 MiB from S3, with
 * their helper threads about half the app's CPU for the download. A young collection every
 * NUDGE_BYTES streamed frees the chunks that died since, for well under a millisecond each.
 *
 * Only streams pay: the young generation keeps V8's size, as everything else wants it (a 1 MiB
 * one for the whole process did the same for downloads, but made a server under a CPU quota of
 * 0.15 core take 45 s and more for its first sign-in instead of 6–11 s). Chunks of the local
 * driver's reused buffers (storage/read-buffers.ts) are not garbage and are not counted.
 */
const NUDGE_BYTES = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor'; execution: 'async' }) => void;

/**
 * V8's gc(), taken without exposing it to the app: the flag is on only while a new context is
 * made, whose global has it. Null when a later V8 does not offer it; streaming then works as it
 * did before, with the full collections.
 */
function takeCollect(): Collect | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const collect: unknown = vm.runInNewContext('gc');
    return typeof collect === 'function' ? (collect as Collect) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Taken at the first nudge, not at start-up: a server that streams nothing never makes the context. */
let collect: Collect | null | undefined;
let sinceNudge = 0;
let nudges = 0;

/** Counts bytes a stream has written; every NUDGE_BYTES of them (all streams together) asks for a young collection. */
export function streamedBytes(bytes: number): void {
  sinceNudge += bytes;
  if (sinceNudge < NUDGE_BYTES) return;
  sinceNudge = 0;
  // Taken once: a V8 without gc() is not asked again every 4 MiB.
  if (collect === undefined) collect = takeCollect();
  if (!collect) return;
  nudges++;
  // Asynchronous: V8 runs it as a task of its own, never inside the write that counted.
  collect({ type: 'minor', execution: 'async' });
}

/** How many young collections streams have asked for so far (for tests). */
export function youngCollectionsAsked(): number {
  return nudges;
}
