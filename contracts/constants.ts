/**
 * The contracts' plain constants, free of zod so the web's first-load bundle does not carry the
 * schema library (docs/routes-and-loading.md "First-load budget"). Schemas live beside them and re-export these.
 */

/** umi request plugin's ErrorShowType: 0 silent, 1 warning, 2 error, 3 notification, 9 redirect. */
export const ShowType = { SILENT: 0, WARN: 1, ERROR: 2, NOTIFICATION: 3, REDIRECT: 9 } as const;
export type ShowTypeValue = (typeof ShowType)[keyof typeof ShowType];

/** The header every mutation must carry (CSRF defence: a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-assay-request';

/** The two interface languages (docs/product.md "Layout"); zh-CN is the default. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Per-application roles, weakest first (docs/product.md "Roles"). */
export const APP_ROLES = ['viewer', 'editor', 'owner'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Application slug: 2–32 characters, a lower-case letter, then lower-case letters, digits, `-` or `_`. */
export const SLUG_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;

/**
 * The `<meta name="csp-nonce" content="…">` tag the server templates into index.html: a fresh
 * random nonce per page load, also allowed by the page's Content-Security-Policy `style-src`, for
 * antd's `ConfigProvider csp={{ nonce }}` (cssinjs puts it on its `<style>` tags).
 */
export const CSP_NONCE_META = 'csp-nonce';

/**
 * Audit-log actions written today (docs/product.md "API conventions": one entry per mutation;
 * logins, logouts and failed logins as security events). `<resource>.<verb>`; later modules add
 * theirs. The console's filter takes an exact action or a prefix (`auth` = every `auth.*`).
 */
export const AUDIT_ACTIONS = [
  'setup.init',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'auth.password_change_failed',
  'user.preferences',
  'user.create',
  'user.update',
  'user.password_reset',
  'user.delete',
  'user.session_revoke',
  'group.create',
  'group.update',
  'group.delete',
  'group.member_add',
  'group.member_remove',
  'group.grant_add',
  'group.grant_update',
  'group.grant_remove',
  'application.create',
  'member.add',
  'member.update',
  'member.remove',
  'user.profile',
  'token.create',
  'token.revoke',
  'settings.update',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.unpublish',
  'notice.delete',
  'notice.send',
  'notice.read',
  'notice.read_all',
  'recycle.restore',
  'recycle.purge',
  'recycle.retention',
  'variable.create',
  'variable.update',
  'variable.delete',
  'tag.create',
  'tag.update',
  'tag.delete',
  'tag.assign',
  'category.create',
  'category.update',
  'category.move',
  'category.delete',
  'category.assign',
  'application.update',
  'application.delete',
  'client.create',
  'client.update',
  'client.delete',
  'subject.create',
  'subject.update',
  'subject.delete',
  'field.create',
  'field.update',
  'field.delete',
  'field.reorder',
  'record.create',
  'record.update',
  'record.delete',
  'record.restore_version',
  'record.bulk_update',
  'record.bulk_delete',
  'record.tag',
  'record.categorize',
  'comment.create',
  'comment.delete',
  'attachment.upload',
  'attachment.delete',
  'query.create',
  'query.update',
  'query.delete',
  'form.create',
  'form.update',
  'form.delete',
  'view.create',
  'view.update',
  'view.delete',
  'view.share_create',
  'view.share_revoke',
  'view.share_lock',
  'view.share_unlock',
  'import.upload',
  'import.run',
  'import.undo',
  'import.delete',
  'task.start',
  'task.cancel',
  'task.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The most audit entries one export returns (GET /api/v1/audit/export): the newest
 * AUDIT_EXPORT_MAX_ROWS of the filtered set; narrow the filters (time range) for older ones.
 */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** Audit export formats. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/**
 * The kinds of objects that go to the recycle bin (users and groups first; tags, categories,
 * variables and notices with their modules; later modules add theirs). The bin's `type` column;
 * each module registers its handler (server core/recycle.registry.ts).
 */
export const RECYCLABLE_TYPES = ['user', 'group', 'tag', 'category', 'variable', 'notice', 'application', 'client', 'subject', 'field', 'record', 'query', 'form', 'view'] as const;
export type RecyclableType = (typeof RECYCLABLE_TYPES)[number];

/** The settings key of the recycle bin's retention in days (0 = keep forever). */
export const RECYCLE_RETENTION_KEY = 'recycle.retentionDays';
/** Longest retention the setting accepts (days, ten years). */
export const RECYCLE_RETENTION_MAX_DAYS = 3650;

/** Variable types (Variables): a secret's value is write-only and stored encrypted. */
export const VARIABLE_TYPES = ['text', 'number', 'json', 'secret'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** Variable key: an identifier, 1–64 characters: a letter or `_`, then letters, digits, `_` or `.`. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;

/** Longest variable value, in characters (64 KiB of text). */
export const VARIABLE_VALUE_MAX = 65_536;

/**
 * Why `value` is not valid for a variable of `type`, as a message key of contracts/messages.ts, or
 * null when it is: a number must parse as a finite number (`Number(value)`, blanks refused), JSON
 * must parse (`JSON.parse`), a secret must not be empty; text takes anything. Shared by the zod
 * schemas (contracts/variables.ts), the server's update rule and the web form.
 */
export function variableValueProblem(type: VariableType, value: string): 'errors.variable.number' | 'errors.variable.json' | 'errors.required' | null {
  if (type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'errors.variable.number';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'errors.variable.json';
    }
  }
  if (type === 'secret') return value === '' ? 'errors.required' : null;
  return null;
}

/** Tag colour: `#rrggbb` (lower- or upper-case hex). */
export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * What tags and categories attach to (`target_type` of taggings/categorizations): a lower-case
 * word naming the kind of object ('variable', 'record', 'user'…), 1–32 characters.
 */
export const TARGET_TYPE_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,31}$/;

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

/** Client status (`/admin/client`). */
export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** Sortable columns of GET /api/v1/clients. */
export const CLIENT_SORT_FIELDS = ['code', 'name', 'industry', 'status', 'createdAt', 'updatedAt'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

/** Client code: 1–32 characters, a letter or digit, then letters, digits, `.`, `_` or `-`. Unique case-insensitively. */
export const CLIENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** The most contacts a client keeps; the most applications one is linked to. */
export const CLIENT_CONTACTS_MAX = 50;
export const CLIENT_APPLICATIONS_MAX = 100;

/** The most clients one export returns (the filtered list's first rows in its sort order). */
export const CLIENT_EXPORT_MAX_ROWS = 100_000;

/** Export formats of list screens (clients). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Field types of a subject (Subjects and fields). Storage per type is in
 * server/src/modules/subjects/field-types.ts; the JSON value of each in contracts/records.ts.
 * The last four are system fields: they read the record's own columns and are never written.
 */
export const FIELD_TYPES = [
  'text',
  'longText',
  'richText',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
  'singleSelect',
  'multiSelect',
  'email',
  'url',
  'phone',
  'user',
  'relation',
  'attachment',
  'formula',
  'autoNumber',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value the server computes: never accepted on a write (formula, auto number, system). */
export const COMPUTED_FIELD_TYPES: readonly FieldType[] = ['formula', 'autoNumber', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'];

/** Types quick search (`q`) looks in: a trigram index each (pg_trgm), matched with ILIKE. */
export const SEARCHABLE_FIELD_TYPES: readonly FieldType[] = ['text', 'longText', 'email', 'url', 'phone', 'singleSelect', 'autoNumber'];

/**
 * Filter operators (records' `filter`). Which apply to which type: FILTER_OPS_BY_TYPE.
 * `empty`/`notEmpty` take no value; `between` takes `[from, to]` (inclusive); `in`/`notIn`/`hasAny`/
 * `hasAll` take an array.
 */
export const FILTER_OPS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'in',
  'notIn',
  'hasAny',
  'hasAll',
  'empty',
  'notEmpty',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const TEXT_OPS: readonly FilterOp[] = ['eq', 'ne', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn', 'empty', 'notEmpty'];
const ORDERED_OPS: readonly FilterOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'empty', 'notEmpty'];
const ID_OPS: readonly FilterOp[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'];
const SET_OPS: readonly FilterOp[] = ['hasAny', 'hasAll', 'empty', 'notEmpty'];

/** The operators each field type accepts (a filter with another is a 400 naming the condition). */
export const FILTER_OPS_BY_TYPE: Record<FieldType, readonly FilterOp[]> = {
  text: TEXT_OPS,
  longText: TEXT_OPS,
  richText: ['contains', 'notContains', 'empty', 'notEmpty'],
  number: ORDERED_OPS,
  money: ORDERED_OPS,
  percent: ORDERED_OPS,
  date: ORDERED_OPS,
  datetime: ORDERED_OPS,
  boolean: ['eq', 'ne', 'empty', 'notEmpty'],
  singleSelect: ID_OPS,
  multiSelect: SET_OPS,
  email: TEXT_OPS,
  url: TEXT_OPS,
  phone: TEXT_OPS,
  user: ID_OPS,
  relation: [...ID_OPS, 'hasAny', 'hasAll'],
  attachment: ['empty', 'notEmpty'],
  formula: [...ORDERED_OPS, 'contains', 'startsWith', 'endsWith'],
  autoNumber: TEXT_OPS,
  createdAt: ORDERED_OPS,
  createdBy: ID_OPS,
  updatedAt: ORDERED_OPS,
  updatedBy: ID_OPS,
};

/** Types a field may be `unique` in (one b-tree value per record; not long texts, arrays, computed values). */
export const UNIQUE_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'email',
  'url',
  'phone',
  'user',
  'relation',
  'autoNumber',
];

/** Types that can name a record (a subject's display field): one short, readable value. */
export const DISPLAY_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'longText',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'email',
  'url',
  'phone',
  'formula',
  'autoNumber',
];

/** The `validation` keys each type takes (others are a 400 naming `validation.<key>`). */
export const VALIDATION_KEYS_BY_TYPE: Partial<Record<FieldType, readonly ('min' | 'max' | 'minLength' | 'maxLength' | 'pattern')[]>> = {
  text: ['minLength', 'maxLength', 'pattern'],
  longText: ['minLength', 'maxLength', 'pattern'],
  richText: ['minLength', 'maxLength'],
  email: ['minLength', 'maxLength', 'pattern'],
  url: ['minLength', 'maxLength', 'pattern'],
  phone: ['minLength', 'maxLength', 'pattern'],
  number: ['min', 'max'],
  money: ['min', 'max'],
  percent: ['min', 'max'],
  date: ['min', 'max'],
  datetime: ['min', 'max'],
};

const TO_TEXT: readonly FieldType[] = ['text', 'longText'];
const PARSED: readonly FieldType[] = ['number', 'money', 'percent', 'date', 'datetime', 'boolean'];

/**
 * The types a field of each type can change into (PATCH …/fields/:field `type`); any other is a 400
 * naming 'type'. Every type converts to text and long text. A formula converts as its `resultType`
 * (number → number/money/percent, date → date/datetime, boolean, text → as text), which the server
 * checks. The rules of each conversion (what breaks, what a value becomes):
 * server/src/modules/subjects/README.md "Type changes".
 */
export const FIELD_TYPE_CHANGES: Record<FieldType, readonly FieldType[]> = {
  text: ['longText', 'richText', ...PARSED, 'singleSelect', 'multiSelect', 'email', 'url', 'phone'],
  longText: ['text', 'richText', ...PARSED, 'singleSelect', 'multiSelect', 'email', 'url', 'phone'],
  richText: TO_TEXT,
  number: [...TO_TEXT, 'money', 'percent'],
  money: [...TO_TEXT, 'number', 'percent'],
  percent: [...TO_TEXT, 'number', 'money'],
  date: [...TO_TEXT, 'datetime'],
  datetime: [...TO_TEXT, 'date'],
  boolean: TO_TEXT,
  singleSelect: [...TO_TEXT, ...PARSED, 'multiSelect'],
  multiSelect: [...TO_TEXT, 'singleSelect'],
  email: [...TO_TEXT, 'singleSelect'],
  url: [...TO_TEXT, 'singleSelect'],
  phone: [...TO_TEXT, 'singleSelect'],
  user: TO_TEXT,
  relation: TO_TEXT,
  attachment: TO_TEXT,
  formula: [...TO_TEXT, ...PARSED],
  autoNumber: TO_TEXT,
  createdAt: TO_TEXT,
  createdBy: TO_TEXT,
  updatedAt: TO_TEXT,
  updatedBy: TO_TEXT,
};

/** Records: at most this many per page (grid, API); keyset `cursor` paging goes on from there. */
export const RECORD_PAGE_MAX = 200;
/** Records: `total` is counted exactly up to this many matches, estimated beyond. */
export const RECORD_TOTAL_EXACT_LIMIT = 10_000;
/**
 * Longest value, in characters, of the single-line text types (text, e-mail, phone, single select,
 * auto number; a text formula is cut to it): their b-tree index holds at most ~2,700 bytes a row, and
 * 500 characters of 4-byte UTF-8 stay under it. URLs take URL_VALUE_MAX.
 */
export const TEXT_VALUE_MAX = 500;
/** Longest URL value, in characters (ASCII once encoded, so it fits the b-tree index). */
export const URL_VALUE_MAX = 2000;
/** Longest long-text or rich-text value, in characters (after sanitising). */
export const LONG_TEXT_VALUE_MAX = 100_000;
/** Longest validation pattern of a field, in characters (run by RE2: contracts/user-pattern.ts). */
export const USER_PATTERN_MAX_LENGTH = 500;
/** Most ids one attachment field holds. */
export const ATTACHMENTS_PER_VALUE_MAX = 100;
/** Most records one many-relation value links. */
export const LINKS_PER_VALUE_MAX = 1000;
/** A record filter nests groups at most this deep and holds at most FILTER_CONDITIONS_MAX conditions. */
export const FILTER_DEPTH_MAX = 4;
export const FILTER_CONDITIONS_MAX = 50;
/** A subject has at most this many fields (one column each; PostgreSQL allows 1,600). */
export const SUBJECT_FIELDS_MAX = 300;
/** A type change refused lists at most this many breaking records (`count` says how many in all). */
export const TYPE_CHANGE_SAMPLE = 50;
/** Subject and field keys: a lower-case letter, then lower-case letters, digits or `_`; 1–40 characters. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** A phone number as people write it: digits, spaces, `+ - ( ) .`, 3–32 characters (profiles, client contacts, phone fields). */
export const PHONE_PATTERN = /^[+()0-9 .-]{3,32}$/;

/**
 * The operators of a dynamic form's condition (contracts/form-rules.ts says how each
 * compares). Here, not in forms.ts, so the browser reads them without building zod schemas.
 */
export const FORM_CONDITION_OPS = ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'] as const;
export type FormConditionOp = (typeof FORM_CONDITION_OPS)[number];
// imports (Import and export; contracts/imports.ts)
/** Most rows one file may hold (a larger file is refused with 413 naming `file`). */
/** How long an import never run (uploaded, checked or failed) is kept before it is removed (days). */
export const IMPORT_ABANDONED_DAYS = 7;
export const IMPORT_MAX_ROWS = 200_000;
/** Most columns one file may hold. */
export const IMPORT_MAX_COLUMNS = 200;
/**
 * Largest CSV, XLSX or JSON file, bytes. Every format streams (papaparse, exceljs, stream-json):
 * memory does not grow with the file.
 */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
// personal API tokens (contracts/account.ts)
/** What a token may do (contracts/account.ts apiTokenScopeSchema says what each allows). */
export const API_TOKEN_SCOPES = ['read-only', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** A token's lifetime when its creator names none: 90 days. */
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Longest lifetime of a token: 365 days from its creation. */
export const API_TOKEN_MAX_DAYS = 365;
/**
 * Largest cell of an imported file, characters (1 MiB = 1,048,576). The largest value a field
 * stores is a long text's 100,000 characters: a cell ten times that still reaches validation (and
 * gets a row error naming the field), while a cell past it is refused while the file streams, so
 * one cell cannot hold the upload's memory (a 60 MiB CSV cell took 1 GB of RSS).
 */
export const IMPORT_MAX_CELL_CHARS = 1024 * 1024;
/**
 * Largest row of an imported file, characters (8 MiB): 80 long texts at their 100,000-character
 * maximum. The CSV reader holds one unfinished row at a time; this bounds it.
 */
export const IMPORT_MAX_ROW_CHARS = 8 * 1024 * 1024;
/**
 * Most bytes an XLSX file's parts may expand to once unzipped, all parts together (1 GiB, ten
 * times IMPORT_MAX_BYTES: a workbook zips its XML about 5–10 times). A zip bomb stops there.
 */
export const IMPORT_XLSX_MAX_UNZIPPED = 1024 * 1024 * 1024;
/**
 * Most bytes an XLSX file's shared strings (xl/sharedStrings.xml, held in memory while the sheet
 * is read) may expand to (100 MiB, the text of the largest CSV file allowed).
 */
export const IMPORT_XLSX_MAX_SHARED_STRINGS = 100 * 1024 * 1024;
/** Most bytes any other part an XLSX import parses (workbook, relationships, styles) may expand to (10 MiB). */
export const IMPORT_XLSX_MAX_PART = 10 * 1024 * 1024;
/**
 * The text encodings an import may be read in: 'auto' detects it (a byte-order mark, else UTF-8
 * unless the bytes are not UTF-8 and are GB18030); 'utf-16' is little-endian unless a byte-order
 * mark says big-endian.
 */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16', 'gb18030'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
/** The encoding a text file (CSV, JSON) was read in. */
export const IMPORT_TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030'] as const;
export type ImportTextEncoding = (typeof IMPORT_TEXT_ENCODINGS)[number];
