/**
 * A page's JavaScript starts loading once the page has painted (issue 47, docs/architecture.md §13).
 * Every page works without it (forms post to route actions), so the first paint waits for the HTML
 * and the stylesheet only, not for 150–200 kB of modules sharing a slow link with them; hydration
 * follows a frame later. Lighthouse's mobile profile measured the first paint at about 3 s with the
 * modules preloaded up front, and its largest paint counts every module that arrived before it.
 *
 * React Router's <Scripts> has no option for this, so its output is rearranged here: its module
 * preload links leave the head, and its inline module script (the route modules' imports and the
 * entry's) becomes a small classic script that, after the next frame, adds those preloads and then
 * that same module script with the same nonce. A page without that script is returned unchanged.
 * Nothing else on a page can spell these tags: React escapes `<` in text and attributes, React
 * Router in its hydration data.
 */
const PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * After the frame that paints the page: the preloads (low priority: the page's images first), then
 * the module. Until the modules run, the browser's install offer is held for them: it may come as
 * soon as the manifest is read (app/lib/pwa/register.ts takes it from `__installOffer`).
 */
const LOADER = `(function (preloads, module, nonce) {
  addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.__installOffer = event;
  });
  requestAnimationFrame(function () {
    setTimeout(function () {
      preloads.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.fetchPriority = 'low';
        document.head.appendChild(link);
      });
      var script = document.createElement('script');
      script.type = 'module';
      script.nonce = nonce;
      script.textContent = module;
      document.body.appendChild(script);
    });
  });
})`;

/** A value written into an inline script: JSON, with `<` escaped so no `</script>` can end it early. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function deferScripts(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const html = page.toString('utf8');
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return page;
  const nonceAttribute = module[1] ?? '';
  const nonce = /nonce="([^"]*)"/.exec(nonceAttribute)?.[1] ?? '';
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]!);
  const loader = `<script${nonceAttribute}>${LOADER}(${inScript(preloads)}, ${inScript(module[2])}, ${inScript(nonce)});</script>`;
  return Buffer.from(
    html.replace(PRELOAD, '').replace(module[0], () => loader),
    'utf8',
  );
}
