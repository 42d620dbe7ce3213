import type { TaskCounts } from '~/lib/explorer';
import type { Task } from '~/generated/prisma/client';
import type { ModelContext } from '~/models/context.server';

export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'partial'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What every task keeps in `details` (JSON), whatever its kind adds. */
export interface TaskDetailsBase {
  /** Runs cut off by a stopped server; past MAX_INTERRUPTIONS (worker.server.ts) the task fails. */
  interruptions?: number;
  /** Why the task failed as a whole. */
  error?: string;
}

/** A task as its lists show it: the queue's fields, and what its kind adds. */
export interface TaskRecord extends TaskCounts {
  id: string;
  /** The kind's name for this task ("copy", "move", "backup"). */
  type: string;
  status: TaskStatus;
  /** What it works on (a copy's items), and what failed of it. */
  items: { sourcePath: string; targetPath: string; skipped?: boolean }[];
  failed: { sourcePath: string; targetPath: string; error: string }[];
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A backup's run (models/backup/task.server.ts). */
  backup?: {
    storage?: string;
    folder?: string;
    phase?: string;
    name?: string;
    pruned?: number;
  };
}

/**
 * A kind of task (docs/architecture.md §10): the queue (this folder) claims, hands back, cancels and
 * lists tasks; a kind runs them. Each kind registers itself with its folder's code
 * (app/models/wiring.server.ts), so the queue knows none of its tenants.
 */
export interface TaskKind {
  /** Runs a claimed task until it ends (writing its status) or `signal` stops it. */
  run(ctx: ModelContext, task: Task, signal: AbortSignal): Promise<void>;
  /** The task as lists show it. */
  record(task: Task): TaskRecord;
  /** The details of a run again of what did not succeed; null when it cannot run again. */
  retry?(task: Task): object | null;
  /** One at a time over every replica: the worker claims no other of its kind while one runs. */
  exclusive?: boolean;
  /** Work the worker asks for now and then (every `everyMs`): a scheduled task that is due. */
  due?: { everyMs: number; enqueue(ctx: ModelContext): Promise<unknown> };
}

const kinds = new Map<string, TaskKind>();

export function registerTaskKind(type: string, kind: TaskKind): void {
  kinds.set(type, kind);
}

/** The kind of a task row; a row of a kind this process does not know is a bug, not a task to skip. */
export function kindOf(type: string): TaskKind {
  const kind = kinds.get(type);
  if (!kind) throw new Error(`No task kind "${type}" is registered (app/models/wiring.server.ts)`);
  return kind;
}

/** Every registered kind, with its type. */
export const taskKinds = (): [string, TaskKind][] => [...kinds];
