/**
 * The only Umi config (STYLE.md). SPEC.md §2/§9: browser history, router base `/`, assets under
 * `/admin/`, every page its own lazily loaded `*.async.js` / `*.chunk.css` chunk (content-hashed so
 * the server can cache them for a year).
 */
import { defineConfig } from 'umi';
import { routes } from './config/routes';
import { theme } from './config/theme';

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
  ],
  npmClient: 'npm',
  title: 'Assay',
  publicPath: '/admin/',
  base: '/',
  history: { type: 'browser' },
  hash: true,
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
