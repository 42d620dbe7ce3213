import { useTranslation } from '~/i18n/use-translation';
import { Form, Link } from 'react-router';
import { Icon } from './Icon';

/**
 * A GET form: the search lives in the URL (`?q=`), so it can be bookmarked and works without JS.
 * `keyPrefix` names the translation group holding `label`, `placeholder`, `submit`, `clear` and
 * `tooShort`; the input gets `id` and a too-short search is explained under it (`${id}-error`).
 */
export function SearchForm({
  q,
  tooShort,
  id,
  keyPrefix,
  clearTo,
  className,
}: {
  q: string;
  tooShort: boolean;
  id: string;
  keyPrefix: string;
  /** The list without a search. */
  clearTo: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" aria-label={t(`${keyPrefix}.label`)} className={className}>
      <label htmlFor={id} className="field-label">
        {t(`${keyPrefix}.label`)}
      </label>
      <div className="flex gap-2">
        <input
          key={q}
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder={t(`${keyPrefix}.placeholder`)}
          className="input min-w-0 flex-1"
          aria-invalid={tooShort ? true : undefined}
          aria-describedby={tooShort ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn shrink-0">
          <Icon name="search" />
          <span className="sr-only sm:not-sr-only">{t(`${keyPrefix}.submit`)}</span>
        </button>
        {q && (
          <Link to={clearTo} className="btn shrink-0" aria-label={t(`${keyPrefix}.clear`)}>
            <Icon name="close" />
            <span className="sr-only sm:not-sr-only">{t(`${keyPrefix}.clear`)}</span>
          </Link>
        )}
      </div>
      {tooShort && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(`${keyPrefix}.tooShort`)}
        </p>
      )}
    </Form>
  );
}
