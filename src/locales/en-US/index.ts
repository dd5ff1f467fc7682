/** Every en-US message: the boot strings (../en-US.ts), the shell's and the modules' screens'. The same keys in both languages (locales.test.ts). */
import boot from '../en-US';
import pages from './pages';
import shell from './shell';

export default { ...boot, ...shell, ...pages };
