import { Fragment } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import type { ReferenceRow } from '~/lib/api-reference';

function AccessText({ access }: { access: ReferenceRow['access'] }) {
  const { t } = useTranslation();
  if (access === 'public' || access === 'admin' || access === 'any') return <>{t(`apiDocs.reference.${access}`)}</>;
  return <>{t('apiDocs.reference.permission', { permission: t(`keys.permissions.${access}`) })}</>;
}

/** A path that wraps on a narrow screen only after a "/", never inside a word. */
function BreakableAtSlashes({ path }: { path: string }) {
  const parts = path.split('/').slice(1);
  return parts.map((part, i) => (
    <Fragment key={i}>
      <span className="whitespace-nowrap">/{part}</span>
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** The routes of /api by area: method, path, who may call it, what it does and its body fields. */
export function ApiReference({ groups }: { groups: { tag: string; rows: ReferenceRow[] }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reference-heading" className="space-y-4">
      <h2 id="reference-heading" className="text-lg font-semibold">
        {t('apiDocs.reference.heading')}
      </h2>
      <p className="text-sm">
        {t('apiDocs.reference.intro')}{' '}
        <a href="/api/openapi.json" className="font-mono text-accent underline">
          /api/openapi.json
        </a>
      </p>
      {groups.map(({ tag, rows }) => (
        <details key={tag} className="card group p-0">
          <summary className="cursor-pointer px-4 py-3 font-medium">
            {tag} <span className="text-sm text-subtle">({rows.length})</span>
          </summary>
          <div className="overflow-x-auto border-t border-line">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted text-xs text-subtle">
                <tr>
                  <th className="px-3 py-2">{t('apiDocs.reference.method')}</th>
                  <th className="px-3 py-2">{t('apiDocs.reference.path')}</th>
                  <th className="px-3 py-2">{t('apiDocs.reference.summary')}</th>
                  <th className="px-3 py-2">{t('apiDocs.reference.access')}</th>
                  <th className="px-3 py-2">{t('apiDocs.reference.fields')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((row) => (
                  <tr key={`${row.method} ${row.path}`} className="align-top">
                    <td className="px-3 py-2 font-mono text-xs font-semibold">{row.method}</td>
                    <td className="px-3 py-2 font-mono text-xs">
                      <BreakableAtSlashes path={`/api${row.path}`} />
                    </td>
                    <td className="px-3 py-2">{row.summary}</td>
                    <td className="px-3 py-2 text-xs">
                      <AccessText access={row.access} />
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {row.fields.map((f) => (
                        <span key={f.name} className="mr-2 inline-block whitespace-nowrap">
                          {f.name}
                          {f.required && <abbr title={t('apiDocs.reference.required')}>*</abbr>}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </section>
  );
}
