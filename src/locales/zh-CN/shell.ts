/** zh-CN messages every page loads before its first paint (src/loaders/locale.ts): the pages outside the modules, route and menu names, module names. */
import core from './core';
import routes from './routes';
import modules from './modules';

export default {
  ...core,
  ...routes,
  ...modules,
};
