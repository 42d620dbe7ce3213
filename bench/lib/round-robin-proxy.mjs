// A small round-robin HTTP proxy on 127.0.0.1 (issue 16 item 5): "several replicas behind one
// address". Each request goes to the next app process in turn, bodies streamed both ways, Host kept,
// over keep-alive connections. Used by the replica test (tests/integration/replicas.test.ts) and the
// database benchmark (bench/databases.bench.mjs). A real deployment puts nginx or a load balancer here.
import http from 'node:http';

/** @param {string[]} targets the app processes' base URLs */
export function startRoundRobinProxy(targets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}
