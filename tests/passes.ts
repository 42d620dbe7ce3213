/**
 * Which integration files run in which pass of `npm test` (scripts/test.mjs, docs/architecture.md
 * §14). Every file runs once on SQLite, on Node 24 like everything in the suite (decision 0022). The
 * PostgreSQL pass repeats only the files whose behaviour depends on the database.
 * Each file that opens the test database stands in POSTGRES or SQLITE_ONLY with its reason, so a
 * new file is placed on purpose (tests/lint/passes.test.ts fails otherwise).
 */

/** Files run again with every server on PostgreSQL (TEST_PASS=postgres). */
export const POSTGRES: Record<string, string> = {
  'tests/integration/api-auth.test.ts': 'sessions, keys and the login limit, which PostgreSQL counts in a table',
  'tests/integration/sso.test.ts': 'accounts made or linked by a sign-in, and the links rows',
  'tests/integration/accounts.test.ts':
    "accounts, their rights rows and sessions, an invitation's conditional use, and the login limit in a table",
  'tests/integration/api-base.test.ts': 'migrations and first-start writes (the generated admin) differ by database',
  'tests/integration/api-dashboard.test.ts': "the dashboard's aggregate SQL differs by dialect",
  'tests/integration/api-direct-uploads.test.ts': 'pending-upload rows and the share they commit',
  'tests/integration/audit-log.test.ts':
    'events queued and written in batches, and flushed at shutdown, on either database',
  'tests/integration/key-quotas.test.ts':
    "reservations under the key row's lock: one writer on SQLite, a row lock on PostgreSQL",
  'tests/integration/share-stats.test.ts':
    'figures added by INSERT … ON CONFLICT, and the view counters they stand beside',
  'tests/integration/backup-restore.test.ts': "SQLite's online backup, or PostgreSQL's rows dumped and loaded back",
  'tests/integration/backup-schedule.test.ts':
    'the schedule row moved once per run time, and backup tasks claimed one at a time, on either database',
  'tests/integration/api-files.test.ts': 'share rows, view counters and the password limit',
  'tests/integration/api-fs-browse.test.ts': "folder sizes come from the search index's dialect query",
  'tests/integration/api-fs-copy.test.ts': 'task rows: claims by conditional update, heartbeats and resumption',
  'tests/integration/api-fs-search.test.ts': 'the search index is FTS5 on SQLite and pg_trgm on PostgreSQL',
  'tests/integration/api-mounts.test.ts': 'mount rows and their visibility joins',
  'tests/integration/api-pastes.test.ts': "paste rows, the fast view's one statement and case-insensitive lists",
  'tests/integration/s3-sdk.test.ts':
    'S3 credentials looked up by their unique column, and multipart uploads recorded as rows',
  'tests/integration/api-settings.test.ts': 'settings rows and storage configs with their encrypted secrets',
  'tests/integration/encrypted-pastes.test.ts':
    'the encrypted flag bound by each driver in the one-statement insert and view',
  'tests/integration/folder-shares.test.ts': 'share rows of a new kind, their view counter and content grants',
  'tests/integration/upload-requests.test.ts':
    'limits held by a row lock and per-statement snapshots under 20 uploads at once',
  'tests/integration/paste-page-lane.test.ts': "the page lane's statement runs through a promise on PostgreSQL",
  'tests/integration/paste-view-lane.test.ts': "the lane's statement runs through a promise on PostgreSQL",
  'tests/integration/paste-create-lane.test.ts':
    "the lane's insert goes through the pool on PostgreSQL, and a taken slug is that driver's unique violation",
  'tests/integration/webdav-access.test.ts': 'WebDAV locks and dead properties live in the database',
  'tests/integration/smoke.test.ts':
    'one request of every API family: a cheap check of those whose files stay on SQLite',
  'tests/reliability/direct-uploads.test.ts': "the janitor's queries over pending uploads",
  'tests/reliability/hostile-input.test.ts':
    'concurrent guesses at the login and password limits, counted in a table under a lock on PostgreSQL',
};

