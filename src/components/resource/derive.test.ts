/**
 * The resource kit's derivations (src/components/resource): table columns, the list query
 * ProTable's request becomes, form rules, initial values and bodies, and the words — from the
 * clients and tags definitions, without rendering the UI kit.
 */
import { clientResource } from '../../../contracts/clients.resource';
import { defineResource, RESOURCE_PATTERNS } from '../../../contracts/resource';
import { MESSAGES } from '../../../contracts/messages';
import { tagResource } from '../../../contracts/tags.resource';
import enUS from '../../locales/en-US/index';
import zhCN from '../../locales/zh-CN/index';
import { queryOf } from '../../services/resource-api';
import { resourceColumns, sortParamOf, toListParams } from './columns';
import { resourceText, rowTitle, type KitIntl } from './messages';
import { fieldRules, formBody, formFields, initialFormValues } from './rules';

/** An intl over a message table: formats `{name}` placeholders only (enough for these tests). */
function intlOf(messages: Record<string, string>): KitIntl {
  return {
    messages,
    formatMessage: ({ id }, values = {}) => (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`)),
  };
}
const zh = resourceText(intlOf(zhCN as Record<string, string>), clientResource);
const tagsZh = resourceText(intlOf(zhCN as Record<string, string>), tagResource);

describe('columns', () => {
  const cols = resourceColumns(clientResource, zh);
  const byKey = Object.fromEntries(cols.map((c) => [String(c.key), c]));

  it('one per field, then the timestamps; the q search field first when something is searchable', () => {
    expect(cols.map((c) => c.key)).toEqual(['q', 'code', 'name', 'industry', 'status', 'contacts', 'address', 'notes', 'applicationIds', 'createdAt', 'updatedAt']);
    expect(byKey.q).toMatchObject({ hideInTable: true, fieldProps: { placeholder: '编码或名称' } });
  });

  it('titles from the label keys; non-listed fields and unasked timestamps hidden in the table', () => {
    expect(byKey.code.title).toBe('编码');
    expect(byKey.applicationIds.title).toBe('关联应用');
    expect(cols.filter((c) => c.hideInTable).map((c) => c.key)).toEqual(['q', 'contacts', 'address', 'notes', 'createdAt']);
  });

  it('sorters on sortable fields, the default sort starts sorted; search fields only for filterable ones', () => {
    expect(cols.filter((c) => c.sorter).map((c) => c.key)).toEqual(['code', 'name', 'industry', 'status', 'createdAt', 'updatedAt']);
    expect(byKey.code.defaultSortOrder).toBe('ascend');
    expect(cols.filter((c) => c.search !== false && c.key !== 'q').map((c) => c.key)).toEqual(['industry', 'status', 'applicationIds']);
    expect(byKey.status.valueEnum).toEqual({ active: { text: '合作中' }, inactive: { text: '已停用' } });
    expect(byKey.applicationIds.dataIndex).toBe('applications');
  });

  it('a page overrides a column or drops it', () => {
    const over = resourceColumns(clientResource, zh, { overrides: { industry: { title: 'X' }, notes: false }, timestamps: ['createdAt'] });
    expect(over.find((c) => c.key === 'industry')?.title).toBe('X');
    expect(over.find((c) => c.key === 'notes')).toBeUndefined();
    expect(over.find((c) => c.key === 'createdAt')?.hideInTable).toBe(false);
    expect(over.find((c) => c.key === 'updatedAt')?.hideInTable).toBe(true);
  });
});

describe('list parameters', () => {
  it('paging, trimmed q, each filter under its query parameter, sort as field:dir; empties left out', () => {
    expect(
      toListParams(clientResource, { current: 2, pageSize: 50, q: '  acme ', status: 'active', industry: '', applications: 'app-1', code: 'ignored' }, { code: 'descend' }),
    ).toEqual({ current: 2, pageSize: 50, q: 'acme', status: 'active', applicationId: 'app-1', sort: 'code:desc' });
    expect(toListParams(tagResource, { current: 1, pageSize: 20 }, {})).toEqual({ current: 1, pageSize: 20 });
  });

  it('a sort on a read key maps back to its field; no order is no sort', () => {
    const def = defineResource({
      name: 'things',
      singular: 'thing',
      fields: { owner: { kind: 'reference', to: 'users', readAs: { key: 'ownerRow', display: ['name'] }, sortable: true } },
      access: { list: 'user' },
      audit: false,
      deletion: { mode: 'hard' },
      defaultSort: 'owner:asc',
      messages: { notFound: 'x' },
    });
    expect(sortParamOf(def, { ownerRow: 'ascend' })).toBe('owner:asc');
    expect(sortParamOf(def, { ownerRow: null })).toBeUndefined();
  });

  it('query strings leave empty values out', () => {
    expect(queryOf({ format: 'csv', q: 'a b', status: undefined, industry: '', n: 0 }).toString()).toBe('format=csv&q=a+b&n=0');
  });
});

describe('form', () => {
  it('edits the writable fields, not the server-set ones', () => {
    expect(formFields(tagResource)).toEqual(['name', 'color']);
    expect(formFields(clientResource)).toHaveLength(8);
  });

  it('rules: required, lengths, the named pattern with its message, e-mail, phone, most items', () => {
    const code = fieldRules(clientResource.fields.code, zh);
    expect(code[0]).toMatchObject({ required: true, whitespace: true, message: '必填' });
    expect(code[1]).toMatchObject({ pattern: RESOURCE_PATTERNS.clientCode.regex, message: MESSAGES['errors.client.code']['zh-CN'] });
    expect(fieldRules(clientResource.fields.name, zh)).toEqual([expect.objectContaining({ required: true }), { max: 200, message: '最多 200 个字符' }]);
    const { email, phone } = clientResource.fields.contacts.of;
    expect(fieldRules(email, zh)).toEqual([{ max: 254, message: '最多 254 个字符' }, { type: 'email', message: '邮箱格式不正确' }]);
    expect(fieldRules(phone, zh)[0]).toMatchObject({ pattern: RESOURCE_PATTERNS.phone.regex });
    expect(fieldRules(clientResource.fields.applicationIds, zh)).toEqual([{ type: 'array', max: clientResource.fields.applicationIds.max, message: `最多 ${clientResource.fields.applicationIds.max} 项` }]);
    expect(fieldRules(tagResource.fields.color, tagsZh).map((r) => ('pattern' in r ? r.message : undefined))).toContain('颜色需为 #rrggbb 格式');
  });

  it('initial values: defaults on create (then the page’s), the row on edit with references as ids and null text as empty', () => {
    expect(initialFormValues(clientResource, undefined, { industry: '制造业' })).toEqual({ status: 'active', contacts: [], applicationIds: [], industry: '制造业' });
    const row = {
      id: 'c1',
      code: 'ACME',
      name: 'Acme',
      industry: null,
      status: 'inactive',
      contacts: [{ name: 'Li', title: null, email: 'li@x.example', phone: null }],
      address: null,
      notes: 'n',
      applications: [{ id: 'a1', slug: 'fy', name: 'FY' }],
      createdAt: '',
      updatedAt: '',
    };
    expect(initialFormValues(clientResource, row)).toEqual({
      code: 'ACME',
      name: 'Acme',
      industry: '',
      status: 'inactive',
      contacts: [{ name: 'Li', title: '', email: 'li@x.example', phone: '' }],
      address: '',
      notes: 'n',
      applicationIds: ['a1'],
    });
  });

  it('bodies: a create leaves out what is empty; an update clears it, and sends only the fields shown', () => {
    expect(formBody(tagResource, { name: 'A', color: undefined }, 'create')).toEqual({ name: 'A' });
    expect(formBody(clientResource, { code: 'X', name: 'Y', industry: undefined }, 'update', ['code', 'name', 'industry'])).toEqual({ code: 'X', name: 'Y', industry: null });
  });
});

describe('words', () => {
  it('resource messages fall back to the kit’s generic ones', () => {
    expect(zh.msg('created', { name: '艾克美' })).toBe('客户“艾克美”已创建');
    expect(tagsZh.msg('delete.confirm', { name: '重要' })).toBe('删除“重要”？');
    expect(tagsZh.msg('create')).toBe('新建标签');
    expect(zh.subLabel('contacts', 'title')).toBe('职务');
    expect(zh.help('code')).toMatch(/^1–32/);
    expect(zh.help('name')).toBeUndefined();
    expect(zh.label('updatedAt')).toBe('更新时间');
  });

  it('a row’s title is its name, else its recycle label', () => {
    expect(rowTitle(clientResource, { id: '1', code: 'A', name: 'Acme' })).toBe('Acme');
    expect(rowTitle({ ...clientResource, fields: { code: clientResource.fields.code } }, { id: '1', code: 'A', name: 'Acme' })).toBe('A Acme');
  });

  it('every named pattern’s message exists in both languages with the server’s text, and every label key of the two resources too', () => {
    for (const [locale, messages] of [['zh-CN', zhCN], ['en-US', enUS]] as const) {
      const m = messages as Record<string, string>;
      for (const p of Object.values(RESOURCE_PATTERNS)) expect(m[p.message]).toBe(MESSAGES[p.message as keyof typeof MESSAGES][locale]);
      for (const def of [clientResource, tagResource]) {
        const text = resourceText(intlOf(m), def);
        for (const k of Object.keys(def.fields)) expect(m[`resources.${def.name}.fields.${k}.label`]).toBe(text.label(k));
      }
    }
  });
});
