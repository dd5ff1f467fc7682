/** en-US interface strings; the same keys as zh-CN.ts. */
import account from './en-US/account';
import modules from './en-US/modules';
import people from './en-US/people';
import notices from './en-US/notices';
import routes from './en-US/routes';
import audit from './en-US/audit';
import catalog from './en-US/catalog';
import subjects from './en-US/subjects';
import records from './en-US/records';
import applications from './en-US/applications';
import clients from './en-US/clients';
import compare from './en-US/compare';
import recordQuery from './en-US/recordQuery';
import forms from './en-US/forms';
import views from './en-US/views';
import imports from './en-US/imports';
import tasks from './en-US/tasks';
import resources from './en-US/resources';

export default {
  ...routes,
  ...modules,
  ...people,
  ...account,
  ...notices,
  ...audit,
  ...catalog,
  ...subjects,
  ...records,
  ...applications,
  ...clients,
  ...compare,
  ...recordQuery,
  ...forms,
  ...views,
  ...imports,
  ...tasks,
  ...resources,
  'app.title': 'Assay',
  'app.tagline': 'Audit, compliance and data management',

  'menu.admin': 'Console',
  'menu.workspace': 'Workspace',
  'menu.workspace.home': 'Home',
  'menu.login': 'Sign in',
  'menu.init': 'Initialisation',
  'menu.403': 'Forbidden',
  'menu.404': 'Not found',
  'menu.500': 'Server error',

  'routeData.failed': 'Loading the data failed (after 3 retries)',
  'chunk.failed.title': 'This screen could not be loaded',
  'chunk.failed.desc': 'Its code or stylesheet did not arrive from the server (the network dropped, or Assay was updated).',
  'chunk.failed.retry': 'Retry',
  'common.retry': 'Retry',
  'common.reload': 'Reload',
  'common.backHome': 'Back home',
  'common.loading': 'Loading…',
  'common.submit': 'Submit',
  'common.cancel': 'Cancel',
  'common.required': 'Required',
  'common.name': 'Name',
  'common.email': 'E-mail',
  'common.password': 'Password',
  'common.role': 'Role',
  'common.createdAt': 'Created',
  'common.search': 'Search',

  'role.owner': 'Owner',
  'role.editor': 'Editor',
  'role.viewer': 'Viewer',
  'role.admin': 'Administrator',

  'header.language': 'Language',
  'header.switchApp': 'Switch application',
  'header.noApps': 'No applications yet',
  'header.logout': 'Sign out',
  'header.console': 'Console',

  'init.title': 'Set up Assay',
  'init.intro': 'This is a new installation. Create the first administrator; setup closes for good afterwards.',
  'init.passwordHelp': 'At least 10 characters, with letters and digits',
  'init.confirmPassword': 'Confirm password',
  'init.passwordMismatch': 'The two passwords differ',
  'init.submit': 'Create administrator',
  'init.done': 'Administrator created: please sign in',
  'init.closed': 'Assay is already set up: please sign in',

  'login.title': 'Sign in to Assay',
  'login.emailInvalid': 'Not a valid e-mail address',
  'login.submit': 'Sign in',
  'login.welcome': 'Welcome back, {name}',
  'login.notInitialised': 'Assay is not set up yet: opening setup…',

  'home.noApps.title': 'You have no application yet',
  'home.noApps.desc':
    'Membership of an application is granted by an administrator or by the application’s owner. Ask them to add you.',
  'home.pick.title': 'Choose an application',

  'dashboard.title': 'Console dashboard',
  'dashboard.applications': 'Applications',
  'dashboard.users': 'Users',
  'dashboard.sessions': 'Active sessions',
  'dashboard.engine': 'Database',
  'dashboard.version': 'Version',
  'dashboard.uptime': 'Uptime',
  'dashboard.createApp': 'New application',
  'dashboard.createApp.firstHint': 'No application yet. Create the first one: a workspace for an audit team.',
  'dashboard.createApp.done': 'Application “{name}” created',
  'dashboard.createUser': 'New user',
  'dashboard.createUser.done': 'User “{name}” created',
  'dashboard.appList': 'All applications',
  'dashboard.open': 'Open',
  'dashboard.members': '{count, plural, one {# member} other {# members}}',
  'dashboard.isAdmin': 'Administrator',

  'app.slug': 'Slug',
  'app.slugHelp': 'Used in the address /{slug}: a lower-case letter first, 2–32 characters',
  'app.description': 'Description',

  'workspace.members': 'Members',
  'workspace.myRole': 'My role',
  'workspace.adminNotMember': 'Administrator (not a member)',
  'workspace.addMember': 'Add member',
  'workspace.addMember.done': '{email} added',
  'workspace.modulesPending': 'This application’s modules (audit projects, risks, regulations, funds…) arrive in later releases.',

  'exception.403.title': '403',
  'exception.403.desc': 'Sorry, you are not allowed to open this page.',
  'exception.404.title': '404',
  'exception.404.desc': 'Sorry, the page you visited does not exist.',
  'exception.500.title': '500',
  'exception.500.desc': 'Sorry, something went wrong on the server.',
  'exception.error.title': 'This page failed',
  'exception.error.desc': 'The page hit an unexpected error. Retry, or go back home.',
};
