import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Icon } from './Icon';
import { listHref } from './model';

/** A GET form: the search lives in the URL (`?q=`), so it can be bookmarked and works without JS. */
export function SearchForm({ q, tooShort }: { q: string; tooShort: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" aria-label={t('fileAdmin.search.label')} className="w-full max-w-xl">
      <label htmlFor="file-search" className="field-label">
        {t('fileAdmin.search.label')}
      </label>
      <div className="flex gap-2">
        <input
          key={q}
          id="file-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder={t('fileAdmin.search.placeholder')}
          className="input min-w-0 flex-1"
          aria-invalid={tooShort ? true : undefined}
          aria-describedby={tooShort ? 'file-search-error' : undefined}
        />
        <button type="submit" className="btn shrink-0">
          <Icon name="search" />
          <span className="sr-only sm:not-sr-only">{t('fileAdmin.search.submit')}</span>
        </button>
        {q && (
          <Link to={listHref({})} className="btn shrink-0" aria-label={t('fileAdmin.search.clear')}>
            <Icon name="close" />
            <span className="sr-only sm:not-sr-only">{t('fileAdmin.search.clear')}</span>
          </Link>
        )}
      </div>
      {tooShort && (
        <p id="file-search-error" className="field-error" role="alert">
          {t('fileAdmin.search.tooShort')}
        </p>
      )}
    </Form>
  );
}
