/**
 * The recycle bin's handler of clients: restore clears the soft-delete mark (409 naming the code
 * when a live client took it meanwhile) and its links, which stayed, show again; purge deletes the
 * client and, by cascade, its links. Registered on import (clients.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { purgeClient, restoreClient } from './clients.service';

registerRecyclable({ type: 'client', restore: restoreClient, purge: purgeClient });
