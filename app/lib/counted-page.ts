import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * When a page whose loader counts a view (a paste's, a file's) loads again: not when only its
 * display parameter changes (`displayParam`: the paste's `?view=`, the file's `?office=`), and not
 * after a form post that leaves the address as it was (unlocking, a failed edit, switching language
 * or theme). A saved edit or a delete redirects and loads afresh; so does an unlock when
 * `afterUnlock` (a file share's: its grant is in the share's cookie now, so the loader opens it
 * without counting again, and a folder share's unlock or reveal redirects to its own address).
 */
export function countedPageRevalidation(displayParam: string, { afterUnlock = false } = {}) {
  return function shouldRevalidate({
    currentUrl,
    nextUrl,
    formMethod,
    formData,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs) {
    if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    const withoutDisplay = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete(displayParam);
      return params.toString();
    };
    if (withoutDisplay(currentUrl) !== withoutDisplay(nextUrl)) return defaultShouldRevalidate;
    const intent = formData?.get('intent');
    const opened = intent === 'unlock' || intent === 'reveal';
    if (formMethod && (intent === 'update' || intent === 'delete' || (afterUnlock && opened)))
      return defaultShouldRevalidate;
    return false;
  };
}
