/**
 * The recycle bin's handler of applications: restore clears the soft-delete mark (the slug stayed
 * reserved, so it cannot clash) and everything under the application shows again; purge drops its
 * subjects' tables and deletes it (relations cascade). Registered on import (applications.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { purgeApplication, restoreApplication } from './applications.service';

registerRecyclable({ type: 'application', restore: restoreApplication, purge: purgeApplication });
