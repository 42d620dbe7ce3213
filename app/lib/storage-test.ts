/**
 * What a storage config test reports (docs/product/api.md §3.5 test result). The model reports
 * message keys with their values; each door words them in its language (translateReport).
 */

/** A message to be worded by the door: a translation key and its values. */
export interface Message {
  key: string;
  params?: Record<string, unknown>;
}

export interface CheckReport {
  success: boolean;
  error: Message | null;
  note: Message | null;
  [detail: string]: unknown;
}

interface ReportOf<Check, Text> {
  success: boolean;
  result: {
    read: Check;
    write: Check;
    cors: Check;
    frontendSim: Check;
    connectionInfo: {
      bucket: string | null;
      endpoint: string | null;
      region: string;
      pathStyle: boolean;
      provider: string;
      defaultFolder: string;
      customHost: string | null;
      signatureExpiresIn: number;
      /** SFTP: the server's host key as pinned (by this test when none was). */
      hostKeyFingerprint: string | null;
    };
    globalNote: Text;
  };
}

/** The model's report: messages as keys. */
export type StorageTestReport = ReportOf<CheckReport, Message>;

/** A check as shown and answered: messages as text. */
export interface StorageCheck {
  success: boolean;
  error: string | null;
  note: string;
  [detail: string]: unknown;
}

/** The report as shown and answered (the shape of docs/product/api.md §3.5): messages as text. */
export type StorageTestOutcome = ReportOf<StorageCheck, string>;

/** The report in one language; `t` is the door's translate function. */
export function translateReport(
  report: StorageTestReport,
  t: (key: string, params?: Record<string, unknown>) => string,
): StorageTestOutcome {
  const word = (message: Message | null) => (message ? t(message.key, message.params) : null);
  const check = ({ error, note, ...details }: CheckReport): StorageCheck => ({
    ...details,
    success: details.success,
    error: word(error),
    note: word(note) ?? '',
  });
  const { read, write, cors, frontendSim, connectionInfo, globalNote } = report.result;
  return {
    success: report.success,
    result: {
      read: check(read),
      write: check(write),
      cors: check(cors),
      frontendSim: check(frontendSim),
      connectionInfo,
      globalNote: t(globalNote.key, globalNote.params),
    },
  };
}
