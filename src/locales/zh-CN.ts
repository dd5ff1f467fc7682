/**
 * zh-CN boot strings: the only messages Umi's locale plugin bundles into umi.js, so the route error
 * boundary can still speak when a language's own messages fail to load. Everything else loads on
 * demand (src/loaders/locale.ts): ./zh-CN/shell.ts on every page, ./zh-CN/pages.ts for the signed-in
 * screens; ./zh-CN/index.ts is the whole dictionary. docs/performance.md "Messages on demand".
 */
export default {
  'chunk.failed.title': '页面资源加载失败',
  'chunk.failed.desc': '此页面的代码或样式文件未能从服务器加载（可能是网络中断或应用已更新）。',
  'chunk.failed.retry': '重试',
  'common.retry': '重试',
  'common.reload': '重新加载',
  'common.backHome': '返回首页',
  'exception.error.title': '页面出错了',
  'exception.error.desc': '此页面遇到了意外错误。你可以重试或返回首页。',
};
