import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { logOf } from '~/log.server';
import { getI18n } from './i18n/middleware.server';
import { lowPriorityModules } from './http/html/module-priority.server';
import { fillNonce, wantsNonce } from './http/html/strict-csp';

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers it as one buffer with its length. No route suspends
 * (every loader's data is there before rendering starts), so streaming would send the same page
 * no sooner, as some fifteen 2 KB chunks that each cost a stream hop and a compressor call: one
 * buffer is compressed in one pass and sent in one write (docs/architecture.md §13).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page whose route asks for the strict policy (http/html/strict-csp.ts) allows React Router's
  // inline scripts by this nonce, and no others. Other pages carry none: their bytes stay the same
  // for every visitor, as the paste page lane's templates need (docs/architecture.md §13).
  const nonce = wantsNonce(responseHeaders) ? randomBytes(16).toString('base64') : undefined;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const body = lowPriorityModules(Buffer.concat(chunks));
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Length', String(body.length));
        if (nonce) fillNonce(responseHeaders, nonce);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={getI18n(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        onAllReady() {
          clearTimeout(timer);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logOf().error({ err: error }, 'Page rendering failed');
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
