import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { SwitchLink, useSwitchLinks } from '~/components/ui/SwitchLinks';
import { FormAlert } from '~/components/ui/FormAlert';
import { OFFICE_PROVIDERS, isOfficeProvider, officeViewerUrl, reachableFromInternet } from '~/lib/file-kinds';

function hrefFor(pathname: string, search: string, provider: string, grant: string | null): string {
  const params = new URLSearchParams(search);
  params.set('office', provider);
  if (grant) params.set('grant', grant);
  return `${pathname}?${params.toString()}`;
}

/**
 * An Office document through one of two online viewers (docs/product/spec.md §2): Microsoft's (the default) or
 * Google's, chosen by `?office=microsoft|google`; anything else is refused. The switch is a pair of
 * links, so it works without JavaScript (after a password unlock they carry the content grant, so
 * the page opens unlocked again); with JavaScript it switches in place without reloading the page,
 * which would count another view.
 */
export function OfficePreview({ source, grant }: { source: string | null; grant: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  // A string, not an OfficeProvider: the address may name a viewer there is not, which is said below.
  const { chosen: provider, choose } = useSwitchLinks<string>(
    () => new URLSearchParams(location.search).get('office') ?? 'microsoft',
    (at, next) => hrefFor(at.pathname, at.search, next, null),
  );

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 border-b border-line bg-raised px-4 py-2">
        <span id="office-provider-label" className="text-xs text-subtle">
          {t('file.office.provider')}
        </span>
        <nav aria-labelledby="office-provider-label" className="flex gap-1 rounded-md bg-muted p-0.5">
          {OFFICE_PROVIDERS.map((p) => (
            <SwitchLink
              key={p}
              to={hrefFor(location.pathname, location.search, p, grant)}
              onClick={choose(p)}
              current={provider === p}
            >
              {t(`file.office.${p}`)}
            </SwitchLink>
          ))}
        </nav>
      </div>
      {!isOfficeProvider(provider) ? (
        <div className="p-4">
          <FormAlert>{t('file.office.unsupported', { provider })}</FormAlert>
        </div>
      ) : !source ? (
        <div className="p-4">
          <FormAlert>{t('file.office.noUrl')}</FormAlert>
        </div>
      ) : !reachableFromInternet(source) ? (
        // The viewer could only show its own error page: say why instead of embedding it.
        <div className="p-4">
          <FormAlert tone="warning">
            {t('file.office.unreachable', {
              provider: t(`file.office.${provider}`),
              host: new URL(source).host,
            })}
          </FormAlert>
        </div>
      ) : (
        <>
          {/* What the viewer needs comes first: it explains an empty frame before anyone stares at it. */}
          <p className="border-b border-line bg-raised px-4 py-2 text-xs text-subtle">
            {t('file.office.note', { provider: t(`file.office.${provider}`) })}
          </p>
          <iframe
            key={provider}
            src={officeViewerUrl(provider, source)}
            title={t('file.office.frameTitle', { provider: t(`file.office.${provider}`) })}
            className="h-[75vh] w-full bg-white"
            referrerPolicy="no-referrer"
          />
        </>
      )}
    </div>
  );
}
