// `npm run new:module -- <name> [--singular <word>] [--zh <中文名>] [--dry-run]`: writes a working plain
// CRUD module on the resource kit (docs/adding-a-module.md "The scaffold"): its contracts (constants,
// audit actions and recycle type in contracts/<name>.constants.ts, messages in <name>.messages.ts,
// the definition, the schemas), the drizzle table (server/src/db/tables/) and its SQL migration
// (drizzle-kit, through the journal), the server module (repository, service, routes, route specs, an
// API test), the registrations (one line appended to each of contracts/modules.ts,
// module-messages.ts, index.ts and server/src/db/schema.ts; app, locales), the module's rows of
// server/README.md's endpoint table (as scripts/endpoint-table.ts prints them) and an admin page on
// the web kit. It refuses to overwrite anything: every check and every edit is computed before the
// first write. `--dry-run` lists what it would write and edit, and writes nothing. Exit status 1
// on a refusal or a failed step. Node builtins only; run from the repository root.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const USAGE = `usage: npm run new:module -- <name> [--singular <word>] [--zh <中文名>] [--dry-run]
  <name>     plural, lower-case letters and hyphens (widgets, audit-findings)
  --singular the singular when it is not the name less its s (default: widgets → widget, categories → category)
  --zh       the Chinese name of one object (zh-CN labels; default: the English one, to translate)
  --dry-run  list the files it would write and edit, write nothing`;

/** Words a module may not be named: folders and files of the server and contracts, identifiers the generated code would shadow. */
const RESERVED = new Set([
  'admin', 'api', 'app', 'assets', 'columns', 'constants', 'contracts', 'core', 'db', 'drizzle', 'envelope', 'health', 'index', 'lib',
  'messages', 'module', 'modules', 'new', 'openapi', 'ops', 'resource', 'resources', 'schema', 'scripts', 'server', 'setup', 'src',
  'static', 'tables', 'test', 'tests', 'types',
]);
/** JavaScript's reserved words (the generated identifiers are made of the name). */
const JS_RESERVED = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
    'package private protected public await arguments eval').split(' '),
);

/* ---------------------------------------------------------------------------------------------- *
 * Arguments and names
 * ---------------------------------------------------------------------------------------------- */

function parseArgs(argv) {
  const out = { name: undefined, singular: undefined, zh: undefined, dryRun: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--dry-run') out.dryRun = true;
    else if (a === '--singular') out.singular = argv[++i];
    else if (a.startsWith('--singular=')) out.singular = a.slice('--singular='.length);
    else if (a === '--zh') out.zh = argv[++i];
    else if (a.startsWith('--zh=')) out.zh = a.slice('--zh='.length);
    else if (a === '--help' || a === '-h') fail(USAGE, 0);
    else if (a.startsWith('-')) fail(`unknown option ${a}\n${USAGE}`);
    else if (out.name === undefined) out.name = a;
    else fail(`one name only\n${USAGE}`);
  }
  if (!out.name) fail(USAGE);
  return out;
}

function fail(message, code = 1) {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

/** The singular of an English plural (widgets → widget, categories → category, boxes → box); the name itself when it does not end in s. */
function singularOf(name) {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(name)) return name.replace(/es$/, '');
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}

const camel = (kebab) => kebab.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (kebab) => camel(kebab).replace(/^[a-z]/, (c) => c.toUpperCase());
const words = (kebab) => kebab.replace(/-/g, ' ');
const title = (kebab) => words(kebab).replace(/^[a-z]/, (c) => c.toUpperCase());

/** Every spelling of the module's name the templates use. */
function namesOf(name, singular, zh) {
  return {
    kebab: name, // widgets: URL segment /api/v1/widgets, resource name, file names, resources.widgets.* keys
    camels: camel(name), // widgets: the drizzle table, the locale file
    camel: camel(singular), // widget: widgetResource, widgetService, errors.widget.*
    Pascal: pascal(singular), // Widget: the read type
    Pascals: pascal(name), // Widgets: the page component
    snakes: name.replace(/-/g, '_'), // widgets: the SQL table, the migration's name
    snake: singular.replace(/-/g, '_'), // widget: the audit actions widget.create…, the recycle type
    SNAKE: singular.replace(/-/g, '_').toUpperCase(), // WIDGET: constants (WIDGET_STATUSES)
    SNAKES: name.replace(/-/g, '_').toUpperCase(), // WIDGETS: the module's entry and messages (WIDGETS_MODULE, WIDGETS_MESSAGES)
    words: words(name), // widgets (English prose)
    word: words(singular), // widget
    Titles: title(name), // Widgets
    Title: title(singular), // Widget
    Zh: zh ?? title(singular), // 小部件 (--zh), else the English name
  };
}

/** Replaces the `__token__` placeholders of a template with the module's names. */
function fill(text, n) {
  return text.replace(/__(kebab|camels|camel|Pascals|Pascal|snakes|snake|SNAKES|SNAKE|words|word|Titles|Title|Zh)__/g, (_, k) => n[k]);
}

/* ---------------------------------------------------------------------------------------------- *
 * Checks
 * ---------------------------------------------------------------------------------------------- */

const read = (file) => readFileSync(file, 'utf8');

/** Why `name` cannot be a new module here, or null. */
function problemWith(name, singular, n) {
  if (!/^[a-z]+(-[a-z]+)*$/.test(name)) return `${name}: use lower-case letters and hyphens (widgets, audit-findings)`;
  if (name.length < 3 || name.length > 40) return `${name}: 3 to 40 characters`;
  if (!/^[a-z]+(-[a-z]+)*$/.test(singular)) return `--singular ${singular}: lower-case letters and hyphens`;
  if (n.Zh.length > 20 || /['"`\\{}<>]/.test(n.Zh)) return `--zh ${n.Zh}: a short name without quotes, braces or angle brackets`;
  for (const w of [name, singular]) if (RESERVED.has(w)) return `${w} is reserved (a folder or file of the project)`;
  for (const id of [n.camels, n.camel]) if (JS_RESERVED.has(id)) return `${id} is a reserved word of JavaScript`;
  if (existsSync(join('server/src/modules', name))) return `server/src/modules/${name} exists: a module of that name is there already`;
  const schema = [read('server/src/db/schema.ts'), ...listFiles('server/src/db/tables').map((f) => read(join('server/src/db/tables', f)))].join('\n');
  if (new RegExp(`pgTable\\(\\s*'${n.snakes}'`).test(schema)) return `a table ${n.snakes} exists in the schema`;
  if (new RegExp(`export const ${n.camels}\\b`).test(schema)) return `the schema exports ${n.camels} already`;
  // every module's contracts: contracts/messages.ts (shared messages), contracts/<module>.constants.ts and .messages.ts (docs/architecture.md "Contracts")
  const contracts = ['messages.ts', ...listFiles('contracts').filter((f) => /\.(constants|messages)\.ts$/.test(f))].map((f) => read(join('contracts', f))).join('\n');
  const listed = (key) => [...contracts.matchAll(new RegExp(`${key}: \\[([^\\]]*)\\]`, 'g'))].flatMap((m) => [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]));
  if (listed('auditActions').some((a) => a.startsWith(`${n.snake}.`))) return `audit actions ${n.snake}.* exist (a module's auditActions in contracts/*.constants.ts)`;
  if (listed('recycleTypes').includes(n.snake)) return `the recycle type ${n.snake} exists (a module's recycleTypes in contracts/*.constants.ts)`;
  if (contracts.includes(`'errors.${n.camel}.`)) return `messages errors.${n.camel}.* exist (contracts/*.messages.ts or contracts/messages.ts)`;
  if (new RegExp(`\\b(${n.SNAKES}_MODULE|${n.SNAKES}_MESSAGES|${n.SNAKE}_STATUSES)\\b`).test(contracts)) return `${n.SNAKES}_MODULE, ${n.SNAKES}_MESSAGES or ${n.SNAKE}_STATUSES exists in contracts/`;
  const apiSegments = new Set();
  for (const dir of listFiles('server/src/modules')) {
    for (const f of listFiles(join('server/src/modules', dir)).filter((x) => x.endsWith('.route-specs.ts'))) {
      for (const m of read(join('server/src/modules', dir, f)).matchAll(/'[A-Z]+ \/api\/v1\/([^/':]+)/g)) apiSegments.add(m[1]);
    }
  }
  if (apiSegments.has(name)) return `/api/v1/${name} is taken by another module`;
  return null;
}

