/**
 * Applications (workspaces) and their members (contracts/applications.ts): the module's plain
 * constants and its audit actions and recycle-bin types (its server messages:
 * contracts/applications.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `APPLICATIONS_MODULE`
 * (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { ModuleEntry } from './constants';

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
