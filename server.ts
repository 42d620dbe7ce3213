/**
 * Process entry: configuration, Express, static files, the Vite dev middleware in development,
 * listening, graceful shutdown. Everything else is in app/http/express.server.ts, which Vite builds.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import express from 'express';
import type { Express } from 'express';
import { ConfigError, loadConfig } from './app/config.server';
import { createLogger, type Logger } from './app/log.server';
import { precompressed } from './app/http/precompressed.server';
import { connectionDrain } from './app/http/connection-drain';
import { createRequestLog } from './app/http/request-log';
import { enableCompileCache } from './app/compile-cache.server';

type AppModule = {
  createApp: (config: ReturnType<typeof loadConfig>, log: Logger) => Promise<Express>;
  closeServices: () => Promise<void>;
  answerBeforeExpress: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  createS3Door: (config: ReturnType<typeof loadConfig>, log: Logger) => Promise<Express>;
};

// A log that cannot be written (a collector that went away: EPIPE; a full disk) must never take
// the server down: without a listener, a failed write to stdout is an unhandled 'error' event.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

// Bytes streamed through the app from S3, WebDAV and SFTP arrive in buffers of their own (Node's
// HTTP parser and ssh2 copy each chunk): external memory to V8, which by default starts a full
// collection of the whole heap for every 64 MB of it. Counted in the heap's global limit instead,
// half as many (docs/architecture.md §6). Only under npm start's heap limit: without one, that global
// limit lets the process grow by hundreds of MiB. Set here, not on the command line, so that a later
// V8 without the flag warns instead of refusing to start.
if (v8.getHeapStatistics().heap_size_limit <= 1024 ** 3)
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');

const LISTEN_BACKLOG = 4096;

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // Before the log exists: the mistakes go to standard error as they are, one per line.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
const log = createLogger(config);
const root = path.dirname(fileURLToPath(import.meta.url));
// In production this file runs as build/server.js; in development from the project root.
const projectRoot = config.isProduction ? path.resolve(root, '..') : root;

async function main() {
  const app = express();
  app.disable('x-powered-by');
  // Production answers the open paste's JSON view before Express (app/http/api/paste-view-lane.ts).
  let answerBeforeExpress: AppModule['answerBeforeExpress'] = () => false;
  // The port is open before the app is loaded (PORT=0 has to be known first): what arrives in that
  // second is told to come back, not given Express's bare 404 (a health check or a reload mid-restart).
  let ready = false;
  const logRequest = createRequestLog(log);
  const { server, port, drain } = await listen(config.port, logRequest, (req, res) => {
    if (!ready) return answerStarting(res);
    const answered = answerBeforeExpress(req, res);
    if (answered === false) app(req, res);
    // On PostgreSQL the lane answers later; whatever it leaves (or fails at) goes on to Express.
    else if (answered !== true)
      answered.then(
        (done) => done || app(req, res),
        () => app(req, res),
      );
  });
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  config.selfUrl = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;

  let appModule: AppModule;
  let closeVite: (() => Promise<void>) | undefined;
  if (config.isProduction) {
    const buildDir = path.join(projectRoot, 'build');
    // Hashed build assets are immutable; other public files may change between releases.
    const assets = express.static(path.join(buildDir, 'client'), { immutable: true, maxAge: '1y', index: false });
    const files = express.static(path.join(buildDir, 'client'), {
      maxAge: '1h',
      index: false,
      // The worker and the manifest are looked at again on every visit: a new release shows at once.
      setHeaders: (res, file) => {
        if (/(^|[\\/])(sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(file))
          res.setHeader('Cache-Control', 'no-cache');
      },
    });
    const compressed = precompressed(path.join(buildDir, 'client'));
    // What the build put at the top of client/ ("assets", "sw.js", "favicon.ico", …) is all the
    // static files can be: a page URL (/paste/x, /api/…, /dav/…) goes to the app without a stat()
    // of the file system first (issue 29).
    const topLevel = new Set(fs.readdirSync(path.join(buildDir, 'client')));
    app.use((req, res, next) => {
      if (!topLevel.has(req.path.split('/', 2)[1] ?? '')) return next();
      compressed(req, res, () => (req.path.startsWith('/assets/') ? assets : files)(req, res, next));
    });
    const appBuild = path.join(buildDir, 'server/index.js');
    enableCompileCache(config.dataDir, appBuild);
    appModule = (await import(appBuild)) as AppModule;
    app.use(await appModule.createApp(config, log));
    answerBeforeExpress = appModule.answerBeforeExpress;
  } else {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    });
    closeVite = () => devServer.close();
    app.use(devServer.middlewares);
    const load = () => devServer.ssrLoadModule('./app/http/express.server.ts') as Promise<AppModule>;
    appModule = await load();
    await appModule.createApp(config, log);
    // Load the handler per request so that edits are picked up without a restart.
    app.use(async (req, res, next) => {
      try {
        const mod = await load();
        (await mod.createApp(config, log))(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  }

  ready = true;

  // The S3 door on its own port of the same host (docs/s3.md, decision 0040); S3_PORT=0: none.
  const s3Door = config.s3Port === 0 ? null : await appModule.createS3Door(config, log);
  const s3 = s3Door && (await listen(config.s3Port, logRequest, (req, res) => s3Door(req, res)));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const grace = config.shutdownGraceSeconds;
    log.info(`${signal} received: finishing requests in flight (up to ${grace} s), then stopping`);
    // Stop accepting connections and let requests in flight (downloads, upload parts) finish; connections
    // are closed as they fall idle; what still runs after the grace period is cut
    // (docs/deploy.md, "Stopping and upgrading").
    await Promise.all([drain(grace * 1000), s3?.drain(grace * 1000)]);
    await closeVite?.();
    await appModule.closeServices();
    log.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Announced only once the signal handlers are in place: whoever waits for this line may stop us at once.
  if (s3) log.info(`S3 door serving at http://${config.host}:${s3.port}`);
  log.info(`Cloudclip listening on http://${config.host}:${port} (data: ${config.dataDir})`);
  // Whoever waits for that line reads it now, not with the log's next batch (app/log.server.ts).
  log.flush();
}

/** 503 with Retry-After while the app loads; both languages, as no locale is known yet. */
function answerStarting(res: ServerResponse) {
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1', 'Cache-Control': 'no-store' });
  res.end('Cloudclip is starting: try again in a moment.\nCloudclip 正在启动，请稍后再试。\n');
}

