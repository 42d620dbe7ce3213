import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';
import { SealedNotice } from '~/components/ui/sealed-page';
import { ZoomableImage } from '~/components/ui/ZoomableImage';
import { openDownload, openFileEnvelope, plainSizeOfRecords, type FileMetadata } from '~/lib/e2e/file';
import { chunksOf } from '~/lib/e2e/sealed-download';
import { downloadThroughWorker } from './worker-download';
import type { Keys } from '~/lib/e2e/format';
import { formatBytes } from '~/lib/format';
import type { FileContent } from './types';

/**
 * An encrypted file share's page, in the browser (docs/encryption.md "Files"): the envelope's name,
 * type and remark open with the link's key; only then is the content fetched (the first fetch
 * counts the view, and its grant, kept in the share's cookie, opens the next: issue 42, item 4),
 * opened record by record, and saved under its real name. Images and text small
 * enough are shown here once opened. The server never sees the key or a byte of plaintext.
 */

export type OpenedFile =
  { state: 'opening' } | { state: 'failed' } | { state: 'open'; keys: Keys; metadata: FileMetadata };

/** The envelope opened with the fragment (and the password typed at the unlock). */
export function useOpenedFile(envelope: string | null, fragment: string | null | undefined, password?: string) {
  const [opened, setOpened] = useState<OpenedFile>({ state: 'opening' });
  useEffect(() => {
    if (!envelope || !fragment) return;
    let live = true;
    openFileEnvelope(envelope, fragment, password).then(
      (open) => live && setOpened({ state: 'open', ...open }),
      () => live && setOpened({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [envelope, fragment, password]);
  return opened;
}

/** Images and text up to this size are opened for a preview on the page. */
const PREVIEW_MAX = 20 * 1024 * 1024;

/**
 * The file, decrypted in the page (previews, and downloads when no service worker can stream them):
 * each record becomes a Blob part as it opens, so the plaintext leaves the page's heap for the
 * browser's blob store (which spills to disk) as it arrives.
 */
async function decrypt(url: string, keys: Keys, type: string, onBytes: (done: number) => void): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  const parts: Blob[] = [];
  let done = 0;
  for await (const record of openDownload(keys, chunksOf(response.body))) {
    parts.push(new Blob([record]));
    onBytes((done += record.length));
  }
  return new Blob(parts, { type });
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function SealedFilePanel({
  opened,
  fragment,
  content,
  size,
}: {
  opened: OpenedFile;
  fragment: string | null | undefined;
  content: FileContent;
  /** The object's size (the records). */
  size: number;
}) {
  const { t } = useTranslation();
  const plain = plainSizeOfRecords(size) ?? 0;
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // A previewed file is already decrypted: its download saves this Blob instead of fetching it again.
  const [preview, setPreview] = useState<{ blob: Blob; url: string; text?: string } | null>(null);
  const metadata = opened.state === 'open' ? opened.metadata : null;
  const keys = opened.state === 'open' ? opened.keys : null;
  const previewable = metadata && plain <= PREVIEW_MAX && /^(image\/(?!svg)|text\/)/.test(metadata.type);

  useEffect(() => {
    if (!keys || !metadata || !previewable) return;
    let live = true;
    let url: string | null = null;
    void decrypt(content.previewUrl, keys, metadata.type, () => undefined).then(
      async (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview({ blob, url, text: metadata.type.startsWith('text/') ? await blob.text() : undefined });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [keys, metadata, previewable, content.previewUrl]);

  if (fragment === undefined) return <SealedNotice subject="file" kind="needsJs" />;
  if (fragment === null || opened.state === 'failed') return <SealedNotice subject="file" kind="incomplete" />;
  if (opened.state === 'opening')
    return (
      <p role="status" className="card p-5 text-sm text-subtle">
        {t('file.encrypted.opening')}
      </p>
    );
  const { keys: openKeys, metadata: meta } = opened;
  const download = async () => {
    if (preview) return save(preview.blob, meta.name);
    setFailed(false);
    setProgress(0);
    try {
      // The service worker streams it to disk when it controls this page; else the page decrypts it.
      const streamed = await downloadThroughWorker({
        url: new URL(content.downloadUrl, window.location.href).toString(),
        keys: openKeys,
        name: meta.name,
        size: plain,
      });
      if (streamed) return;
      const blob = await decrypt(content.downloadUrl, openKeys, meta.type, (done) =>
        setProgress(plain ? Math.floor((done / plain) * 100) : 100),
      );
      save(blob, meta.name);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="card overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <p className="text-sm text-subtle">
          {meta.type} · {formatBytes(plain)}
        </p>
        <button type="button" className="btn btn-primary" onClick={download} disabled={progress !== null}>
          <Icon name="download" />
          {progress === null ? t('file.encrypted.download') : t('file.encrypted.downloading', { percent: progress })}
        </button>
      </div>
      {failed && (
        <p role="alert" className="px-4 py-3 text-sm text-danger">
          {t('file.encrypted.damaged')}
        </p>
      )}
      {preview && (
        <figure className="bg-muted/50 p-3 sm:p-6">
          {preview.text === undefined ? (
            <div className="flex justify-center">
              <ZoomableImage src={preview.url} alt={meta.name} fitClassName="max-h-[70vh]" />
            </div>
          ) : (
            <pre tabIndex={0} className="max-h-[70vh] overflow-auto text-sm whitespace-pre-wrap">
              {preview.text}
            </pre>
          )}
          <figcaption className="mt-2 text-xs text-subtle">{t('file.encrypted.previewNote')}</figcaption>
        </figure>
      )}
    </div>
  );
}
