import type { Server, ServerResponse } from 'node:http';

/**
 * A graceful shutdown that loses no bytes (docs/architecture.md §12). `server.close()` stops
 * listening and closes the connections idle at that moment. Connections still answering are left
 * alone until their answer is out: a request that arrives while draining is answered with
 * `Connection: close`, and a kept-alive connection closes at its keep-alive timeout.
 *
 * Closing idle connections again while draining is wrong. Node's `closeIdleConnections` destroys a
 * socket as soon as its response has *ended*, even while the end of the body still waits in the
 * socket's buffers for a slow client. An earlier version called it every 250 ms, and on Node 24 an
 * 8 MiB download read slowly was cut short. Ending the socket from the response's 'close' event
 * instead lost the last chunk the same way. What still runs after the grace period is cut.
 */
export function connectionDrain(server: Server) {
  let draining = false;
  return {
    /** Called for every request: while draining, its connection closes after the answer. */
    track(res: ServerResponse): void {
      if (draining) res.setHeader('Connection', 'close');
    },

    /** Stops listening; resolves once every connection has closed, or cut after `graceMs`. */
    drain(graceMs: number): Promise<void> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      return closed.finally(() => clearTimeout(force));
    },
  };
}
