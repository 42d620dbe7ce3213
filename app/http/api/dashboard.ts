import { Router } from 'express';
import { dashboardStats } from '~/models/dashboard/stats.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { presentDashboard } from './presenters/dashboard';
import { principalOf, requires } from './principal';

/** The admin dashboard's figures (docs/product/api.md §3.7). */
export function dashboardRouter(services: Services): Router {
  const router = Router();
  router.get('/admin/dashboard/stats', requires('admin.dashboard'), async (_req, res) => {
    sendOk(res, apiMessage('dashboardLoaded'), presentDashboard(await dashboardStats(services, principalOf(res))));
  });
  return router;
}
