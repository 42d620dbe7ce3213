import { Form } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Field, fieldAria } from '~/components/ui/Field';
import { Icon } from '~/components/ui/Icon';
import { principalContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { useTranslation } from '~/i18n/use-translation';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/backups';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.backups');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** The reasons a backup form comes back with (backup-download.ts), as error keys. */
const REASONS = new Set(['backupPassphrase', 'backupTargetExists']);

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  // Not logged in: the admin layout shows the login form instead of this module.
  if (context.get(principalContext).kind === 'anonymous') return { error: null };
  const error = new URL(request.url).searchParams.get('error');
  return { error: error && REASONS.has(error) ? error : null };
});

/**
 * Admin → Backups (issue 32, docs/deploy.md "Backups"): a backup of the database, the sealed key
 * and the embedded storage, downloaded now. The form posts natively (reloadDocument), with or
 * without JavaScript: the answer is the file. Restoring is a command, into an empty folder.
 */
export default function Backups({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const error = loaderData.error ? t(`errors.${loaderData.error}`) : undefined;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.backups')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('backups.intro')}</p>
      </div>
      <Form
        method="post"
        action="/admin/backups/download"
        reloadDocument
        className="card max-w-xl space-y-4 p-5 sm:p-6"
        aria-labelledby="backup-now"
      >
        <h2 id="backup-now" className="text-lg font-semibold">
          {t('backups.now')}
        </h2>
        {error && <FormAlert>{error}</FormAlert>}
        <Field id="passphrase" label={t('backups.passphrase')} hint={t('backups.passphraseHint')} error={error}>
          <input
            id="passphrase"
            name="passphrase"
            type="password"
            className="input"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={200}
            {...fieldAria('passphrase', error, true)}
          />
        </Field>
        <p className="text-sm text-subtle">{t('backups.wait')}</p>
        <button type="submit" className="btn btn-primary">
          <Icon name="download" />
          {t('backups.download')}
        </button>
      </Form>
      <section aria-labelledby="backup-restore" className="card max-w-xl space-y-3 p-5 text-sm sm:p-6">
        <h2 id="backup-restore" className="text-lg font-semibold">
          {t('backups.restoreHeading')}
        </h2>
        <p>{t('backups.restoreBody')}</p>
        <pre className="overflow-x-auto rounded bg-muted p-3 font-mono text-xs">
          {'BACKUP_PASSPHRASE=… DATA_DIR=/srv/cloudclip npm run restore -- cloudclip.tar.gz --dry-run'}
        </pre>
        <p className="text-subtle">{t('backups.commandsBody')}</p>
      </section>
    </section>
  );
}