/**
 * Node refuses request heads over 16 KiB with a bare 431; the explorer opens a panel on its
 * selection with a GET that names every entry (`?do=delete&name=…`), and select all in a folder of
 * 10,000 files makes a 200 KiB URL (issue 46). 1 MiB stays under Chromium's 2 MB URL limit, and
 * holds a connection to less than the 10 MB JSON body the API already reads (app/http/api/index.ts).
 */
const MAX_HEADER_BYTES = 1024 * 1024;

/**
 * A server on `port` of HOST (the app's, and the S3 door's): every request logged and tracked for the
 * graceful drain, a deep accept queue, keep-alive as clients expect it. Resolves once it listens.
 */
async function listen(
  port: number,
  logRequest: ReturnType<typeof createRequestLog>,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    logRequest(req, res);
    connections.track(res);
    handle(req, res);
  });
  const connections = connectionDrain(server); // in place before listen(), so before any request
  // A deep accept queue: a burst of connections waits for the event loop instead of being refused
  // (the kernel caps it at net.core.somaxconn).
  server.listen(port, config.host, LISTEN_BACKLOG);
  // Clients drop an idle connection a second before the `Keep-Alive: timeout=5` Node announces; a
  // client that runs late under load then reuses a socket the server closed at that same moment
  // (ECONNRESET). The announced value is whole seconds (floor), so this keeps announcing 5 while
  // closing a second later — what Node 24's keepAliveTimeoutBuffer does, on every Node version.
  server.keepAliveTimeout = 5_999;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port, drain: connections.drain };
}

main().catch((error) => {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  log.flush();
  process.exit(1);
});
