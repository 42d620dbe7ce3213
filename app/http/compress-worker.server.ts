import { Worker } from 'node:worker_threads';
import type { Encoding } from './compress.server';

/**
 * The paste page lane's compressor (app/http/html/paste-page-lane.server.ts, docs/architecture.md
 * §13): a worker thread of its own, sent a copy of each page. Compressing was most of a filled
 * page's cost. Node's async zlib still spends much of a small body's time on the calling thread,
 * setting up a stream per call; the worker costs it a message each way (long tail, 4,000 pastes:
 * 1,000 pages/s and a p99 of 110 ms with async zlib, 1,500 and 90 ms with the worker). Cheap
 * settings, as for every answer made per request: on a 25 KB page brotli 1 takes a quarter of
 * brotli 4's time for 12% more bytes.
 */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, encoding, body }) => {
  const out = encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 1 });
  const bytes = new Uint8Array(out); // a copy with a buffer of its own, to hand over
  parentPort.postMessage({ id, bytes }, [bytes.buffer]);
});
`;

type Waiting = { resolve: (body: Buffer) => void; reject: (error: unknown) => void };

let running: Worker | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 0;

/** The worker, started on first use; it never keeps the process alive. */
function compressor(): Worker {
  if (running) return running;
  const worker = new Worker(SOURCE, { eval: true });
  worker.unref();
  worker.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
    waiting.get(id)?.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    waiting.delete(id);
  });
  // A worker that failed or stopped fails what it was given; the next call starts another.
  const gone = (error: unknown) => {
    if (running === worker) running = undefined;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('error', gone);
  worker.on('exit', (code) => gone(new Error(`the compressor stopped (${code})`)));
  return (running = worker);
}

/** A whole body compressed off the calling thread, with the cheap settings above. */
export function compressOffThread(encoding: Exclude<Encoding, 'identity'>, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    compressor().postMessage({ id, encoding, body });
  });
}
