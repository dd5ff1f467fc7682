/**
 * Applications (workspaces) and their members (contracts/applications.ts): the module's plain
 * constants, audit actions, recycle-bin types and server messages (both languages). No zod: the web
 * may import this file at run time (docs/architecture.md "Contracts"); contracts/constants.ts
 * re-exports its constants and contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Application slug: 2–32 characters, a lower-case letter, then lower-case letters, digits, `-` or `_`. */
export const SLUG_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;

/**
 * Workspace modules an application can switch on (docs/product.md "Modules"); the data core (subjects,
 * records) is always on. Stored in `applications.modules`.
 */
export const APP_MODULES = ['audit', 'risk', 'regulation', 'fund', 'analytics', 'documents', 'flows', 'ai'] as const;
export type AppModule = (typeof APP_MODULES)[number];

/**
 * Icons an application (or a subject) can carry: antd icon names the web renders from one small
 * map (src/components/IconByName.tsx) instead of bundling every icon. The application API accepts
 * only these.
 */
export const APP_ICONS = [
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BookOutlined',
  'BuildOutlined',
  'CalculatorOutlined',
  'CalendarOutlined',
  'CheckCircleOutlined',
  'CloudOutlined',
  'ClusterOutlined',
  'ContainerOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DollarOutlined',
  'ExperimentOutlined',
  'FileProtectOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FlagOutlined',
  'FolderOutlined',
  'FundOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'InsuranceOutlined',
  'LineChartOutlined',
  'PieChartOutlined',
  'ProjectOutlined',
  'ReconciliationOutlined',
  'SafetyCertificateOutlined',
  'ScheduleOutlined',
  'SecurityScanOutlined',
  'ShopOutlined',
  'SolutionOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'TrophyOutlined',
  'UserOutlined',
  'WalletOutlined',
] as const;
export type AppIcon = (typeof APP_ICONS)[number];

/** Sortable columns of GET /api/v1/applications (`sort=name:asc`). */
export const APPLICATION_SORT_FIELDS = ['name', 'slug', 'createdAt'] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];

/** The most members an application can be created with in one request. */
export const APP_INITIAL_MEMBERS_MAX = 100;

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const APPLICATIONS_MODULE = {
  auditActions: [
    'application.create',
    'application.update',
    'application.delete',
    'member.add',
    'member.update',
    'member.remove',
  ],
  recycleTypes: ['application'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const APPLICATIONS_MESSAGES = {
  'errors.slug.pattern': {
    'zh-CN': '标识需 2–32 个字符：小写字母开头，仅含小写字母、数字、- 和 _',
    'en-US': 'Slug must be 2–32 characters: a lower-case letter, then lower-case letters, digits, - or _',
  },
  'errors.slug.reserved': {
    'zh-CN': '该标识是系统保留字，请换一个',
    'en-US': 'This slug is reserved by the system; choose another',
  },
  'errors.slugTaken': { 'zh-CN': '该标识已被使用', 'en-US': 'This slug is already in use' },
  'errors.userNotFound': { 'zh-CN': '没有使用该邮箱的用户', 'en-US': 'No user has this e-mail address' },
  'errors.applicationNotFound': { 'zh-CN': '应用不存在', 'en-US': 'No such application' },
  'errors.notMember': { 'zh-CN': '你不是该应用的成员', 'en-US': 'You are not a member of this application' },
  'errors.lastOwner': {
    'zh-CN': '应用至少需要保留一名所有者',
    'en-US': 'An application must keep at least one owner',
  },
  'errors.memberNotFound': { 'zh-CN': '该用户不是此应用的成员', 'en-US': 'This user is not a member of the application' },
  'errors.application.icon': { 'zh-CN': '请从提供的图标中选择', 'en-US': 'Choose one of the offered icons' },
  'errors.application.color': { 'zh-CN': '主题色需为 #rrggbb 格式', 'en-US': 'Theme colour must be #rrggbb' },
  'errors.application.module': { 'zh-CN': '没有这个模块', 'en-US': 'No such module' },
  'errors.application.memberWho': {
    'zh-CN': '请用用户 ID 或邮箱（二选一）指定成员',
    'en-US': 'Name the member by user id or by e-mail (one of them)',
  },
} as const satisfies MessageCatalog;
