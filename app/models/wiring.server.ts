import { backupTaskKind } from '~/models/backup/task.server';
import { copyTaskKind } from '~/models/fs/copy-run.server';
import { followMoves } from '~/models/fs/moves.server';
import { followShares } from '~/models/shares/manage/follow-moves.server';
import { registerTaskKind } from '~/models/tasks/kinds.server';

/**
 * The model layer's wiring: domains lower in the order (docs/architecture.md §1) announce events
 * and run work that domains above them provide, without importing them — fs's moves that shares
 * follow, the task queue's kinds. Every model context is wired once (services.server.ts, the CLI,
 * tests/support/model-context.ts); wiring again changes nothing.
 */
export function wireModels(): void {
  followMoves(followShares);
  registerTaskKind('copy', copyTaskKind);
  registerTaskKind('backup', backupTaskKind);
}
