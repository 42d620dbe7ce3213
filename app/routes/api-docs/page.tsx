import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { isAllowed } from '~/auth/operations';
import { ApiReference } from '~/components/api-docs/ApiReference';
import { Recipe } from '~/components/api-docs/Recipe';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { apiReference } from '~/http/api/openapi/reference';
import {
  fileCommand,
  KEY_PLACEHOLDER,
  requestCommand,
  s3Command,
  sealedTextCommand,
  tusCommand,
  sealedFileCommand,
  sendToRequestCommand,
  textCommand,
} from '~/lib/api-recipes';
import { pageTitle } from '~/lib/meta';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { ownApiKeySecret } from '~/models/accounts/api-keys.server';
import type { Route } from './+types/page';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'apiDocs.title');

/** The commands carry the visitor's key: never keep the page in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * Scripts and API (issue 15 item 12): commands for the logged-in key, ready to run, and the
 * reference generated from the same OpenAPI document as /api/openapi.json.
 */
export const loader = answersFaults(async function loader({ context }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  const origin = context.get(requestInfoContext).linkOrigin;
  const services = context.get(servicesContext);
  const secret = await ownApiKeySecret(services, principal);
  // The S3 door listens on its own port of this host (docs/s3.md §1); 0 is off.
  const s3Port = services.config.s3Port;
  const s3Endpoint = s3Port ? `${new URL(origin).protocol}//${new URL(origin).hostname}:${s3Port}` : null;
  return {
    origin,
    viewer: principal.kind,
    keyName: principal.kind === 'apikey' ? principal.name : null,
    hasKey: secret !== null,
    text: textCommand(origin, secret ?? KEY_PLACEHOLDER),
    sealedText: sealedTextCommand(origin, secret ?? KEY_PLACEHOLDER),
    file: fileCommand(origin, secret ?? KEY_PLACEHOLDER),
    sealedFile: sealedFileCommand(origin, secret ?? KEY_PLACEHOLDER),
    request: requestCommand(origin, secret ?? KEY_PLACEHOLDER),
    send: sendToRequestCommand(origin),
    s3: s3Endpoint && s3Command(s3Endpoint),
    tus: tusCommand(origin, secret ?? KEY_PLACEHOLDER),
    canMount: secret === null || isAllowed(principal, 'fs.upload'),
    canText: secret === null || isAllowed(principal, 'paste.create'),
    canFile: secret === null || isAllowed(principal, 'file.upload'),
    canRequest: secret === null || isAllowed(principal, 'request.manage'),
    reference: apiReference(getLocale(context)),
  };
});

export default function ApiDocs({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold">
          {t('apiDocs.title')}
        </h1>
        <p className="mt-1 text-subtle">{t('apiDocs.intro')}</p>
      </header>

      <section aria-labelledby="recipes-heading" className="card space-y-5 p-5 sm:p-6">
        <h2 id="recipes-heading" className="text-lg font-semibold">
          {t('apiDocs.recipes.heading')}
        </h2>
        <p className="text-sm">
          {d.hasKey
            ? t('apiDocs.recipes.forKey', { name: d.keyName })
            : d.viewer === 'admin'
              ? t('apiDocs.recipes.forAdmin')
              : t('apiDocs.recipes.forVisitor')}{' '}
          {!d.hasKey && (
            <Link
              to={d.viewer === 'admin' ? '/admin/key-management' : '/admin/login?mode=apikey'}
              className="text-accent underline"
            >
              {d.viewer === 'admin' ? t('apiDocs.recipes.createKey') : t('apiDocs.recipes.logIn')}
            </Link>
          )}
        </p>
        <Recipe
          id="recipe-text"
          name={t('apiDocs.recipes.text')}
          command={d.text}
          hint={t('apiDocs.recipes.textHint', { origin: d.origin })}
          missing={d.canText ? undefined : t('keys.permissions.text')}
        />
        <Recipe
          id="recipe-sealed-text"
          name={t('apiDocs.recipes.sealedText')}
          command={d.sealedText}
          hint={t('apiDocs.recipes.sealedTextHint')}
          missing={d.canText ? undefined : t('keys.permissions.text')}
        />
        <Recipe
          id="recipe-file"
          name={t('apiDocs.recipes.file')}
          command={d.file}
          hint={t('apiDocs.recipes.fileHint')}
          missing={d.canFile ? undefined : t('keys.permissions.file_share')}
        />
        <Recipe
          id="recipe-sealed-file"
          name={t('apiDocs.recipes.sealedFile')}
          command={d.sealedFile}
          hint={t('apiDocs.recipes.sealedFileHint')}
          missing={d.canFile ? undefined : t('keys.permissions.file_share')}
        />
        <Recipe
          id="recipe-request"
          name={t('apiDocs.recipes.request')}
          command={d.request}
          hint={t('apiDocs.recipes.requestHint')}
          missing={d.canRequest ? undefined : t('keys.permissions.mount_upload')}
        />
        <Recipe
          id="recipe-send"
          name={t('apiDocs.recipes.send')}
          command={d.send}
          hint={t('apiDocs.recipes.sendHint')}
        />
        <Recipe
          id="recipe-tus"
          name={t('apiDocs.recipes.tus')}
          command={d.tus}
          hint={t('apiDocs.recipes.tusHint')}
          missing={d.canMount ? undefined : t('keys.permissions.mount_upload')}
        />
        {d.s3 ? (
          <Recipe id="recipe-s3" name={t('apiDocs.recipes.s3')} command={d.s3} hint={t('apiDocs.recipes.s3Hint')} />
        ) : (
          <p className="text-sm text-subtle">{t('apiDocs.recipes.s3Off')}</p>
        )}
        {d.hasKey && d.canFile && (
          <div>
            <h3 className="font-medium">{t('apiDocs.recipes.sharex')}</h3>
            <p className="mt-1 text-sm text-subtle">{t('apiDocs.recipes.sharexHint')}</p>
            <a href="/api-docs/cloudclip.sxcu" download className="btn mt-2">
              {t('apiDocs.recipes.sharexDownload')}
            </a>
          </div>
        )}
      </section>

      <ApiReference groups={d.reference} />
    </div>
  );
}
