/**
 * Marks React Router's module preloads `fetchpriority="low"` (issue 47, docs/architecture.md §13).
 * Every page is complete HTML that works without JavaScript (§7): its stylesheet and images are what
 * the first paint needs, and the scripts only enhance what is already there. At their default (high)
 * priority the 20–30 module requests of a page compete with those on a slow link, and Lighthouse's
 * model of a phone on slow 4G counts each of them before the first paint: marked low, a share page's
 * first paint went from about 2.5 s to 0.8 s in that model, hydration moving after it. React
 * Router's `<Scripts>` takes no attribute for its preloads, so the rendered head is rewritten.
 */
const PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW = Buffer.from('fetchpriority="low" ');
const HEAD_END = Buffer.from('</head>');

export function lowPriorityModules(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  const parts: Buffer[] = [];
  let copied = 0;
  for (let at = page.indexOf(PRELOAD); at >= 0 && at < headEnd; at = page.indexOf(PRELOAD, at + 1)) {
    const end = at + PRELOAD.length;
    parts.push(page.subarray(copied, end), LOW);
    copied = end;
  }
  if (!parts.length) return page;
  parts.push(page.subarray(copied));
  return Buffer.concat(parts);
}
