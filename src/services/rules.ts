/**
 * Rules and rule sets: /api/v1/rules, /api/v1/rule-sets (contracts/rules.ts, docs/rules-api.md).
 * Writes are for administrators; the lists also for members of the application they are filtered by.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  Rule,
  RuleInput,
  RulePatch,
  RuleSet,
  RuleSetInput,
  RuleSetPatch,
  RuleSetVersion,
  RuleTest,
  RuleTestResult,
} from '../../contracts';

const enc = encodeURIComponent;

export interface RuleListParams {
  current?: number;
  pageSize?: number;
  application?: string;
  subject?: string;
  severity?: string;
  enabled?: 'true' | 'false';
  tag?: string;
  q?: string;
}

/** A page of rules, newest first. */
export const listRules = (params: RuleListParams) => request<Page<Rule>>('/api/v1/rules', { method: 'GET', params });

/** Most rules `listAllRules` reads (50 pages of 100): far above what a rule set may hold (RULE_SET_RULES_MAX). */
export const ALL_RULES_CAP = 5000;

/**
 * Every rule of an application, newest first, read page by page (100 a request, the API's largest
 * page) up to ALL_RULES_CAP: what the rule set editor chooses from.
 */
export async function listAllRules(application: string): Promise<Rule[]> {
  const out: Rule[] = [];
  for (let current = 1; out.length < ALL_RULES_CAP; current += 1) {
    const page = await listRules({ application, current, pageSize: 100 });
    out.push(...page.data);
    if (page.data.length < 100 || out.length >= page.total) break;
  }
  return out;
}

/** One rule; rejects 404. */
export async function getRule(id: string): Promise<Rule> {
  return (await request<Ok<Rule>>(`/api/v1/rules/${enc(id)}`, { method: 'GET', skipErrorHandler: true })).data;
}

/** Creates a rule; rejects 400 naming the field (`definition.<path>` when it does not fit its subject). */
export async function createRule(input: RuleInput): Promise<Rule> {
  return (await request<Ok<Rule>>('/api/v1/rules', { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a rule (`version`: the one edited); rejects 409 STALE_VERSION, 400 naming the field. */
export async function updateRule(id: string, patch: RulePatch): Promise<Rule> {
  return (await request<Ok<Rule>>(`/api/v1/rules/${enc(id)}`, { method: 'PATCH', data: patch, skipErrorHandler: true })).data;
}

/** Deletes a rule (for good; it leaves the rule sets' drafts). */
export async function deleteRule(id: string): Promise<void> {
  await request(`/api/v1/rules/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Tests a rule on a record (`recordId`) or on values; nothing is written. */
export async function testRule(id: string, input: RuleTest): Promise<RuleTestResult> {
  return (
    await request<Ok<RuleTestResult>>(`/api/v1/rules/${enc(id)}/test`, { method: 'POST', data: input, skipErrorHandler: true })
  ).data;
}

/** A page of rule sets, newest first. */
export const listRuleSets = (params: { current?: number; pageSize?: number; application?: string; q?: string }) =>
  request<Page<RuleSet>>('/api/v1/rule-sets', { method: 'GET', params });

/** One rule set (its draft); rejects 404. */
export async function getRuleSet(id: string): Promise<RuleSet> {
  return (await request<Ok<RuleSet>>(`/api/v1/rule-sets/${enc(id)}`, { method: 'GET', skipErrorHandler: true })).data;
}

/** Creates a rule set; rejects 400 naming `rules`/`subjects`, 409 naming `name`. */
export async function createRuleSet(input: RuleSetInput): Promise<RuleSet> {
  return (await request<Ok<RuleSet>>('/api/v1/rule-sets', { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a rule set's draft; rejects 409 STALE_VERSION. */
export async function updateRuleSet(id: string, patch: RuleSetPatch): Promise<RuleSet> {
  return (await request<Ok<RuleSet>>(`/api/v1/rule-sets/${enc(id)}`, { method: 'PATCH', data: patch, skipErrorHandler: true }))
    .data;
}

/** Deletes a rule set and its versions. */
export async function deleteRuleSet(id: string): Promise<void> {
  await request(`/api/v1/rule-sets/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Publishes the draft as the next version. */
export async function publishRuleSet(id: string, note?: string): Promise<RuleSetVersion> {
  return (
    await request<Ok<RuleSetVersion>>(`/api/v1/rule-sets/${enc(id)}/publish`, {
      method: 'POST',
      data: { note: note || null },
      skipErrorHandler: true,
    })
  ).data;
}

/** A page of a set's versions, newest first (without their rules). */
export const listRuleSetVersions = (id: string, params: { current?: number; pageSize?: number }) =>
  request<Page<RuleSetVersion>>(`/api/v1/rule-sets/${enc(id)}/versions`, { method: 'GET', params });

/** One version with its frozen rules. */
export async function getRuleSetVersion(id: string, version: number): Promise<RuleSetVersion> {
  return (
    await request<Ok<RuleSetVersion>>(`/api/v1/rule-sets/${enc(id)}/versions/${version}`, {
      method: 'GET',
      skipErrorHandler: true,
    })
  ).data;
}
