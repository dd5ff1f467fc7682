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
  wrappers?: string[];
  routes?: AppRoute[];
}
