import { data } from 'react-router';
import { ZodError } from 'zod';
import { AppError, errorStatus } from '~/lib/errors';
import { hasTranslation, translate } from '~/i18n/translate';

export interface FormErrorData {
  formError: string;
  fieldErrors: Record<string, string>;
}

/**
 * The HTML door's single mapping of domain errors to form errors: a translated message for the
 * form, per-field messages for schema failures, and the matching HTTP status. Anything that is
 * not a user mistake is rethrown for the error boundary.
 */
export function formError<Extra extends object = object>(error: unknown, locale: string, extra?: Extra) {
  const message = (key: string, values?: Record<string, unknown>) =>
    hasTranslation(locale, `errors.${key}`)
      ? translate(locale, `errors.${key}`, values)
      : translate(locale, 'errors.invalidInput');
  if (error instanceof AppError) {
    const body: FormErrorData = { formError: message(error.messageKey, error.details), fieldErrors: {} };
    const headers: HeadersInit = error.details?.seconds ? { 'Retry-After': String(error.details.seconds) } : {};
    return data({ ...body, ...(extra as Extra) }, { status: errorStatus[error.kind], headers });
  }
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = String(issue.path[0] ?? '');
      fieldErrors[field] ??= message(issue.message);
    }
    const body: FormErrorData = { formError: Object.values(fieldErrors)[0] ?? message('invalidInput'), fieldErrors };
    return data({ ...body, ...(extra as Extra) }, { status: 400 });
  }
  throw error;
}
