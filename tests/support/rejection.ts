import type { AppError } from '~/lib/errors';

/** The AppError a promise rejects with; fails the test when it resolves instead. */
export function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as AppError,
  );
}
