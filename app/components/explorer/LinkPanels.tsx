import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { EncryptChoice } from '~/components/ui/EncryptChoice';
import { SealedBadge } from '~/components/ui/sealed-page';
import { useHydrated } from '~/components/ui/use-hydrated';
import { useKeyedShare } from '~/components/ui/use-keyed-share';
import { useSealedShare } from './use-sealed-share';
import { CopyButton } from '~/components/ui/CopyButton';
import { DateTime } from '~/components/ui/DateTime';
import { CheckField } from '~/components/ui/Field';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import { ShareOptionFields, UPLOAD_OPTION_FIELDS } from '~/components/upload/UploadOptionsFields';
import type { UploadFormValues } from '~/components/upload/upload-form';
import { PanelForm } from './ExplorerPanel';
import type { ExplorerShareResult } from './ExplorerView';
import { ShareFacts } from '~/components/ui/CreatedShare';
import { Icon } from '~/components/ui/Icon';
import { Link } from 'react-router';

/**
 * A link just made, to show, select and copy: it takes the focus when it appears (the result is
 * what changed; the button that made it is gone), selected, ready to copy.
 */
function LinkOutput({ id, label, url }: { id: string; label: React.ReactNode; url: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        className="input font-mono text-xs"
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton text={url} label={t('explorer.link.copy')} />
    </div>
  );
}

const LINK_EXPIRIES = [
  ['hour', 3600],
  ['day', 86_400],
  ['week', 604_800],
] as const;

/** The direct link of a file: choose how long it lives (and download or open), get the URL. */
export function DirectLinkPanel({
  name,
  closeTo,
  result,
  error,
}: {
  name: string;
  closeTo: string;
  result?: { url: string; expiresAt: string };
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PanelForm
        intent="link"
        names={[name]}
        submit={t('explorer.link.create')}
        busy={t('explorer.link.create')}
        closeTo={closeTo}
        error={error}
      >
        <div className="flex flex-wrap items-end gap-4">
          <label className="block">
            <span className="field-label">{t('explorer.link.expires')}</span>
            <select name="expires" className="input" defaultValue="3600">
              {LINK_EXPIRIES.map(([key, seconds]) => (
                <option key={key} value={seconds}>
                  {t(`explorer.link.${key}`)}
                </option>
              ))}
            </select>
          </label>
          <CheckField name="download" label={t('explorer.link.download')} className="pb-2" />
        </div>
      </PanelForm>
      {result && (
        <LinkOutput
          id="direct-link"
          url={result.url}
          label={
            <>
              {t('explorer.link.result')}{' '}
              <span className="font-normal text-subtle">
                · {t('explorer.link.validUntil')} <DateTime iso={result.expiresAt} />
              </span>
            </>
          }
        />
      )}
    </div>
  );
}

/**
 * A share link of a file, a folder or a selection in one folder (issue 30): creates a share pointing
 * at them where they are, with the upload page's options (link suffix, password, expiry, max views,
 * remark), then shows the link and its QR code. One file may instead be encrypted in the browser
 * (use-sealed-share.ts): a sealed copy becomes the share, and its link carries the key.
 */
export function SharePanel({
  names,
  filePath,
  closeTo,
  result,
  error,
  values,
  fieldErrors = {},
}: {
  /** Form names: a folder's ends in "/". */
  names: string[];
  /** The mounted file's path, when one file is shared (the only share that can be encrypted). */
  filePath: string | null;
  closeTo: string;
  result?: ExplorerShareResult;
  error?: string;
  /** What was chosen, after a failed attempt (never the password). */
  values?: Partial<UploadFormValues>;
  fieldErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [encrypt, setEncrypt] = useState(false);
  const sealed = useSealedShare(filePath ?? '', names[0] ?? '');
  const keyed = useKeyedShare(
    sealed.state === 'done' ? sealed.page : null,
    sealed.state === 'done' ? sealed.fragment : null,
  );
  const shown = keyed ?? result;
  if (shown)
    return (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 space-y-3">
          {keyed && <SealedBadge subject="file" />}
          <LinkOutput id="share-link" url={shown.page} label={t('explorer.share.result')} />
          {result && (
            <>
              <ShareFacts kind="file" share={result} />
              <p className="flex flex-wrap gap-2">
                <a href={result.page} target="_blank" rel="noreferrer" className="btn px-3 py-1.5 text-xs">
                  <Icon name="external" className="h-3.5 w-3.5" />
                  {t('paste.created.open')}
                </a>
                <Link to={result.manage} className="btn px-3 py-1.5 text-xs">
                  {t('explorer.share.manage')}
                </Link>
              </p>
            </>
          )}
        </div>
        <img
          src={shown.qr}
          alt={t('explorer.share.qr')}
          className="h-36 w-36 rounded border border-line bg-white p-1"
        />
      </div>
    );
  return (
    <PanelForm
      intent="share"
      names={names}
      submit={t('explorer.share.create')}
      busy={t('explorer.share.create')}
      closeTo={closeTo}
      pending={sealed.state === 'working'}
      onSubmit={
        encrypt
          ? (event) => {
              event.preventDefault();
              void sealed.run(event.currentTarget);
            }
          : undefined
      }
    >
      {/* The forms' one way of saying an error once: a field's own is shown at the field. */}
      <FormErrorAlert
        formError={sealed.state === 'failed' ? sealed.message : error}
        fieldErrors={fieldErrors}
        fields={UPLOAD_OPTION_FIELDS}
      />
      <p className="text-sm text-subtle">
        {filePath
          ? t('explorer.share.body')
          : names.length === 1
            ? t('explorer.share.bodyFolder')
            : t('explorer.share.bodySelection', { count: names.length })}
      </p>
      {filePath && (
        <EncryptChoice
          label={t('file.encrypted.option')}
          hint={t('explorer.share.encryptHint')}
          hydrated={hydrated}
          checked={encrypt}
          onChange={setEncrypt}
        />
      )}
      {sealed.state === 'working' && (
        <p role="status" className="text-sm text-subtle">
          {t('explorer.share.sealing', { percent: sealed.percent })}
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-x-5 gap-y-4 md:grid-cols-2">
        {/* A link to files that stay where they are is usually meant for days, not hours. */}
        <ShareOptionFields values={values} errors={fieldErrors} defaultExpiry="7d" />
      </div>
    </PanelForm>
  );
}
