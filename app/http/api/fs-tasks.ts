import { Router } from 'express';
import { batchCopyCommitSchema, batchCopySchema, copySchema } from '~/lib/schemas/fs';
import { batchCopy, commitBatchCopy } from '~/models/fs/batch-copy.server';
import { startCopyTask } from '~/models/fs/copy-task.server';
import { cancelTask, clearFinishedTasks, getTask, listTasks, retryTask } from '~/models/tasks/tasks.server';
import type { Services } from '~/services.server';
import { sendOk, sendPartly } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { presentTask, presentTaskCreated, presentTaskList, presentTasksCleared } from './presenters/tasks';
import { principalOf } from './principal';

/**
 * Server-side copy and move, and the tasks that run them (ours, docs/api-extensions.md): always
 * copied by the server, across storages too; the caller follows the task.
 */
export function fsTasksRouter(services: Services): Router {
  const router = Router();

  router.post('/fs/copy', async (req, res) => {
    const { items, skipExisting, move } = copySchema.parse(req.body ?? {});
    const task = await startCopyTask(services, principalOf(res), items, { skipExisting, move });
    sendOk(res, apiMessage('taskCreated'), presentTaskCreated(task), 202);
  });

  // The v0.7.3 client's protocol (docs/product/api.md §3.10).
  router.post('/fs/batch-copy', async (req, res) => {
    const { items } = batchCopySchema.parse(req.body ?? {});
    const result = await batchCopy(services, principalOf(res), items, linkOriginOf(req, services.config));
    sendOk(res, apiMessage(result.crossStorage ? 'copyNeedsClient' : 'copyDone'), result);
  });

  router.post('/fs/batch-copy-commit', async (req, res) => {
    const { targetMountId, files } = batchCopyCommitSchema.parse(req.body ?? {});
    const result = await commitBatchCopy(services, principalOf(res), targetMountId, files);
    // Nothing committed: code 202 and success false in the body, HTTP 200 (as v0.7.3 answers).
    if (result.success.length === 0) return sendPartly(res, apiMessage('copyCommitFailed'), result, 200);
    sendOk(res, apiMessage('copyDone'), result);
  });

  router.get('/fs/tasks', async (_req, res) => {
    const tasks = await listTasks(services, principalOf(res));
    sendOk(res, apiMessage('tasksListed'), presentTaskList(tasks));
  });

  // The explorer's "Clear finished", for scripts: the caller's ended tasks are forgotten.
  router.post('/fs/tasks/clear-finished', async (_req, res) => {
    sendOk(res, apiMessage('tasksCleared'), presentTasksCleared(await clearFinishedTasks(services, principalOf(res))));
  });

  router.get('/fs/tasks/:id', async (req, res) => {
    sendOk(res, apiMessage('taskLoaded'), presentTask(await getTask(services, principalOf(res), req.params.id)));
  });

  router.post('/fs/tasks/:id/cancel', async (req, res) => {
    sendOk(res, apiMessage('taskCancelled'), presentTask(await cancelTask(services, principalOf(res), req.params.id)));
  });

  router.post('/fs/tasks/:id/retry', async (req, res) => {
    sendOk(res, apiMessage('taskRetried'), presentTask(await retryTask(services, principalOf(res), req.params.id)));
  });

  return router;
}
