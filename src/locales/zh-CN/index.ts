/** Every zh-CN message: the boot strings (../zh-CN.ts), the shell's and the modules' screens'. The same keys in both languages (locales.test.ts). */
import boot from '../zh-CN';
import pages from './pages';
import shell from './shell';

export default { ...boot, ...shell, ...pages };
