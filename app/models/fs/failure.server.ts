import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';

/**
 * A failure as a batch answer or a task records it: the message key of what went wrong, which
 * presenters translate (a storage or database fault has one too); only an unforeseen error keeps its own message.
 */
export function failureOf(error: unknown): string {
  const mapped = toAppError(error);
  return mapped instanceof AppError ? mapped.messageKey : error instanceof Error ? error.message : String(error);
}
