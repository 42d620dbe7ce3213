import { useMemo, useRef, useState } from 'react';
import { useFileUploads } from '~/components/upload/use-file-uploads';
import { fsTransports, type OnConflict } from '~/lib/upload/fs-transports';

type Uploads = ReturnType<typeof useFileUploads<string>>;

/**
 * The explorer's uploads with the question an upload onto a taken name asks first (issue 42,
 * item 1): `addFiles` queues files, holding back those whose names are in `taken` until
 * `answer` says replace, keep both or skip. The explorer never replaces without asking: a name it
 * did not ask about (a folder's files, or one taken since the listing) keeps both.
 */
export function useUploadConflicts(options: Omit<Parameters<typeof useFileUploads<string>>[0], 'transports'>) {
  // What to do with each name, read by the transports when each upload starts; one map for the page's life.
  const [choices] = useState(() => new Map<string, OnConflict>());
  const transports = useMemo(() => fsTransports(undefined, (name) => choices.get(name)), [choices]);
  const uploads: Uploads = useFileUploads<string>({ ...options, transports });
  const [asking, setAsking] = useState<{ files: File[]; names: string[] } | null>(null);
  const askingRef = useRef(asking);

  const addFiles = (files: File[], taken: Set<string>) => {
    for (const file of files) choices.set(file.webkitRelativePath || file.name, 'keep');
    const names = [...new Set(files.filter((f) => !f.webkitRelativePath && taken.has(f.name)).map((f) => f.name))];
    if (names.length === 0) return uploads.addFiles(files);
    askingRef.current = { files, names };
    setAsking(askingRef.current);
  };
  const answer = (choice: OnConflict | null) => {
    const pending = askingRef.current;
    askingRef.current = null;
    setAsking(null);
    if (!pending || !choice) return;
    for (const name of pending.names) choices.set(name, choice);
    const skipped = new Set(choice === 'skip' ? pending.names : []);
    uploads.addFiles(pending.files.filter((f) => f.webkitRelativePath || !skipped.has(f.name)));
  };
  return { uploads, addFiles, asking: asking?.names ?? [], answer };
}
