/**
 * What enabling a workspace module does besides listing it (docs/engagements.md "The model"): a
 * module with a system model (Audit) registers an enabler that applies its model — its subjects
 * and locked fields — inside the transaction that enables it, so an application never lists a
 * module whose subjects are missing. Enablers must be idempotent: disabling keeps the subjects
 * and their records, and enabling again finds them in place.
 */
import type { AppModule, CurrentUser } from '../../../../contracts';
import type { Executor } from '../../db/client';

/** Applies a module's model to the application `app` (id, slug) for `actor`. @throws HttpError to refuse the change. */
export type ModuleEnabler = (tx: Executor, app: { id: string; slug: string }, actor: CurrentUser) => Promise<void>;

const enablers = new Map<AppModule, ModuleEnabler>();

/** Registers the enabler of `module` (one per module; the module's routes file registers it when the server starts). */
export function registerModuleEnabler(module: AppModule, enabler: ModuleEnabler): void {
  enablers.set(module, enabler);
}

/** Runs the enablers of the modules of `modules` that were not in `before`. */
export async function runModuleEnablers(
  tx: Executor,
  app: { id: string; slug: string },
  actor: CurrentUser,
  modules: readonly AppModule[],
  before: readonly AppModule[] = [],
): Promise<void> {
  for (const m of modules) {
    const enable = enablers.get(m);
    if (enable && !before.includes(m)) await enable(tx, app, actor);
  }
}
