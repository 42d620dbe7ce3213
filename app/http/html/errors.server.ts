import { data } from 'react-router';
import { ZodError } from 'zod';
import type { StatusKind, StatusView } from '~/components/layout/StatusPage';
import { hasTranslation, translate } from '~/i18n/translate';
import { AppError, type ErrorKind } from '~/lib/errors';
import { faultOf, toAppError } from '~/faults';

/**
 * The HTML door's error mapping, in one place (docs/architecture.md, "One error vocabulary"):
 * `formError` for actions (the form shows the message, per-field where it belongs) and
 * `statusError` for loaders (the one status page). Anything that is not a domain error is rethrown
 * for the error boundary, which logs it.
 */

export interface FormErrorData {
  formError: string;
  fieldErrors: Record<string, string>;
}

function retryHeaders(error: AppError): HeadersInit {
  return error.details?.seconds ? { 'Retry-After': String(error.details.seconds) } : {};
}

function messageOf(locale: string, key: string, values?: Record<string, unknown>): string {
  return hasTranslation(locale, `errors.${key}`)
    ? translate(locale, `errors.${key}`, values)
    : translate(locale, 'errors.invalidInput');
}

/**
 * A domain error in words, for a page that shows it in place (a preview or form that could not be
 * opened); anything else is rethrown for the error boundary.
 */
export function errorMessage(thrown: unknown, locale: string): string {
  const error = toAppError(thrown);
  if (!(error instanceof AppError)) throw thrown;
  return messageOf(locale, error.messageKey, error.details);
}

/** Domain errors that belong to one field of every form that has it: shown there too. */
const FIELD_OF: Record<string, string> = {
  slugTaken: 'slug',
  copyIntoItselfConfirm: 'confirm',
  fileSlugTaken: 'slug',
  slugReserved: 'slug',
  keyNameTaken: 'name',
  currentPasswordWrong: 'currentPassword',
  usernameTaken: 'newUsername',
  mountPathTaken: 'mount_path',
  mountRootFolderInvalid: 'root_folder',
  auditRetentionInvalid: 'retention_days',
  backupStorageRequired: 'storage_config_id',
  backupPassphrase: 'passphrase',
  secondFactorWrong: 'code',
  secondFactorCodeRequired: 'code',
};

/** An action's answer for a failed submission: the form's message, per-field messages, the status. */
export function formError<Extra extends object = object>(thrown: unknown, locale: string, extra?: Extra) {
  const error = toAppError(thrown);
  if (error instanceof AppError) {
    const message = messageOf(locale, error.messageKey, error.details);
    const field = FIELD_OF[error.messageKey];
    const body: FormErrorData = { formError: message, fieldErrors: field ? { [field]: message } : {} };
    return data({ ...body, ...(extra as Extra) }, { status: error.status, headers: retryHeaders(error) });
  }
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = String(issue.path[0] ?? '');
      fieldErrors[field] ??= messageOf(locale, issue.message);
    }
    const formError = Object.values(fieldErrors)[0] ?? messageOf(locale, 'invalidInput');
    return data({ formError, fieldErrors, ...(extra as Extra) }, { status: 400 });
  }
  throw thrown;
}

const STATUS_KIND: Partial<Record<ErrorKind, StatusKind>> = {
  not_found: 'missing',
  // An address that names nothing a page can show (a folder share's ?path=/../x): 400, worded
  // as not found (issue 42, item 10: it was a 500 with a stack in the log).
  invalid: 'missing',
  gone: 'gone',
  unauthenticated: 'unauthorized',
  forbidden: 'forbidden',
};

/** Gone for a reason other than expiry or the view limit: the status page says which. */
const GONE_WITH_REASON = new Set([
  'fileObjectMissing',
  'folderShareGone',
  'folderViewsUsedUp',
  'requestClosed',
  'requestExpired',
  'requestUnavailable',
]);

/**
 * A loader's answer for a domain error: the status page's view, with the error's HTTP status.
 * `kind` words every refusal one way (a page that only its owner may open); `showReason` puts the translated reason on the page (for pages whose visitor may know it);
 * `loginTo` is offered only when logging in can help, `backTo` only when that page still opens.
 */
export function statusError(
  thrown: unknown,
  locale: string,
  view: Omit<StatusView, 'kind'> & { showReason?: boolean; kind?: StatusKind } = {},
) {
  // Faults are the fault page's (app/http/html/faults.server.ts): it sets Retry-After.
  if (faultOf(thrown)) throw thrown;
  const error = toAppError(thrown);
  const kind = error instanceof AppError ? (view.kind ?? STATUS_KIND[error.kind]) : undefined;
  if (!(error instanceof AppError) || !kind) throw thrown;
  const { showReason, subject, backTo, loginTo } = view;
  const status: StatusView = {
    kind,
    subject,
    // A gone share explains itself (expired or used up), unless it went another way; for the rest
    // the reason helps (when the visitor may know it).
    message:
      (showReason && kind !== 'gone') || GONE_WITH_REASON.has(error.messageKey)
        ? messageOf(locale, error.messageKey, error.details)
        : null,
    // Back to a page that is gone, or that needs a login first, would only come back here.
    backTo: kind === 'gone' || kind === 'unauthorized' ? null : (backTo ?? null),
    loginTo: kind === 'unauthorized' ? (loginTo ?? null) : null,
  };
  return data({ state: 'status', status } as const, { status: error.status, headers: retryHeaders(error) });
}
