import { randomInt } from 'node:crypto';

/**
 * autocannon's options for one of a benchmark's requests at `base`: 50 connections, quiet; with
 * `paths`, each request takes one of them at random (a long tail of pastes, not one hot row).
 */
export function cannonOptions(base, request) {
  return {
    url: base + request.path,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    ...(request.paths && {
      requests: [{ setupRequest: (req) => ({ ...req, path: request.paths[randomInt(request.paths.length)] }) }],
    }),
    connections: 50,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  };
}
