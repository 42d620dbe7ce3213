import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';
import { CommandBlock } from '~/components/ui/CommandBlock';

const SYSTEMS = ['windows', 'macos', 'linux', 'rclone'] as const;

/** Shell commands to paste, as a block with its copy button (with JavaScript; selectable without). */
function Commands({ text }: { text: string }) {
  return (
    <div className="mt-2 space-y-2">
      <CommandBlock>{text}</CommandBlock>
      <CopyButton text={text} keyPrefix="settings.webdav.connect.copyCommands" />
    </div>
  );
}

/**
 * Where to mount Cloudclip as a drive, and how on each system (docs/architecture.md §8): the
 * address, who may sign in, and a few steps per client, each in a <details> that opens without
 * JavaScript.
 */
export function WebdavConnect({ address }: { address: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="webdav-connect-heading" className="card space-y-4">
      <h2 id="webdav-connect-heading" className="text-lg font-semibold">
        {t('settings.webdav.connect.heading')}
      </h2>
      <div>
        <p className="field-label">{t('settings.webdav.connect.address')}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code data-testid="webdav-address" className="rounded bg-muted px-2 py-1 text-sm break-all">
            {address}
          </code>
          <CopyButton text={address} keyPrefix="settings.webdav.connect.copy" />
        </div>
        <p className="mt-2 text-sm text-subtle">{t('settings.webdav.connect.credentials')}</p>
      </div>
      <div className="space-y-2">
        {SYSTEMS.map((system) => (
          <details key={system} className="rounded-lg border border-line p-3">
            <summary className="cursor-pointer font-medium">{t(`settings.webdav.connect.${system}.name`)}</summary>
            <p className="mt-2 text-sm whitespace-pre-line">
              {t(`settings.webdav.connect.${system}.steps`, { address, interpolation: { escapeValue: false } })}
            </p>
            {i18n.exists(`settings.webdav.connect.${system}.commands`) && (
              <Commands
                text={t(`settings.webdav.connect.${system}.commands`, {
                  address,
                  interpolation: { escapeValue: false },
                })}
              />
            )}
          </details>
        ))}
      </div>
    </section>
  );
}
