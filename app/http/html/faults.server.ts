import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { faultOf } from '~/faults';

/**
 * Faults on pages (docs/architecture.md §1, "One error vocabulary"): a busy, full or read-only
 * database, or a storage that does not answer, is not a bug in the page. Its loader or action
 * answers the "unavailable" status page with 503 or 507 and Retry-After, never the generic 500; a
 * form that met one comes back filled in, with the reason (formError) and the same headers.
 */

/** The Retry-After the document gets: React Router keeps only the cookies of a route's headers. */
const retryAfterContext = createContext<string | null>(null);

/** The route error response a fault becomes (the root ErrorBoundary words it), or null. */
function asFaultResponse(thrown: unknown, context: Readonly<RouterContextProvider>) {
  const fault = faultOf(thrown);
  if (!fault) return null;
  const seconds = fault.details?.seconds;
  if (typeof seconds === 'number') context.set(retryAfterContext, String(seconds));
  return data({ fault: fault.messageKey }, { status: fault.status });
}

/**
 * A form body that does not parse (a multipart body without its boundary, cut short or garbled):
 * `request.formData()` throws a TypeError the action never meant to meet. The sender's mistake: 400.
 */
function asUnreadableForm(thrown: unknown) {
  const unreadable = thrown instanceof TypeError && /parse body as FormData/i.test(thrown.message);
  return unreadable ? data({ fault: 'formBodyUnreadable' }, { status: 400 }) : null;
}

/** The Retry-After of what a loader or action answered with `data(…, { headers })`, if any. */
function retryAfterOf(result: unknown): string | null {
  const init = (result as { init?: ResponseInit | null } | null)?.init;
  return init?.headers ? new Headers(init.headers).get('Retry-After') : null;
}

/** Wraps a route loader or action so a fault it meets answers the status page (see above). */
export function answersFaults<Args extends { context: Readonly<RouterContextProvider> }, Result>(
  handler: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    let result: Result;
    try {
      result = await handler(args);
    } catch (thrown) {
      throw asFaultResponse(thrown, args.context) ?? asUnreadableForm(thrown) ?? thrown;
    }
    const retryAfter = retryAfterOf(result);
    if (retryAfter) args.context.set(retryAfterContext, retryAfter);
    return result;
  };
}

/**
 * Root middleware: a fault in a later middleware (the session lookup) answers the same way, and
 * the document gets the Retry-After its loader or action answered with.
 */
export const faultMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (thrown) {
    throw asFaultResponse(thrown, context) ?? thrown;
  }
  const retryAfter = context.get(retryAfterContext);
  if (retryAfter && !response.headers.has('Retry-After')) response.headers.set('Retry-After', retryAfter);
  return response;
};