function listFiles(dir) {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/* ---------------------------------------------------------------------------------------------- *
 * Edits of shared files: each finds its anchor or throws, and refuses when the name is there already
 * ---------------------------------------------------------------------------------------------- */

/** Inserts `text` after the last line matching `pattern`. */
function afterLast(source, pattern, text, what) {
  const lines = source.split('\n');
  let at = -1;
  lines.forEach((line, i) => {
    if (pattern.test(line)) at = i;
  });
  if (at < 0) throw new Error(`${what}: no line matches ${pattern}`);
  lines.splice(at + 1, 0, ...text.split('\n'));
  return lines.join('\n');
}

/** Inserts `text` just before the first occurrence of `anchor`. */
function before(source, anchor, text, what) {
  const i = source.indexOf(anchor);
  if (i < 0) throw new Error(`${what}: anchor ${JSON.stringify(anchor)} not found`);
  return source.slice(0, i) + text + source.slice(i);
}

/** The edits of shared files, as [file, (source) => new source]. */
function sharedEdits(n) {
  return [
    ['server/src/db/schema.ts', (s) => `${s.replace(/\n*$/, '\n')}export * from './tables/${n.kebab}';\n`],
    [
      'server/src/app.ts',
      (s) => {
        s = afterLast(s, /^import \{ \w+Routes \} from '\.\/modules\/[^']+\.routes';$/, `import { ${n.camel}Routes } from './modules/${n.kebab}/${n.kebab}.routes';`, 'app.ts imports');
        return afterLast(s, /^ {6}await api\.register\(\w+Routes\);$/, `      await api.register(${n.camel}Routes);`, 'app.ts registrations');
      },
    ],
    ['contracts/index.ts', (s) => `${s.replace(/\n*$/, '\n')}export * from './${n.kebab}';\n`],
    ['contracts/modules.ts', (s) => `${s.replace(/\n*$/, '\n')}export { ${n.SNAKES}_MODULE } from './${n.kebab}.constants';\n`],
    ['contracts/module-messages.ts', (s) => `${s.replace(/\n*$/, '\n')}export { ${n.SNAKES}_MESSAGES } from './${n.kebab}.messages';\n`],
    [
      'server/README.md',
      (s) =>
        before(
          s,
          '\n\n"Who" is what',
          fill(
            `
| GET /__kebab__ | signed in | List __kebab__ |  |
| GET /__kebab__/:id | signed in | One of __kebab__ |  |
| POST /__kebab__ | admin | Create one of __kebab__ | __snake__.create |
| PATCH /__kebab__/:id | admin | Edit one of __kebab__ | __snake__.update |
| DELETE /__kebab__/:id | admin | Delete one of __kebab__ to the recycle bin | __snake__.delete |`,
            n,
          ),
          'server/README.md endpoint table',
        ),
    ],
    // the modules' screens' messages, loaded on demand (src/loaders/locale.ts)
    ...['zh-CN', 'en-US'].map((locale) => [
      `src/locales/${locale}/pages.ts`,
      (s) => {
        s = afterLast(s, /^import \w+ from '\.\/\w+';$/, `import ${n.camels} from './${n.camels}';`, `${locale}/pages.ts imports`);
        return afterLast(s, /^ {2}\.\.\.\w+,$/, `  ...${n.camels},`, `${locale}/pages.ts spreads`);
      },
    ]),
  ];
}

/* ---------------------------------------------------------------------------------------------- *
 * Templates of the new files
 * ---------------------------------------------------------------------------------------------- */

const CONSTANTS = `/**
 * __Titles__ (contracts/__kebab__.ts): the module's plain constants and its audit actions and
 * recycle-bin type (its server messages: contracts/__kebab__.messages.ts). No zod: the web imports
 * them at run time; contracts/modules.ts lists the entry \`__SNAKES___MODULE\`, which
 * contracts/constants.ts gathers into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** The statuses of a __word__ (the table's check constraint, server/src/db/tables/__kebab__.ts, lists the same). */
export const __SNAKE___STATUSES = ['draft', 'active', 'archived'] as const;

/** Audit actions written by the module and the recycle-bin type it registers (server core/recycle.registry.ts): \`<resource>.<verb>\`. */
export const __SNAKES___MODULE = {
  auditActions: ['__snake__.create', '__snake__.update', '__snake__.delete'],
  recycleTypes: ['__snake__'],
} as const satisfies ModuleEntry;
`;

const MESSAGES = `/**
 * __Titles__ (contracts/__kebab__.ts): the module's server messages in both languages (the
 * \`message\` of its zod checks, its errors' message keys). No zod; the web never imports this file:
 * contracts/module-messages.ts lists it, contracts/messages.ts gathers it into MESSAGES
 * (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const __SNAKES___MESSAGES = {
  'errors.__camel__.notFound': { 'zh-CN': '__Zh__不存在', 'en-US': 'No such __word__' },
  'errors.__camel__.nameTaken': { 'zh-CN': '已存在同名__Zh__', 'en-US': 'A __word__ with this name already exists' },
} as const satisfies MessageCatalog;
`;

const RESOURCE = `/**
 * The __words__ resource as the resource kit's definition (contracts/resource.ts,
 * docs/resource-kit.md): a name (unique case-insensitively among live __words__), a description and
 * a status. Any signed-in user lists and reads them; administrators create, edit and delete them
 * (to the recycle bin). Plain data: the web kit imports it at run time.
 */
import { __SNAKE___STATUSES } from './__kebab__.constants';
import { defineResource } from './resource';

export const __camel__Resource = defineResource({
  name: '__kebab__',
  singular: '__snake__',
  fields: {
    name: { kind: 'text', required: true, minLength: 1, maxLength: 200, unique: 'ci', sortable: true, searchable: true },
    description: { kind: 'longText', maxLength: 5000, listed: false },
    status: {
      kind: 'enum',
      values: __SNAKE___STATUSES,
      default: 'draft',
      sortable: true,
      filterable: 'eq',
      form: { input: 'radio' },
    },
  },
  access: { list: 'user', read: 'user', create: 'admin', update: 'admin', delete: 'admin' },
  audit: '__snake__',
  deletion: { mode: 'recycle', type: '__snake__', label: ['name'] },
  paging: 'pages',
  defaultSort: 'name:asc',
  messages: { notFound: 'errors.__camel__.notFound', taken: { name: 'errors.__camel__.nameTaken' } },
});
export type __Pascal__Resource = typeof __camel__Resource;
`;

const CONTRACT = `/**
 * __Titles__: the schemas and types of /api/v1/__kebab__, derived from the resource definition
 * (contracts/__kebab__.resource.ts) by the resource kit (contracts/resource-zod.ts,
 * docs/resource-kit.md). The web imports this file as types only.
 *
 *  - POST body: name (1–200, unique in any case among live __words__), description (≤ 5000),
 *    status (default draft);
 *  - PATCH body: any of them, at least one, unknown keys refused; null or '' clears the description;
 *  - list query: paging, \`q\` over the name, \`status\`, \`sort\` over name, status, createdAt,
 *    updatedAt \`:asc|desc\` (default name:asc).
 */
import type { ResourceCreateInput, ResourceRecord, ResourceUpdateInput } from './resource';
import { resourceSchemas } from './resource-zod';
import type { __Pascal__Resource } from './__kebab__.resource';
import { __camel__Resource } from './__kebab__.resource';

export { __SNAKE___STATUSES } from './__kebab__.constants';
export { __camel__Resource, type __Pascal__Resource } from './__kebab__.resource';

/** Every schema of /api/v1/__kebab__ (the resource kit's, from the definition). */
export const __camel__Schemas = resourceSchemas(__camel__Resource);

/** A __word__ as the API answers it. */
export type __Pascal__ = ResourceRecord<__Pascal__Resource>;
/** POST /api/v1/__kebab__ as sent. */
export type __Pascal__Create = ResourceCreateInput<__Pascal__Resource>;
/** PATCH /api/v1/__kebab__/:id as sent. */
export type __Pascal__Update = ResourceUpdateInput<__Pascal__Resource>;
`;

const TABLE = `/**
 * The __words__ table (contracts/__kebab__.resource.ts), re-exported by server/src/db/schema.ts:
 * one column per field, \`deleted_at\`/\`deleted_by\` for the recycle bin. \`name\` is unique
 * case-insensitively among live rows (partial unique index on lower(name)). The status column takes
 * its values from the module's constants (contracts/__kebab__.constants.ts); its check constraint
 * lists them again for the database.
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { __SNAKE___STATUSES } from '../../../../contracts/__kebab__.constants';
import { createdAt, softDelete, updatedAt } from '../columns';

export const __camels__ = pgTable(
  '__snakes__',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: __SNAKE___STATUSES }).notNull().default('draft'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('__snakes___name_key')
      .on(sql\`lower(\${t.name})\`)
      .where(sql\`\${t.deletedAt} is null\`),
    check('__snakes___status_check', sql\`\${t.status} in ('draft', 'active', 'archived')\`),
  ],
);

export type __Pascal__Row = typeof __camels__.$inferSelect;
`;

const REPOSITORY = `/**
 * SQL of __words__ (docs/code-style.md "Server in layers": SQL lives in the repository): the
 * resource kit's repository over the \`__snakes__\` table, driven by contracts/__kebab__.resource.ts.
 * Add \`extras\`, \`filters\` and \`sortColumns\` here for what is not a column (docs/resource-kit.md).
 */
import { __camel__Resource } from '../../../../contracts';
import { createResourceRepository } from '../../core/resource';
import { __camels__ } from '../../db/schema';

/** The kit's repository of __words__ (reads leave out the ones in the recycle bin). */
export const __camel__Repository = createResourceRepository(__camel__Resource, __camels__);
`;

const SERVICE = `/**
 * __Titles__ (contracts/__kebab__.resource.ts): the resource kit's service (server/src/core/resource)
 * holds the rules — the name unique case-insensitively among live __words__ (409 naming \`name\`, a
 * clashing restore refused the same way), audited writes (__snake__.create/update/delete), delete to
 * the recycle bin (type \`__snake__\`). What is special to __words__ goes into the hooks below
 * (beforeCreate, beforeUpdate, relations…; docs/adding-a-module.md "Special rules").
 */
import type { __Pascal__ } from '../../../../contracts';
import { __camel__Resource } from '../../../../contracts';
import { createResourceService, type ResourceHooks } from '../../core/resource';
import type { __Pascal__Row } from '../../db/schema';
import { __camel__Repository } from './__kebab__.repository';

/** What is special to __words__: the audit entry of an update names the __word__. */
const hooks: ResourceHooks<__Pascal__Row, Record<string, never>, __Pascal__> = {
  updateDetails: (row) => ({ name: row.name }),
};

/** list/get/create/update/remove of __words__, and the recycle bin's restore/purge of type \`__snake__\`. */
export const __camel__Service = createResourceService(__camel__Resource, __camel__Repository, hooks);
`;

const ROUTES = `/**
 * /api/v1/__kebab__ (contracts/__kebab__.resource.ts). The resource kit
 * (server/src/core/resource/routes.ts) registers list, read, create, edit and delete with the
 * access of the definition: reads for any signed-in user, writes for administrators. A module's own
 * routes go in \`extra\` (declared in the definition's \`extraRoutes\`, docs/adding-a-module.md).
 */
import { __camel__Resource, __camel__Schemas } from '../../../../contracts';
import { resourceRoutes } from '../../core/resource';
import { __camel__Service } from './__kebab__.service';

export const __camel__Routes = resourceRoutes({
  def: __camel__Resource,
  schemas: __camel__Schemas,
  service: __camel__Service,
});
`;

const ROUTE_SPECS = `/**
 * Access and audit specs of /api/v1/__kebab__ (server/src/test/route-specs.ts): who may call each
 * route comes from the resource definition (contracts/__kebab__.resource.ts, \`routeAccess\`), the
 * same declaration the routes' guards read.
 */
import { __camel__Resource } from '../../../../contracts';
import { routeAccess } from '../../../../contracts/resource';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const allow = routeAccess(__camel__Resource);
const BASE = '/api/v1/__kebab__';

let made = 0;
/** Creates a __word__ as the administrator; returns its id. */
async function make__Pascal__(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', BASE, { cookie: w.users.admin.cookie, body: { name: \`Walk __word__ \${made}\` } });
  if (res.statusCode !== 201) throw new Error(\`__word__: \${res.statusCode} \${res.body}\`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  [\`GET \${BASE}\`]: {
    allow: allow[\`GET \${BASE}\`],
    call: (w, cookie) => call(w.app, 'GET', \`\${BASE}?sort=status:desc\`, { cookie }),
  },
  [\`GET \${BASE}/:id\`]: {
    allow: allow[\`GET \${BASE}/:id\`],
    call: (w, cookie) => call(w.app, 'GET', \`\${BASE}/\${MISSING_ID}\`, { cookie }),
  },
  [\`POST \${BASE}\`]: {
    allow: allow[\`POST \${BASE}\`],
    call: (w, cookie) => call(w.app, 'POST', BASE, { cookie, body: { name: '' } }),
    audit: { run: (w) => call(w.app, 'POST', BASE, { cookie: w.users.admin.cookie, body: { name: 'Walk __word__' } }) },
  },
  [\`PATCH \${BASE}/:id\`]: {
    allow: allow[\`PATCH \${BASE}/:id\`],
    call: (w, cookie) => call(w.app, 'PATCH', \`\${BASE}/\${MISSING_ID}\`, { cookie, body: { status: 'active' } }),
    audit: {
      prepare: make__Pascal__,
      run: (w, id: string) => call(w.app, 'PATCH', \`\${BASE}/\${id}\`, { cookie: w.users.admin.cookie, body: { status: 'active' } }),
    },
  },
  [\`DELETE \${BASE}/:id\`]: {
    allow: allow[\`DELETE \${BASE}/:id\`],
    call: (w, cookie) => call(w.app, 'DELETE', \`\${BASE}/\${MISSING_ID}\`, { cookie }),
    audit: {
      prepare: make__Pascal__,
      run: (w, id: string) => call(w.app, 'DELETE', \`\${BASE}/\${id}\`, { cookie: w.users.admin.cookie }),
    },
  },
};
`;

const TEST = `/**
 * __Titles__ (contracts/__kebab__.resource.ts), on both engines: create with defaults and trimming,
 * validation naming the field, the name unique in any case among live __words__, list paging,
 * search, filter and sort, edit (a no-op writes nothing), audit entries, access by role, delete to
 * the recycle bin, restore (refused while another live __word__ holds the name) and purge.
 * Each test makes its own __words__ under a unique prefix and asserts on those only.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { AuditEntry, __Pascal__ } from '../../../../contracts';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';

interface ErrorBody {
  success: false;
  errorCode: string;
  details?: { field: string; message: string }[];
}
type PageBody<T> = { success: true; data: T[]; total: number };
type App = Parameters<typeof call>[0];
const BASE = '/api/v1/__kebab__';
const EN = { 'accept-language': 'en-US' };

/** A prefix no other test's names contain. */
const unique = () => \`t\${randomBytes(4).toString('hex')}\`;

async function create(app: App, cookie: string, body: object): Promise<__Pascal__> {
  const res = await call(app, 'POST', BASE, { cookie, body });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: __Pascal__ }>(res).data;
}

const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).details?.map((d) => d.field).sort();

test('__kebab__: create, read, list, edit; validation and uniqueness name the field; writes are audited', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const p = unique();

  const alpha = await create(app, cookie, { name: \`  \${p} Alpha \`, description: '' });
  assert.equal(alpha.name, \`\${p} Alpha\`, 'trimmed');
  assert.equal(alpha.status, 'draft', 'the default status');
  assert.equal(alpha.description, null, "'' stores null");
  assert.deepEqual(json<{ data: __Pascal__ }>(await call(app, 'GET', \`\${BASE}/\${alpha.id}\`, { cookie })).data, alpha);
  const beta = await create(app, cookie, { name: \`\${p} Beta\`, description: 'Second', status: 'active' });

  const invalid = await call(app, 'POST', BASE, {
    cookie,
    headers: EN,
    body: { name: '', status: 'gone', description: 'x'.repeat(5001) },
  });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(fieldsOf(invalid), ['description', 'name', 'status']);
  const taken = await call(app, 'POST', BASE, { cookie, headers: EN, body: { name: \`\${p} ALPHA\` } });
  assert.equal(taken.statusCode, 409);
  assert.deepEqual(fieldsOf(taken), ['name']);
  assert.equal((await call(app, 'PATCH', \`\${BASE}/\${beta.id}\`, { cookie, body: { name: \`\${p} alpha\` } })).statusCode, 409);
  assert.equal(
    (await call(app, 'PATCH', \`\${BASE}/\${beta.id}\`, { cookie, body: { colour: 'red' } })).statusCode,
    400,
    'unknown keys refused',
  );
  assert.equal((await call(app, 'GET', \`\${BASE}/00000000-0000-4000-8000-000000000000\`, { cookie })).statusCode, 404);

  const names = async (query: string) => {
    const res = await call(app, 'GET', \`\${BASE}?q=\${p}&\${query}\`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    const body = json<PageBody<__Pascal__>>(res);
    return { total: body.total, names: body.data.map((x) => x.name.slice(p.length + 1)) };
  };
  assert.deepEqual(await names(''), { total: 2, names: ['Alpha', 'Beta'] });
  assert.deepEqual(await names('sort=name:desc'), { total: 2, names: ['Beta', 'Alpha'] });
  assert.deepEqual(await names('status=active'), { total: 1, names: ['Beta'] });
  assert.deepEqual(await names('pageSize=1&current=2'), { total: 2, names: ['Beta'] });
  assert.equal((await call(app, 'GET', \`\${BASE}?sort=description:asc\`, { cookie })).statusCode, 400, 'not a sortable field');

  const edit = (body: object) => call(app, 'PATCH', \`\${BASE}/\${alpha.id}\`, { cookie, body });
  const edited = await edit({ status: 'archived', description: 'First' });
  assert.equal(edited.statusCode, 200, edited.body);
  const { status, description } = json<{ data: __Pascal__ }>(edited).data;
  assert.deepEqual({ status, description }, { status: 'archived', description: 'First' });
  const again = await edit({ status: 'archived' });
  assert.equal(json<{ unchanged?: boolean }>(again).unchanged, true, 'a change that changes nothing');

  const audit = async (action: string) =>
    json<PageBody<AuditEntry>>(await call(app, 'GET', \`/api/v1/audit?action=\${action}&targetId=\${alpha.id}\`, { cookie })).data;
  assert.equal((await audit('__snake__.create')).length, 1);
  const [update] = await audit('__snake__.update');
  assert.deepEqual(update.before, { status: 'draft', description: null });
  assert.deepEqual(update.after, { status: 'archived', description: 'First' });
});

test('__kebab__: any signed-in user reads; only administrators write; anonymous callers are refused', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const user = await userSession(app, cookie);
  const one = await create(app, cookie, { name: \`\${unique()} Shared\` });

  assert.equal((await call(app, 'GET', BASE, { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', \`\${BASE}/\${one.id}\`, { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'POST', BASE, { cookie: user.cookie, body: { name: 'Nope' } })).statusCode, 403);
  const patch = await call(app, 'PATCH', \`\${BASE}/\${one.id}\`, { cookie: user.cookie, body: { status: 'active' } });
  assert.equal(patch.statusCode, 403);
  assert.equal((await call(app, 'DELETE', \`\${BASE}/\${one.id}\`, { cookie: user.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', BASE)).statusCode, 401);
});

test('__kebab__: delete goes to the recycle bin; restore is refused while the name is taken; purge removes it', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const p = unique();
  const first = await create(app, cookie, { name: \`\${p} Gone\` });

  const removed = await call(app, 'DELETE', \`\${BASE}/\${first.id}\`, { cookie });
  assert.equal(removed.statusCode, 200, removed.body);
  assert.equal((await call(app, 'GET', \`\${BASE}/\${first.id}\`, { cookie })).statusCode, 404);
  assert.equal(json<PageBody<__Pascal__>>(await call(app, 'GET', \`\${BASE}?q=\${p}\`, { cookie })).total, 0);
  const inBin = await call(app, 'GET', \`/api/v1/recycle?type=__snake__&q=\${p}\`, { cookie });
  const bin = json<PageBody<{ targetId: string; label: string }>>(inBin).data;
  assert.deepEqual(
    bin.map((e) => [e.targetId, e.label]),
    [[first.id, \`\${p} Gone\`]],
  );
  const deletes = await call(app, 'GET', \`/api/v1/audit?action=__snake__.delete&targetId=\${first.id}\`, { cookie });
  const [deleted] = json<PageBody<AuditEntry>>(deletes).data;
  assert.equal((deleted.before as { name: string }).name, \`\${p} Gone\`);

  // the name is free again; while another live __word__ holds it, the restore is refused
  const second = await create(app, cookie, { name: \`\${p} GONE\` });
  const restore = () => call(app, 'POST', \`/api/v1/recycle/__snake__/\${first.id}/restore\`, { cookie, headers: EN });
  const refused = await restore();
  assert.equal(refused.statusCode, 409, refused.body);
  assert.deepEqual(fieldsOf(refused), ['name']);
  assert.equal((await call(app, 'DELETE', \`\${BASE}/\${second.id}\`, { cookie })).statusCode, 200);
  assert.equal((await restore()).statusCode, 200);
  assert.equal(json<{ data: __Pascal__ }>(await call(app, 'GET', \`\${BASE}/\${first.id}\`, { cookie })).data.name, \`\${p} Gone\`);

  const purged = await call(app, 'DELETE', \`/api/v1/recycle/__snake__/\${second.id}\`, { cookie });
  assert.equal(purged.statusCode, 200, purged.body);
  assert.equal(json<PageBody<unknown>>(await call(app, 'GET', \`/api/v1/recycle?type=__snake__&q=\${p}\`, { cookie })).total, 0);
});
`;

const LOCALES = {
  'zh-CN': `/** zh-CN strings of __words__ (the resource kit's keys, docs/resource-kit.md "Messages"). */
export default {
  'resources.__kebab__.fields.name.label': '名称',
  'resources.__kebab__.fields.description.label': '描述',
  'resources.__kebab__.fields.status.label': '状态',
  'resources.__kebab__.fields.status.values.draft': '草稿',
  'resources.__kebab__.fields.status.values.active': '启用',
  'resources.__kebab__.fields.status.values.archived': '已归档',
  'resources.__kebab__.create': '新建__Zh__',
  'resources.__kebab__.edit': '编辑__Zh__',
  'resources.__kebab__.created': '__Zh__“{name}”已创建',
  'resources.__kebab__.saved': '__Zh__“{name}”已保存',
  'resources.__kebab__.deleted': '__Zh__“{name}”已移入回收站',
  'resources.__kebab__.delete.confirm': '删除__Zh__“{name}”？',
  'resources.__kebab__.delete.desc': '它会移入回收站，可从回收站恢复。',
  'resources.__kebab__.empty': '还没有__Zh__。',
  'resources.__kebab__.search.placeholder': '名称',
  'recycle.type.__snake__': '__Zh__',
};
`,
  'en-US': `/** en-US strings of __words__ (the resource kit's keys, docs/resource-kit.md "Messages"). */
export default {
  'resources.__kebab__.fields.name.label': 'Name',
  'resources.__kebab__.fields.description.label': 'Description',
  'resources.__kebab__.fields.status.label': 'Status',
  'resources.__kebab__.fields.status.values.draft': 'Draft',
  'resources.__kebab__.fields.status.values.active': 'Active',
  'resources.__kebab__.fields.status.values.archived': 'Archived',
  'resources.__kebab__.create': 'New __word__',
  'resources.__kebab__.edit': 'Edit __word__',
  'resources.__kebab__.created': '__Title__ “{name}” created',
  'resources.__kebab__.saved': '__Title__ “{name}” saved',
  'resources.__kebab__.deleted': '__Title__ “{name}” moved to the recycle bin',
  'resources.__kebab__.delete.confirm': 'Delete __word__ “{name}”?',
  'resources.__kebab__.delete.desc': 'It moves to the recycle bin and can be restored from there.',
  'resources.__kebab__.empty': 'No __words__ yet.',
  'resources.__kebab__.search.placeholder': 'Name',
  'recycle.type.__snake__': '__Title__',
};
`,
};

const PAGE = `/**
 * The __words__ admin page (contracts/__kebab__.resource.ts) on the web kit (docs/resource-kit.md
 * "Web"): a server-paged, searched, sorted and filtered table with create, edit and delete (to the
 * recycle bin) for administrators. Not routed yet: docs/adding-a-module.md "Wiring the page" says
 * how a page takes one of the specification's routes.
 */
import { PageContainer } from '@ant-design/pro-components';
import { __camel__Resource } from '../../../../contracts/__kebab__.resource';
import ResourceTable from '../../../components/resource/ResourceTable';

export default function __Pascals__Page() {
  return (
    <PageContainer>
      <ResourceTable resource={__camel__Resource} />
    </PageContainer>
  );
}
`;

/** The new files, as [path, template]. */
function newFiles(n) {
  const mod = `server/src/modules/${n.kebab}`;
  return [
    [`contracts/${n.kebab}.constants.ts`, CONSTANTS],
    [`contracts/${n.kebab}.messages.ts`, MESSAGES],
    [`contracts/${n.kebab}.resource.ts`, RESOURCE],
    [`contracts/${n.kebab}.ts`, CONTRACT],
    [`server/src/db/tables/${n.kebab}.ts`, TABLE],
    [`${mod}/${n.kebab}.repository.ts`, REPOSITORY],
    [`${mod}/${n.kebab}.service.ts`, SERVICE],
    [`${mod}/${n.kebab}.routes.ts`, ROUTES],
    [`${mod}/${n.kebab}.route-specs.ts`, ROUTE_SPECS],
    [`${mod}/${n.kebab}.test.ts`, TEST],
    [`src/locales/zh-CN/${n.camels}.ts`, LOCALES['zh-CN']],
    [`src/locales/en-US/${n.camels}.ts`, LOCALES['en-US']],
    [`src/pages/admin/${n.kebab}/index.tsx`, PAGE],
  ].map(([path, template]) => [path, fill(template, n)]);
}

/* ---------------------------------------------------------------------------------------------- *
 * Main
 * ---------------------------------------------------------------------------------------------- */

function runStep(label, cmd, args) {
  console.log(`\n[new:module] ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${label} failed (exit ${r.status})`);
  }
  return r.stdout;
}

