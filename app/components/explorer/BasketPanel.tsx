import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { formatBytes } from '~/lib/format';
import { useBasket } from './basket-store';
import { PathRow } from './PathRow';
import { apiFetch } from '~/lib/api-target';

/**
 * Above this total the basket warns before packing: the zip then needs ZIP64 records, which some
 * older unzip tools (and Explorer before Windows 10) cannot read, and a FAT32 drive cannot hold a
 * file that large. The zip still works everywhere else (docs/decisions/0011-streamed-zip.md).
 */
export const BASKET_WARN_BYTES = 4 * 1024 ** 3;

type PackState = 'pending' | 'preparing' | 'downloading' | 'completed' | 'failed';

interface PackProgress {
  state: PackState;
  error?: string;
  /** The items being packed. */
  paths: string[];
  sent: number;
  total: number;
}
const IDLE: PackProgress = { state: 'pending', paths: [], sent: 0, total: 0 };

/** How often the page asks how far the zip is (docs/api-extensions.md §2). */
const PROGRESS_POLL_MS = 500;

/**
 * The download basket (docs/product/spec.md §2 "File basket panel"): files and folders gathered
 * from any folder, search results and the context menu, kept in this browser. "Pack download" posts
 * the paths to the server, which streams one zip as an ordinary browser download: the browser shows
 * its progress and lets the user save it anywhere. Needs JavaScript; without it the listing's
 * check boxes and "Download selected as zip" do the same for one folder.
 */
export function BasketPanel({ hydrated }: { hydrated: boolean }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const [pack, setPack] = useState<PackProgress>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [token, setToken] = useState('');
  const [confirming, setConfirming] = useState(false);

  // The browser's download bar shows the progress to the user; the page asks the server how far the
  // zip is, to show each item's state (an error page loads into the frame instead, see onFrameLoad).
  const active = pack.state === 'preparing' || pack.state === 'downloading';
  useEffect(() => {
    if (!active || !token) return;
    const timer = setInterval(async () => {
      const answer = await apiFetch(`/api/fs/archive/progress/${token}`, { credentials: 'same-origin' }).catch(
        () => null,
      );
      if (!answer?.ok) return;
      const { data } = (await answer.json()) as { data: { state: PackState; sent: number; total: number } };
      setPack((p) => (p.state === 'failed' ? p : { ...p, state: data.state, sent: data.sent, total: data.total }));
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [active, token]);

  if (!hydrated) return <FormAlert>{t('explorer.basket.needsScript')}</FormAlert>;

  const files = basket.items.filter((i) => !i.isDirectory);
  const total = files.reduce((sum, i) => sum + i.size, 0);
  const hasFolders = files.length < basket.items.length;
  // An item has a state only once it is in a zip being made ("Waiting" before that said nothing true).
  const stateOf = (path: string): PackState | null => (pack.paths.includes(path) ? pack.state : null);

  const start = () => {
    // getRandomValues, not randomUUID: the app is often reached over plain HTTP on a LAN, where
    // browsers offer randomUUID only to secure contexts.
    const next = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
    setToken(next);
    setPack({ state: 'preparing', paths: basket.items.map((i) => i.path), sent: 0, total: 0 });
    // Submitted after React rendered the token and the paths into the form.
    setTimeout(() => form.current?.submit(), 0);
  };
  const onFrameLoad = () => {
    // Only an error answer loads as a page (a zip goes to the downloads): it says why.
    const text = frame.current?.contentDocument?.body?.textContent?.trim();
    if (text)
      setPack((p) => (p.state === 'completed' || p.paths.length === 0 ? p : { ...p, state: 'failed', error: text }));
  };

  if (basket.items.length === 0) return <p className="text-sm text-subtle">{t('explorer.basket.empty')}</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm" role="status">
        {t('explorer.basket.summary', { count: basket.items.length, size: formatBytes(total) })}
        {hasFolders && ` ${t('explorer.basket.foldersLater')}`}
      </p>
      {total > BASKET_WARN_BYTES && (
        <FormAlert tone="warning">{t('explorer.basket.large', { size: formatBytes(total) })}</FormAlert>
      )}
      {pack.state === 'failed' && <FormAlert>{t('explorer.basket.failed', { error: pack.error ?? '' })}</FormAlert>}
      <ul
        className="max-h-80 divide-y divide-line overflow-auto rounded-lg border border-line"
        aria-label={t('explorer.basket.items')}
      >
        {basket.items.map((item) => {
          const state = stateOf(item.path);
          return (
            <PathRow key={item.path} item={item}>
              {state && (
                <span
                  data-state={state}
                  className="text-xs text-subtle data-[state=completed]:text-success data-[state=failed]:text-danger"
                >
                  {t(`explorer.basket.states.${state}`)}
                </span>
              )}
              <button
                type="button"
                className="btn px-2 py-1 text-xs"
                onClick={() => basket.remove(item.path)}
                aria-label={t('explorer.basket.removeLabel', { name: item.name })}
              >
                <Icon name="close" className="h-3.5 w-3.5" />
              </button>
            </PathRow>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={start} disabled={active}>
          <Icon name="download" />
          {active ? t(`explorer.basket.states.${pack.state}`) : t('explorer.basket.pack')}
        </button>
        <button type="button" className="btn" onClick={() => setConfirming(true)} disabled={confirming}>
          {t('explorer.basket.clear')}
        </button>
      </div>
      {confirming && (
        // Asked in the page like every other confirmation, focus on the question.
        <div
          role="alertdialog"
          aria-labelledby="basket-clear-question"
          tabIndex={-1}
          ref={(panel) => panel?.focus()}
          className="space-y-3 rounded-xl border border-danger/40 bg-danger/5 p-4 focus:outline-none"
        >
          <p id="basket-clear-question" className="text-sm font-medium">
            {t('explorer.basket.clearConfirm', { count: basket.items.length })}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                basket.clear();
                setPack(IDLE);
                setConfirming(false);
              }}
            >
              {t('explorer.basket.clearYes')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('explorer.basket.clearNo')}
            </button>
          </div>
        </div>
      )}
      {pack.state === 'downloading' && pack.total > 0 && (
        <progress
          max={pack.total}
          value={pack.sent}
          className="h-2 w-full accent-brand"
          aria-label={t('explorer.basket.progress', { sent: formatBytes(pack.sent), total: formatBytes(pack.total) })}
        />
      )}
      {pack.state === 'completed' && <p className="text-sm text-subtle">{t('explorer.basket.done')}</p>}
      <form ref={form} method="post" action="/api/fs/archive" target="basket-download" hidden>
        <input type="hidden" name="token" value={token} />
        {pack.paths.map((p) => (
          <input key={p} type="hidden" name="paths" value={p} />
        ))}
      </form>
      <iframe ref={frame} name="basket-download" title={t('explorer.basket.heading')} hidden onLoad={onFrameLoad} />
    </div>
  );
}
