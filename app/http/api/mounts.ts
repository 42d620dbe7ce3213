import { Router } from 'express';
import { createMountSchema, updateMountSchema } from '~/lib/schemas/mounts';
import {
  accessibleMounts,
  createMount,
  deleteMount,
  getAccessibleMount,
  getMount,
  listMounts,
  updateMount,
} from '~/models/mounts/mounts.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { presentMount, presentUserMount } from './presenters/mounts';
import { principalOf, requires } from './principal';

/** Mount management for admins and the mounts a key may browse (docs/product/api.md §3.6). */
export function mountsRouter(services: Services): Router {
  const router = Router();

  router.use('/admin/mounts', requires('mount.manage'));

  router.get('/admin/mounts', async (_req, res) => {
    const mounts = await listMounts(services, principalOf(res));
    sendOk(res, apiMessage('mountsListed'), mounts.map(presentMount));
  });

  router.get('/admin/mounts/:id', async (req, res) => {
    sendOk(res, apiMessage('mountLoaded'), presentMount(await getMount(services, principalOf(res), req.params.id)));
  });

  router.post('/admin/mounts', async (req, res) => {
    const mount = await createMount(services, principalOf(res), createMountSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('mountCreated'), presentMount(mount), 201);
  });

  router.put('/admin/mounts/:id', async (req, res) => {
    await updateMount(services, principalOf(res), req.params.id, updateMountSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('mountUpdated'));
  });

  router.delete('/admin/mounts/:id', async (req, res) => {
    await deleteMount(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('mountDeleted'));
  });

  router.use('/user/mounts', requires('mount.view'));

  router.get('/user/mounts', async (_req, res) => {
    const mounts = await accessibleMounts(services, principalOf(res));
    sendOk(res, apiMessage('mountsListed'), mounts.map(presentUserMount));
  });

  router.get('/user/mounts/:id', async (req, res) => {
    const mount = await getAccessibleMount(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('mountLoaded'), presentMount(mount));
  });

  return router;
}