/** What this run has written or edited so far (reported when a later step fails). */
const touched = [];

function main() {
  if (!existsSync('server/src/modules') || !existsSync('contracts/resource.ts')) fail('run it from the repository root');
  const args = parseArgs(process.argv.slice(2));
  const singular = args.singular ?? singularOf(args.name);
  const n = namesOf(args.name, singular, args.zh);
  const problem = problemWith(args.name, singular, n);
  if (problem) fail(`[new:module] refused: ${problem}`);

  const files = newFiles(n);
  const clash = files.map(([p]) => p).filter((p) => existsSync(p));
  if (clash.length) fail(`[new:module] refused, these files exist (nothing is overwritten): ${clash.join(', ')}`);
  // every shared edit is computed before anything is written: a missing anchor stops here
  const edits = sharedEdits(n).map(([file, edit]) => {
    try {
      return [file, edit(read(file))];
    } catch (err) {
      return fail(`[new:module] refused: ${err.message} (edit ${file} by hand: docs/adding-a-module.md "The scaffold", what it edits)`);
    }
  });
  const migration = `server/drizzle/NNNN_${n.snakes}.sql (npm run db:generate -- --name ${n.snakes})`;

  if (args.dryRun) {
    console.log(`[new:module] ${n.kebab} (singular ${singular}; audit ${n.snake}.*; table ${n.snakes}) — dry run, nothing written`);
    console.log('would write:');
    for (const [p] of files) console.log(`  ${p}`);
    console.log(`  ${migration}`);
    console.log('would edit:');
    for (const [p] of edits) console.log(`  ${p}`);
    return;
  }

  for (const [p, text] of files) {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text, { flag: 'wx' });
    touched.push(p);
  }
  for (const [p, text] of edits) {
    writeFileSync(p, text);
    touched.push(p);
  }
  const journal = 'server/drizzle/meta/_journal.json';
  const before = JSON.parse(read(journal)).entries.length;
  runStep('migration', 'npx', ['drizzle-kit', 'generate', '--config', 'server/drizzle.config.ts', '--name', n.snakes]);
  const entries = JSON.parse(read(journal)).entries;
  if (entries.length !== before + 1) throw new Error(`the migration journal has ${entries.length - before} new entries, expected 1`);
  const tag = entries[entries.length - 1].tag;

  console.log(`\n[new:module] ${n.kebab}: wrote`);
  for (const [p] of files) console.log(`  ${p}`);
  console.log(`  server/drizzle/${tag}.sql (+ meta/${tag.slice(0, 4)}_snapshot.json, meta/_journal.json)`);
  console.log('edited');
  for (const [p] of edits) console.log(`  ${p}`);
  if (!args.zh) console.log(`\nthe zh-CN strings name it "${n.Zh}": translate them (src/locales/zh-CN/${n.camels}.ts, contracts/${n.kebab}.messages.ts), or pass --zh next time`);
  console.log(`\nnext: node --import tsx --test server/src/modules/${n.kebab}/${n.kebab}.test.ts, then docs/adding-a-module.md "What to edit next"`);
}

try {
  main();
} catch (err) {
  console.error(`[new:module] ${err.message}`);
  if (touched.length) {
    console.error(`written or edited before it failed:\n  ${touched.join('\n  ')}`);
    console.error('fix the cause, then run what is left by hand (npm run db:generate -- --name <name>), or undo with git');
  }
  process.exit(1);
}
