import { routes } from '../../config/routes';
import type { AppRoute } from '../../config/routes';
import enUS from './en-US/index';
import zhCN from './zh-CN/index';
import IntlMessageFormat from 'intl-messageformat';

/** ProLayout's menu key of every named route: `menu.<parentName>.<name>` (top level: `menu.<name>`). */
function menuKeys(list: AppRoute[], parent?: string): string[] {
  return list.flatMap((r) => {
    const key = r.name ? (parent ? `menu.${parent}.${r.name}` : `menu.${r.name}`) : undefined;
    return [...(key ? [key] : []), ...menuKeys(r.routes ?? [], r.name ?? parent)];
  });
}

describe('locales', () => {
  it('zh-CN and en-US have the same keys', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('every named route has a label in both languages', () => {
    const keys = menuKeys(routes);
    expect(keys.length).toBeGreaterThan(130);
    expect(keys.filter((k) => !(k in zhCN))).toEqual([]);
    expect(keys.filter((k) => !(k in enUS))).toEqual([]);
  });

  it("uses the Chinese screen names of docs/routes-and-loading.md", () => {
    const zh = zhCN as Record<string, string>;
    expect(zh['menu.audit_report']).toBe('审计报告');
    expect(zh['menu.grid_view']).toBe('表格视图');
    expect(zh['menu.compare_record_field']).toBe('比较字段');
    expect(zh['menu.home']).toBe('首页');
    expect(zh['menu.init']).toBe('初始化');
    expect(zh['menu.login']).toBe('登录');
    expect(zh['menu.admin.person']).toBe('个人中心');
    expect(zh['menu.admin.notice']).toBe('消息管理');
    expect(zh['menu.admin.deploy']).toBe('部署包管理');
    expect(zh['menu.admin.variable']).toBe('变量管理');
    expect(zh['menu.admin.tag']).toBe('标签管理');
    expect(zh['menu.admin.category']).toBe('分类管理');
    expect(zh['menu.admin.recycle']).toBe('回收站');
    expect(zh['menu.admin.audit']).toBe('审计日志');
    expect(zh['menu.admin.system']).toBe('系统设置');
    expect(zh['menu.admin.spider']).toBe('数据采集');
    expect(zh['menu.admin.search']).toBe('搜索引擎');
    expect(zh['menu.admin.searchIndex']).toBe('索引详情');
    expect(zh['menu.admin.spiderEdit']).toBe('编辑采集规则');
    expect(zh['menu.admin.spiderCreate']).toBe('新建采集规则');
    expect(zh['menu.workspace.annotate']).toBe('标注');
  });
});

describe('messages are ICU and count in both languages', () => {
  const values = (message: string, n: number) => Object.fromEntries([...message.matchAll(/\{\s*(\w+)/g)].map((m) => [m[1], n]));
  const PLURAL_NOUN = /(^|[^\d,])1 (members|records|entries|rows|days|notices|sessions|characters|versions|times|objects|heads|fields|conditions)\b/;

  it.each([
    ['zh-CN', zhCN],
    ['en-US', enUS],
  ])('%s: every message parses and formats with 1 and 2', (locale, messages) => {
    const singularAsPlural: string[] = [];
    for (const [key, message] of Object.entries(messages as Record<string, string>)) {
      for (const n of [1, 2]) {
        expect(() => new IntlMessageFormat(message, locale).format(values(message, n))).not.toThrow();
      }
      const one = String(new IntlMessageFormat(message, locale).format(values(message, 1)));
      if (PLURAL_NOUN.test(one)) singularAsPlural.push(`${key}: ${one}`);
    }
    expect(singularAsPlural).toEqual([]);
  });

  it('English says "1 member", "2 members"', () => {
    const en = enUS as Record<string, string>;
    expect(new IntlMessageFormat(en['dashboard.members'], 'en-US').format({ count: 1 })).toBe('1 member');
    expect(new IntlMessageFormat(en['dashboard.members'], 'en-US').format({ count: 2 })).toBe('2 members');
    expect(new IntlMessageFormat(en['pending.title'], 'en-US').format({ module: 'Rules and rule sets' })).toBe('The “Rules and rule sets” module is not available yet');
  });
});
