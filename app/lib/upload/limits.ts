/** Business constants of the browser uploader (docs/product/spec.md §9). */

/** Parts of one multipart upload in flight at once. */
export const PART_CONCURRENCY = 3;
/** Retries of a failed part, after the first attempt. */
export const PART_RETRIES = 3;
/** Wait before retry n: n × this. */
export const RETRY_DELAY_MS = 1000;
/** One PUT (a part or a whole small file) may take this long. */
export const PUT_TIMEOUT_MS = 300_000;
/** Persisted multipart progress is discarded after this long. */
export const STORED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
