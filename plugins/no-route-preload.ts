/**
 * Turns off Umi's routePreloadOnLoad (the `preload_helper.js` head script). It inserts the route's
 * chunk `<script data-webpack>` tags before umi.js runs; when one of them fails (a missing chunk
 * after a deploy, a dropped connection), webpack later finds the dead tag, reuses it, never sees
 * its error and waits the full 120000 ms chunk timeout (docs/routes-and-loading.md "Chunk errors") before ChunkLoadError. Without it
 * webpack loads the chunk itself and a failure surfaces at once (tests/e2e/10-route-map.spec.ts).
 */
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.describe({ key: 'noRoutePreload' });
  api.skipPlugins(['routePreloadOnLoad']);
};
