/**
 * Umi access plugin: what the UI shows (docs/product.md "Roles"). It only hides; the server checks
 * every route again. Membership of `/:app` is checked by the workspace gate from params.
 * Users and groups (`/admin/user`, `/admin/group`) are administrators' screens: `canAdmin`.
 */
import { APP_ROLES, type AppRole } from '../contracts/constants';
import type { InitialState } from './initialState';

export interface Access {
  isLoggedIn: boolean;
  /** The console (`/admin/**`), docs/product.md "Roles": a separate route area; users and groups are in it. */
  canAdmin: boolean;
}

export default function access(initialState: InitialState | undefined): Access {
  const user = initialState?.currentUser ?? null;
  return {
    isLoggedIn: user !== null,
    canAdmin: user !== null && user.isAdmin,
  };
}

/**
 * Whether an application role is at least `needed` (owner > editor > viewer). `role` is the
 * user's effective role as the server reports it (`myRole` of an application: the highest of their
 * own membership and their groups' grants); an administrator passes every check.
 */
export function hasAppRole(role: AppRole | null | undefined, needed: AppRole, isAdmin = false): boolean {
  if (isAdmin) return true;
  if (!role) return false;
  return APP_ROLES.indexOf(role) >= APP_ROLES.indexOf(needed);
}

/** What the UI lets a user do in one application (docs/product.md "Roles"), from their effective role. */
export function appAccess(role: AppRole | null | undefined, isAdmin = false) {
  return {
    /** Open the workspace and read. */
    canUseApp: hasAppRole(role, 'viewer', isAdmin),
    /** Write records, files, reports. */
    canEditRecords: hasAppRole(role, 'editor', isAdmin),
    /** Change the model, members and settings. */
    canManageApp: hasAppRole(role, 'owner', isAdmin),
  };
}
