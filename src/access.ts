/**
 * Umi access plugin: what the UI shows (PRODUCT.md "Roles"). It only hides; the server checks
 * every route again. Membership of `/:app` is checked by the workspace gate from params.
 */
import type { InitialState } from './initialState';

export interface Access {
  isLoggedIn: boolean;
  /** The console (`/admin/**`), SPEC.md §6: a separate route area. */
  canAdmin: boolean;
}

export default function access(initialState: InitialState | undefined): Access {
  const user = initialState?.currentUser ?? null;
  return {
    isLoggedIn: user !== null,
    canAdmin: user !== null && user.isAdmin,
  };
}
