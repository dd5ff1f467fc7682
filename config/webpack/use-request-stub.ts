/**
 * Stands in for `@ahooksjs/use-request`, the engine of Umi's `useRequest` (plugin-request), which
 * Assay does not use: data goes through react-query (src/loaders/). Umi's generated request module
 * imports it at the top, which kept it and lodash.debounce/throttle in umi.js (~7 KB gzip), so
 * .umirc.ts swaps it (docs/performance.md "What left umi.js"). Calling it is a programming error.
 */
import type { ReactNode } from 'react';

/** Throws: use react-query (`useQuery`, `useRouteData`) instead. */
export default function useRequest(): never {
  throw new Error("Umi's useRequest is not available in Assay: use react-query (src/loaders/)");
}

/** Renders its children: nothing to configure without useRequest. */
export const UseRequestProvider = ({ children }: { children?: ReactNode }) => children;
