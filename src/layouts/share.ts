/**
 * The one workspace path a visitor may open without signing in (a share link opens a
 * read-only grid for anyone holding it, signed out included: the token, not membership, admits
 * them): `/{app}/share_grid_view`. The workspace gate and the runtime layout let it through (no
 * sign-in redirect, no membership check, no chrome); every other workspace path keeps both.
 */
export const SHARE_GRID_PATH = /^\/[^/]+\/share_grid_view\/?$/;

/** True for `/{app}/share_grid_view`. */
export const isShareGridPath = (pathname: string) => SHARE_GRID_PATH.test(pathname);
