/** The current application, as loaded by the `/:app` gate, for any page under `/{app}/…`. */
import { useOutletContext } from 'umi';
import type { ApplicationDetail } from '../../../contracts';

export interface WorkspaceContext {
  app: ApplicationDetail;
  /** Re-reads the application (after a member change, say). */
  refresh: () => Promise<unknown>;
}

export function useWorkspace(): WorkspaceContext {
  return useOutletContext<WorkspaceContext>();
}
