/**
 * The only Umi config (docs/code-style.md "Layout"). docs/routes-and-loading.md "Paths and chunks": browser history, router base `/`, assets under
 * `/admin/`, every page its own lazily loaded `*.async.js` / `*.chunk.css` chunk (content-hashed so
 * the server can cache them for a year).
 */
import CompressionPlugin from 'compression-webpack-plugin';
import { join } from 'path';
import { constants as zlib } from 'zlib';
import { defineConfig } from 'umi';
import { routes } from './config/routes';
import { theme } from './config/theme';

/** The browsers Assay supports: evergreen ones only (docs/performance.md "Evergreen output"). */
const TARGETS = { chrome: 100, edge: 100, firefox: 100, safari: 15 };

/** `MOCK=none umi dev` proxies the API to a running server on this address instead of the in-process one. */
const apiTarget = process.env.ASSAY_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [
    '@umijs/plugins/dist/access',
    '@umijs/plugins/dist/initial-state',
    '@umijs/plugins/dist/model',
    '@umijs/plugins/dist/request',
    '@umijs/plugins/dist/locale',
    '@umijs/plugins/dist/layout',
    '@umijs/plugins/dist/antd',
    '@umijs/plugins/dist/react-query',
    '@umijs/plugins/dist/moment2dayjs',
    './plugins/no-route-preload',
  ],
  npmClient: 'npm',
  title: 'Assay',
  // replaces umi's default viewport (user-scalable=no, maximum-scale=1.0): people with low vision
  // must be able to zoom (docs/accessibility.md)
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  publicPath: '/admin/',
  /** Build output; ASSAY_OUTPUT_PATH lets a second build sit beside dist/ (the server's DIST_DIR). */
  outputPath: process.env.ASSAY_OUTPUT_PATH ?? 'dist',
  base: '/',
  history: { type: 'browser' },
  hash: true,
  /** No react-helmet-async provider: nothing uses Umi's Helmet (the title is set in src/app.tsx). */
  helmet: false,
  /** Evergreen browsers only: no core-js polyfills, no ES5 down-levelling (the first-load budget, docs/routes-and-loading.md "First-load budget"). */
  targets: TARGETS,
  polyfill: false,
  /** Wrap each minified chunk in an IIFE: without it esbuild's helper names collide across chunks. */
  esbuildMinifyIIFE: true,
  moment2dayjs: { preset: 'none', plugins: [] },
  /** docs/routes-and-loading.md "Chunk errors": script chunk load timeout 120000 ms (webpack's own default, set explicitly). */
  chainWebpack(memo, { webpack }) {
    memo.output.set('chunkLoadTimeout', 120000);
    // Umi hands `targets` to babel as its top-level option, which the preset-env bundled in
    // @umijs/babel-preset-umi ignores: without this every source file came out as ES5 (regenerator
    // for async, helpers for spread and for-of, \p{…} regexes spelled out), about a third more bytes.
    for (const name of ['src', 'jsx-ts-tsx', 'extra-src']) {
      if (!memo.module.rules.has(name) || !memo.module.rule(name).uses.has('babel-loader')) continue;
      memo.module
        .rule(name)
        .use('babel-loader')
        .tap((options) => {
          const presets = (options as { presets: [string, { presetEnv?: object }][] }).presets;
          const [preset, presetOptions] = presets[0];
          presets[0] = [preset, { ...presetOptions, presetEnv: { ...presetOptions.presetEnv, targets: TARGETS } }];
          return options;
        });
    }
    // First-load budget: no Buffer polyfill (only axios's Node branch names it) and no
    // unused SelectLang dragging antd's Menu/Dropdown into umi.js.
    memo.plugins.delete('node-polyfill-provider');
    memo
      .plugin('no-select-lang')
      .use(webpack.NormalModuleReplacementPlugin, [/plugin-locale[\\/]SelectLang/, join(__dirname, 'config/webpack/select-lang-stub.tsx')]);
    // nor Umi's useRequest (unused: data goes through react-query) with lodash.debounce/throttle
    memo
      .plugin('no-use-request')
      .use(webpack.NormalModuleReplacementPlugin, [/[\\/]@ahooksjs[\\/]use-request$/, join(__dirname, 'config/webpack/use-request-stub.ts')]);
    // the heavy editors keep their libraries in their own named chunk, which the single-chunk budget
    // allows over 150 KB (bench/first-load-lib.mjs HEAVY_CHUNKS) and no first screen loads
    const splitChunks = (memo.optimization.get('splitChunks') ?? {}) as { cacheGroups?: Record<string, unknown> };
    memo.optimization.splitChunks({
      ...splitChunks,
      cacheGroups: {
        ...splitChunks.cacheGroups,
        heavyRichtext: {
          test: /[\\/]node_modules[\\/](@tiptap[\\/]|prosemirror-|orderedmap|rope-sequence|w3c-keyname|linkifyjs)/,
          name: 'heavy-richtext-lib',
          chunks: 'async',
          enforce: true,
          priority: 30,
        },
        heavyXlsx: {
          test: /[\\/]node_modules[\\/]exceljs[\\/]/,
          name: 'heavy-xlsx-lib',
          chunks: 'async',
          enforce: true,
          priority: 30,
        },
        heavyCharts: {
          test: /[\\/]node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor)[\\/]/,
          name: 'heavy-charts-lib',
          chunks: 'async',
          enforce: true,
          priority: 30,
        },
      },
    });
    // pdfjs's worker (an ES module the documents preview emits as an asset, docs/documents-web.md)
    // stays as it is: minified again and wrapped in an IIFE it is no longer a module and fails to start
    if (process.env.NODE_ENV === 'production') {
      memo.optimization.minimizer('js-esbuild').tap(([options]) => [{ ...options, exclude: /pdf\.worker/ }]);
    }
    // `import { isEqual } from 'lodash'` in our own code takes lodash-es, which webpack can tree-shake
    // (CommonJS lodash came whole, 25 KB gzip, into the workspace); packages keep theirs
    memo.plugin('lodash-es-for-src').use(webpack.NormalModuleReplacementPlugin, [
      /^lodash$/,
      (resource: { request: string; context: string }) => {
        if (!/[\\/]node_modules[\\/]/.test(resource.context)) resource.request = 'lodash-es';
      },
    ]);
    // antd's rc-* and @rc-component/* packages are plain ES modules without side effects but do not
    // say so (package.json `sideEffects`), so webpack kept whole barrels: every antd Input brought
    // all of rc-field-form (its form context names one export) into /login and /init.
    memo.module
      .rule('rc-side-effect-free')
      .test(/\.js$/)
      .include.add(/[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]es[\\/]/)
      .end()
      .sideEffects(false);
    // Precompressed copies of the build (`x.js.br`, `x.js.gz`) that the server sends to browsers
    // accepting them (server/src/static.ts, @fastify/static `preCompressed`): umi.js goes out as
    // ~180 KB instead of ~660 KB, with no compression work per request (docs/performance.md "Compression").
    if (process.env.NODE_ENV === 'production') {
      const compressed = { test: /\.(js|css|svg)$/, threshold: 1024, minRatio: 0.9 };
      memo
        .plugin('gzip')
        .use(CompressionPlugin, [
          { ...compressed, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } },
        ]);
      memo
        .plugin('brotli')
        .use(CompressionPlugin, [
          {
            ...compressed,
            algorithm: 'brotliCompress',
            filename: '[path][base].br',
            compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
          },
        ]);
    }
    return memo;
  },
  /** `SOURCEMAP=1 umi build` writes source maps for bench/bundle-sources.mjs (docs/performance.md); none by default. */
  devtool: process.env.SOURCEMAP ? 'source-map' : false,
  analyze: {
    analyzerMode: 'static',
    reportFilename: '../bench/results/bundle-report.html',
    openAnalyzer: false,
    generateStatsFile: true,
    statsFilename: '../bench/results/bundle-stats.json',
  },
  routes,
  access: {},
  model: {},
  initialState: {},
  request: {},
  antd: { theme },
  locale: { default: 'zh-CN', antd: true, baseNavigator: false, title: false, useLocalStorage: true },
  layout: { title: 'Assay', locale: true },
  reactQuery: { devtool: false, queryClient: true },
  proxy:
    process.env.MOCK === 'none'
      ? { '/api': { target: apiTarget, changeOrigin: true }, '/__serverLoader': { target: apiTarget, changeOrigin: true } }
      : {},
});
