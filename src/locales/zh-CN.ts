/** zh-CN interface strings. Menu keys follow ProLayout: `menu.<parentName>.<name>`. */
import account from './zh-CN/account';
import modules from './zh-CN/modules';
import people from './zh-CN/people';
import notices from './zh-CN/notices';
import routes from './zh-CN/routes';
import audit from './zh-CN/audit';
import catalog from './zh-CN/catalog';
import subjects from './zh-CN/subjects';
import records from './zh-CN/records';
import applications from './zh-CN/applications';
import clients from './zh-CN/clients';
import compare from './zh-CN/compare';
import recordQuery from './zh-CN/recordQuery';
import forms from './zh-CN/forms';
import views from './zh-CN/views';
import imports from './zh-CN/imports';
import tasks from './zh-CN/tasks';
import resources from './zh-CN/resources';

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
  'app.tagline': '审计、合规与数据管理',

  'menu.admin': '管理控制台',
  'menu.workspace': '工作区',
  'menu.workspace.home': '首页',
  'menu.login': '登录',
  'menu.init': '初始化',
  'menu.403': '无权限',
  'menu.404': '未找到',
  'menu.500': '服务器错误',

  'routeData.failed': '数据加载失败（已重试 3 次）',
  'chunk.failed.title': '页面资源加载失败',
  'chunk.failed.desc': '此页面的代码或样式文件未能从服务器加载（可能是网络中断或应用已更新）。',
  'chunk.failed.retry': '重试',
  'common.retry': '重试',
  'common.reload': '重新加载',
  'common.backHome': '返回首页',
  'common.loading': '加载中…',
  'common.submit': '提交',
  'common.cancel': '取消',
  'common.required': '必填',
  'common.name': '名称',
  'common.email': '邮箱',
  'common.password': '密码',
  'common.role': '角色',
  'common.createdAt': '创建时间',
  'common.search': '搜索',

  'role.owner': '所有者',
  'role.editor': '编辑者',
  'role.viewer': '查看者',
  'role.admin': '管理员',

  'header.language': '语言',
  'header.switchApp': '切换应用',
  'header.noApps': '暂无可用应用',
  'header.logout': '退出登录',
  'header.console': '管理控制台',

  'init.title': '初始化 Assay',
  'init.intro': '这是一个全新的安装。请创建第一位管理员账号；完成后初始化入口将永久关闭。',
  'init.passwordHelp': '至少 10 个字符，需同时包含字母和数字',
  'init.confirmPassword': '确认密码',
  'init.passwordMismatch': '两次输入的密码不一致',
  'init.submit': '创建管理员',
  'init.done': '管理员已创建，请登录',
  'init.closed': '系统已初始化，请直接登录',

  'login.title': '登录 Assay',
  'login.emailInvalid': '邮箱格式不正确',
  'login.submit': '登录',
  'login.welcome': '欢迎回来，{name}',
  'login.notInitialised': '系统尚未初始化，正在前往初始化页面…',

  'home.noApps.title': '你还没有可用的应用',
  'home.noApps.desc': '应用的成员资格由管理员或该应用的所有者授予。请联系他们把你加入一个应用。',
  'home.pick.title': '选择一个应用',

  'dashboard.title': '控制台首页',
  'dashboard.applications': '应用',
  'dashboard.users': '用户',
  'dashboard.sessions': '活动会话',
  'dashboard.engine': '数据库',
  'dashboard.version': '版本',
  'dashboard.uptime': '运行时长',
  'dashboard.createApp': '新建应用',
  'dashboard.createApp.firstHint': '还没有应用。创建第一个应用，作为审计团队的工作区。',
  'dashboard.createApp.done': '应用“{name}”已创建',
  'dashboard.createUser': '新建用户',
  'dashboard.createUser.done': '用户“{name}”已创建',
  'dashboard.appList': '全部应用',
  'dashboard.open': '打开',
  'dashboard.members': '{count} 名成员',
  'dashboard.isAdmin': '管理员',

  'app.slug': '标识',
  'app.slugHelp': '用于地址 /{slug}：小写字母开头，2–32 个字符',
  'app.description': '描述',

  'workspace.members': '成员',
  'workspace.myRole': '我的角色',
  'workspace.adminNotMember': '管理员（非成员）',
  'workspace.addMember': '添加成员',
  'workspace.addMember.done': '已添加 {email}',
  'workspace.modulesPending': '本应用的模块（审计项目、风险、制度、基金……）将在后续版本中逐步提供。',

  'exception.403.title': '403',
  'exception.403.desc': '抱歉，你没有权限访问此页面。',
  'exception.404.title': '404',
  'exception.404.desc': '抱歉，你访问的页面不存在。',
  'exception.500.title': '500',
  'exception.500.desc': '抱歉，服务器出错了。',
  'exception.error.title': '页面出错了',
  'exception.error.desc': '此页面遇到了意外错误。你可以重试或返回首页。',
};
