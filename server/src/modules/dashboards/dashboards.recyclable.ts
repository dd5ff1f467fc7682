/**
 * The recycle bin's handler of dashboards: restore clears the soft-delete mark (names need not be
 * unique, so nothing can clash; cards whose queries were deleted meanwhile show that error, card by
 * card); purge deletes the row. Registered on import (dashboards.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { lockDashboard, markDashboardDeleted, purgeDashboard } from './dashboards.repository';
import { dashboardNotFound } from './dashboards.service';

registerRecyclable({
  type: 'dashboard',
  async restore(tx, id) {
    if (!(await lockDashboard(tx, id, true))) throw dashboardNotFound();
    await markDashboardDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await purgeDashboard(tx, id);
  },
});
