import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Icon } from './Icon';
import { listHref } from './model';

/**
 * A GET form: the search lives in the URL (`?q=`), so it can be bookmarked and works without JS.
 * A too-short search is explained by SearchHint (id `text-search-error`), placed below the toolbar.
 */
export function SearchForm({ q, tooShort }: { q: string; tooShort: boolean }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('textAdmin.search.label')}
      className="w-full max-w-lg min-w-0 flex-1 basis-72"
    >
      <label htmlFor="text-search" className="field-label">
        {t('textAdmin.search.label')}
      </label>
      <div className="flex gap-2">
        <input
          key={q}
          id="text-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder={t('textAdmin.search.placeholder')}
          className="input min-w-0 flex-1"
          aria-invalid={tooShort ? true : undefined}
          aria-describedby={tooShort ? 'text-search-error' : undefined}
        />
        <button type="submit" className="btn shrink-0">
          <Icon name="search" />
          <span className="sr-only sm:not-sr-only">{t('textAdmin.search.submit')}</span>
        </button>
        {q && (
          <Link to={listHref({})} className="btn shrink-0" aria-label={t('textAdmin.search.clear')}>
            <Icon name="close" />
            <span className="sr-only sm:not-sr-only">{t('textAdmin.search.clear')}</span>
          </Link>
        )}
      </div>
    </Form>
  );
}

export function SearchHint() {
  const { t } = useTranslation();
  return (
    <p id="text-search-error" className="field-error -mt-3" role="alert">
      {t('textAdmin.search.tooShort')}
    </p>
  );
}
