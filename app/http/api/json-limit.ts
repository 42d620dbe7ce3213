/**
 * Body size for JSON requests, for the API's JSON parser (app/http/api/index.ts) and the lane that
 * reads a paste's body before Express (paste-create-lane.ts); uploads stream and never pass through it.
 */
export const JSON_LIMIT_BYTES = 10 * 1024 * 1024;