/** Files that open the test database but run on SQLite only, and why a PostgreSQL run adds nothing. */
export const SQLITE_ONLY: Record<string, string> = {
  'tests/integration/thumbnails.test.ts':
    'sharp and ffmpeg on stored bytes, cached on disk; the database only authenticates',
  'tests/integration/storage-escapes.test.ts':
    'what the local driver and the gate let through; the database only records',
  'tests/integration/api-fs-archive.test.ts': 'zip streaming from storage; the database only authenticates',
  'tests/integration/remote-storages.test.ts':
    'WebDAV and SFTP servers behind the storage doors; the database only keeps the configs',
  'tests/integration/api-fs-write.test.ts': "storage writes and listings; the index's dialects are unit-tested",
  'tests/integration/compression.test.ts': 'HTTP encoding of pages and assets',
  'tests/integration/encrypted-files.test.ts':
    'a text column written and read through Prisma (its PostgreSQL migration: schema-drift)',
  'tests/integration/operations.test.ts':
    'health, request logs and shutdown of the process (PostgreSQL readiness: postgres.test.ts)',
  'tests/integration/webdav-litmus.test.ts':
    'WebDAV protocol conformance over each storage kind (locks: webdav-access)',
  'tests/integration/webdav-rclone.test.ts': 'a real WebDAV client over each storage kind',
  'tests/integration/tus.test.ts':
    'a protocol door over files staged on disk; the models it commits through run on both',
  'tests/integration/s3-clients.test.ts':
    'real S3 clients over each storage kind (the SDK suite runs on both databases)',
  'tests/reliability/database-busy.test.ts': "a locked SQLite file (PostgreSQL's faults: postgres.test.ts)",
  'tests/reliability/disk-full.test.ts': 'a full disk under the SQLite file',
  'tests/reliability/read-only-database.test.ts': 'a read-only SQLite file',
  'tests/reliability/s3-outage.test.ts': 'a frozen S3 server',
  'tests/reliability/slow-downloads.test.ts': 'slow readers of streamed downloads',
  'tests/reliability/spool.test.ts': 'form uploads spooled to disk',
  'tests/reliability/s3-stall-streams.test.ts': 'streams from a frozen S3 server',
  'tests/reliability/doors-hostile-paths.test.ts': 'paths refused by the one gate before the database is asked',
  'tests/reliability/hostile-paths.test.ts': 'paths refused by the gates before the database is asked',
  'tests/reliability/client-leaves.test.ts':
    "bodies cut short at every door; the places and charges they free are upload-requests' and key-quotas' to test on PostgreSQL",
  'tests/reliability/url-fetch-limits.test.ts': 'per-process URL-fetch limits',
  'tests/reliability/webdav-hostile.test.ts': 'WebDAV request bodies and headers; locks on PostgreSQL: webdav-access',
  'tests/reliability/webdav-put-kill.test.ts': 'a WebDAV PUT cut by kill -9 leaves no temp file',
  'tests/reliability/backup-kill.test.ts':
    'a backup cut by kill -9: its work folder and its task taken up again (the schedule runs on PostgreSQL in backup-schedule)',
  'tests/integration/storage-contract.test.ts':
    "the drivers' contract, in-process on a SQLite model context (and a second app as a WebDAV server)",
  // These start PostgreSQL themselves whichever pass runs them.
  'tests/integration/postgres.test.ts': 'tests PostgreSQL in every run',
  'tests/integration/replicas.test.ts': 'tests two processes on PostgreSQL in every run',
};

/** The files a pass runs: all of them, or one of the lists above. */
export function passFiles(pass: string | undefined): string[] | null {
  if (pass === 'postgres') return Object.keys(POSTGRES);
  if (pass === undefined || pass === '') return null;
  throw new Error(`TEST_PASS: unknown pass "${pass}" (the one pass is postgres)`);
}
