import type { Request, Response } from 'express';
import { toAppError } from '~/faults';
import { translate } from '~/i18n/translate';
import { AppError, type ErrorKind } from '~/lib/errors';
import { logOf } from '~/log.server';
import { localeFromAcceptLanguage } from '~/i18n/config';
import { setRetryAfter } from '../api/errors';
import { sendXml } from './xml';

/**
 * An error as S3 answers it (docs/s3.md §4): `<Error><Code>…</Code><Message>…</Message>…`, with
 * S3's code and status, the message in the caller's language, Retry-After on a busy or absent
 * storage; a HEAD gets the status alone. Unexpected errors are logged and answered InternalError.
 */
const BY_MESSAGE: Record<string, [number, string]> = {
  s3SignatureMismatch: [403, 'SignatureDoesNotMatch'],
  s3ChunkSignatureMismatch: [403, 'SignatureDoesNotMatch'],
  s3AccessKeyUnknown: [403, 'InvalidAccessKeyId'],
  s3ClockSkewed: [403, 'RequestTimeTooSkewed'],
  s3AuthMalformed: [400, 'AuthorizationHeaderMalformed'],
  s3AuthUnsupported: [400, 'InvalidRequest'],
  s3ContentShaMissing: [400, 'InvalidRequest'],
  s3ContentShaMismatch: [400, 'XAmzContentSHA256Mismatch'],
  s3ChecksumMismatch: [400, 'BadDigest'],
  s3ChunkMalformed: [400, 'IncompleteBody'],
  s3NoSuchBucket: [404, 'NoSuchBucket'],
  s3NoSuchUpload: [404, 'NoSuchUpload'],
  s3PartInvalid: [400, 'InvalidPart'],
  s3PartOrderInvalid: [400, 'InvalidPartOrder'],
  s3PartTooSmall: [400, 'EntityTooSmall'],
  s3MalformedXml: [400, 'MalformedXML'],
  s3NotImplemented: [501, 'NotImplemented'],
  s3PreconditionFailed: [412, 'PreconditionFailed'],
  s3DelimiterUnsupported: [501, 'NotImplemented'],
  s3LengthRequired: [411, 'MissingContentLength'],
  s3BucketsAreMounts: [403, 'AccessDenied'],
  quotaBytes: [403, 'QuotaExceeded'],
  quotaDayBytes: [403, 'QuotaExceeded'],
  quotaFileBytes: [403, 'QuotaExceeded'],
  uploadIncomplete: [400, 'IncompleteBody'],
  fsNotFound: [404, 'NoSuchKey'],
  mountNotFound: [404, 'NoSuchKey'],
};

const BY_KIND: Record<ErrorKind, [number, string]> = {
  invalid: [400, 'InvalidArgument'],
  unauthenticated: [403, 'AccessDenied'],
  forbidden: [403, 'AccessDenied'],
  not_found: [404, 'NoSuchKey'],
  gone: [404, 'NoSuchKey'],
  conflict: [409, 'OperationAborted'],
  too_large: [400, 'EntityTooLarge'],
  range_not_satisfiable: [416, 'InvalidRange'],
  rate_limited: [503, 'SlowDown'],
  insufficient_storage: [507, 'InsufficientStorage'],
  unavailable: [503, 'ServiceUnavailable'],
};

/** S3's status and code of an AppError. */
export function s3CodeOf(error: AppError): [number, string] {
  return BY_MESSAGE[error.messageKey] ?? BY_KIND[error.kind];
}

/**
 * The message of an error in the language the request asks for; English when it names none — S3
 * tools are scripts that print the message as it is, and no older client expects Chinese here
 * (unlike /api's byte answers, decision 0008).
 */
export function s3Message(req: Request, error: AppError): string {
  const accept = req.get('accept-language');
  const locale = accept && accept.trim() !== '*' ? localeFromAcceptLanguage(accept) : 'en';
  return translate(locale, `errors.${error.messageKey}`, error.details);
}

export async function sendS3Error(req: Request, res: Response, error: unknown): Promise<void> {
  if (res.headersSent) return void res.destroy();
  const mapped = toAppError(error);
  if (!(mapped instanceof AppError)) {
    logOf().error({ err: error, method: req.method, path: req.path }, 'Unexpected error on the S3 door');
    res.status(500);
    if (req.method === 'HEAD') return void res.end();
    return sendXml(res, 'Error', { Code: 'InternalError', Message: 'We encountered an internal error' }, 500);
  }
  setRetryAfter(res, mapped);
  const [status, code] = s3CodeOf(mapped);
  // A request whose body was not read (refused before it) closes, so the client stops sending.
  if (!req.readableEnded) res.setHeader('Connection', 'close');
  if (req.method === 'HEAD') return void res.status(status).end();
  sendXml(
    res,
    'Error',
    {
      Code: code,
      Message: s3Message(req, mapped),
      Resource: req.path,
      RequestId: res.getHeader('x-amz-request-id'),
    },
    status,
  );
}
