import { SEALED_DOWNLOAD_MESSAGE, SEALED_DOWNLOAD_PATH, WAIT_MS, type SealedDownload } from '~/lib/e2e/sealed-download';

/**
 * The page's side: hands the download to the worker that controls this page and opens it; false
 * when there is no such worker (not installed yet, or blocked), and the page decrypts it itself.
 */
export async function downloadThroughWorker(download: Omit<SealedDownload, 'id'>): Promise<boolean> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return false;
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const acknowledged = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = () => resolve(true);
    setTimeout(() => resolve(false), 2000);
  });
  worker.postMessage({ type: SEALED_DOWNLOAD_MESSAGE, download: { ...download, id } }, [channel.port2]);
  if (!(await acknowledged)) return false;
  // A hidden frame: the attachment downloads, and the page stays as it is whatever happens.
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = `${SEALED_DOWNLOAD_PATH}${id}`;
  document.body.append(frame);
  setTimeout(() => frame.remove(), WAIT_MS);
  return true;
}
