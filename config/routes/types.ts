/** A Umi route entry as this project writes them (Umi 4 route config + layout/access keys). */
export interface AppRoute {
  path: string;
  component?: string;
  name?: string;
  icon?: string;
  /** An access key of src/access.ts (`canAdmin`, …); children inherit it (Umi's access plugin). */
  access?: string;
  layout?: boolean;
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
  /** ProLayout: false = no side menu on this page (Umi's layout plugin reads route props). */
  menuRender?: false;
  redirect?: string;
  /** Menu group of src/layouts/menu.ts (`dataCore`, `platform`, `audit`…); label `menu.group.<key>`. */
  menuGroup?: string;
  /**
   * The application module (contracts/constants.ts APP_MODULES) a workspace route belongs to: its
   * menu entry shows only in applications that enable it. Routes without one are the data core.
   */
  appModule?: 'audit' | 'risk' | 'regulation' | 'fund' | 'analytics' | 'documents' | 'flows' | 'ai';
  wrappers?: string[];
  routes?: AppRoute[];
}
