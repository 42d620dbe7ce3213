// The framework floor of bench/pastes.bench.mjs (issue 15 item 1): the paste as a page rendered by
// React Router and React and nothing else. One route, whose loader does the raw server's per-view
// statements, rendered with React Router's static handler and react-dom/server's renderToString,
// hydration data included. No Express, no middleware, no Prisma, no i18n, no layout: what any
// React Router page costs, so the app's SSR page can be read against it as well as against raw.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router';

function PastePage() {
  const paste = useLoaderData();
  return h(
    'main',
    null,
    h('h1', null, paste.slug),
    h('p', null, `${paste.views} views`),
    h('pre', null, paste.content),
  );
}

/** A handler for GET /rr/<slug>, given the raw server's `view(slug)`. */
export function bareRouterPage(view) {
  const routes = [
    {
      id: 'paste',
      path: '/rr/:slug',
      loader: ({ params }) => {
        const paste = view(params.slug);
        if (!paste) throw new Response('not found', { status: 404 });
        return { slug: paste.slug, views: paste.views, content: paste.content };
      },
      Component: PastePage,
    },
  ];
  const handler = createStaticHandler(routes);
  return async (url) => {
    const context = await handler.query(new Request(`http://127.0.0.1${url}`));
    if (context instanceof Response) return { status: context.status, html: await context.text() };
    const router = createStaticRouter(handler.dataRoutes, context);
    const body = renderToString(h(StaticRouterProvider, { router, context }));
    return {
      status: context.statusCode,
      html: `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`,
    };
  };
}
