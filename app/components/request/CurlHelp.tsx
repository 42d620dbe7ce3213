import { useTranslation } from '~/i18n/use-translation';
import { CommandBlock } from '~/components/ui/CommandBlock';

/** How to send to the request from a terminal: `curl -T` (curl adds the file's name to the link). */
export function CurlHelp({ slug, origin, password }: { slug: string; origin: string; password: boolean }) {
  const { t } = useTranslation();
  const url = `${origin}/r/${encodeURIComponent(slug)}/`;
  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold">{t('request.curl.heading')}</summary>
      <p className="mt-3 text-sm text-subtle">{t('request.curl.body')}</p>
      <CommandBlock className="mt-2">{`curl -T report.pdf ${url}`}</CommandBlock>
      {password && (
        <>
          <p className="mt-3 text-sm text-subtle">{t('request.curl.password')}</p>
          <CommandBlock className="mt-2">{`curl -T report.pdf -H 'X-Request-Password: …' ${url}`}</CommandBlock>
        </>
      )}
    </details>
  );
}
