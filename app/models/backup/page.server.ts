import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { toAppError } from '~/faults';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { listStorageConfigs } from '~/models/storage/configs.server';
import { toTaskRecord } from '~/models/tasks/tasks.server';
import type { TaskRecord } from '~/models/tasks/kinds.server';
import { getBackupSchedule, type BackupScheduleView } from './schedule.server';
import { storedBackups, type StoredBackup } from './stored.server';

/** How many of the latest backup runs Admin → Backups shows. */
const RUNS_SHOWN = 5;

export interface BackupsPage {
  schedule: BackupScheduleView;
  storages: { id: string; name: string; type: string }[];
  runs: TaskRecord[];
  stored: { storage: string | null; backups: StoredBackup[] };
  /** Why the backup folder could not be listed (an unreachable S3), as an error key. */
  storedError: string | null;
}

/** Everything Admin → Backups shows, admins only; a storage that does not answer is named, not fatal. */
export async function backupsPage(ctx: ModelContext, principal: Principal): Promise<BackupsPage> {
  authorize(principal, 'admin.backups');
  const [schedule, configs, tasks] = await Promise.all([
    getBackupSchedule(ctx, principal),
    listStorageConfigs(ctx, principal),
    ctx.db.task.findMany({ where: { type: 'backup' }, orderBy: { createdAt: 'desc' }, take: RUNS_SHOWN }),
  ]);
  let stored: BackupsPage['stored'] = { storage: null, backups: [] };
  let storedError: string | null = null;
  try {
    stored = await storedBackups(ctx, principal);
  } catch (error) {
    const mapped = toAppError(error);
    if (!(mapped instanceof AppError)) throw error;
    storedError = mapped.messageKey;
  }
  return {
    schedule,
    storages: configs.map((c) => ({ id: c.id, name: c.name, type: c.storageType })),
    runs: tasks.map(toTaskRecord),
    stored,
    storedError,
  };
}
