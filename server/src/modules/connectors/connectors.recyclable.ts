/**
 * The recycle bin's handler of connectors (type `connector`): restore clears the soft-delete mark
 * (409 errors.connector.nameTaken when a live connector took its name meanwhile); purge deletes
 * the row, its syncs and their runs by cascade (the import batches of past runs stay in the
 * imports' history). Registered on import (connectors.routes.ts).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { registerRecyclable } from '../../core/recycle.registry';
import { connectors } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { connectorNotFound } from './connectors.service';

registerRecyclable({
  type: 'connector',
  async restore(tx, id) {
    const [row] = await tx.select().from(connectors).where(eq(connectors.id, id));
    if (!row) throw connectorNotFound();
    const [clash] = await tx
      .select({ id: connectors.id })
      .from(connectors)
      .where(and(isNull(connectors.deletedAt), ne(connectors.id, id), sql`lower(${connectors.name}) = lower(${row.name})`));
    if (clash) throw new HttpError(409, 'CONFLICT', 'errors.connector.nameTaken', [{ field: 'name', messageKey: 'errors.connector.nameTaken' }]);
    await tx.update(connectors).set({ deletedAt: null, deletedBy: null, updatedAt: new Date() }).where(eq(connectors.id, id));
  },
  async purge(tx, id) {
    await tx.delete(connectors).where(eq(connectors.id, id));
  },
});
