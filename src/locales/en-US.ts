/**
 * en-US boot strings: the only messages Umi's locale plugin bundles into umi.js, so the route error
 * boundary can still speak when a language's own messages fail to load. Everything else loads on
 * demand (src/loaders/locale.ts): ./en-US/shell.ts on every page, ./en-US/pages.ts for the signed-in
 * screens; ./en-US/index.ts is the whole dictionary. docs/performance.md "Messages on demand".
 */
export default {
  'chunk.failed.title': 'This screen could not be loaded',
  'chunk.failed.desc': 'Its code or stylesheet did not arrive from the server (the network dropped, or Assay was updated).',
  'chunk.failed.retry': 'Retry',
  'common.retry': 'Retry',
  'common.reload': 'Reload',
  'common.backHome': 'Back home',
  'exception.error.title': 'This page failed',
  'exception.error.desc': 'The page hit an unexpected error. Retry, or go back home.',
};
