/**
 * /admin/rule/:rule, one rule's editor (docs/rules.md "The rule"), or a new one (`/admin/rule/new`):
 * application and subject (fixed once saved), the kind and its fields (RuleDefinitionFields: field
 * pickers from the subject, the required-if condition in the filter builder), severity, the message
 * in both languages with its placeholders, enabled and tags. The server compiles the definition
 * against the subject; its 400 lands under the named input and the form keeps what was typed; a
 * stale version (someone else saved first) says so. Once saved, "Test on a record" gives the verdict.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, message, Popconfirm, Radio, Select, Space, Switch, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useParams } from 'umi';
import type { Rule, RuleInput, RuleSeverity } from '../../../../../contracts';
import { RULE_KINDS, RULE_MESSAGE_MAX, RULE_SEVERITIES, type RuleKind } from '../../../../../contracts/rules.constants';
import ExceptionResult from '../../../../components/ExceptionResult';
import { definitionOf, draftOf, type DefinitionDraft } from '../../../../components/rules/definition';
import RuleDefinitionFields from '../../../../components/rules/RuleDefinitionFields';
import RuleTestBox from '../../../../components/rules/RuleTestBox';
import { useT } from '../../../../components/useT';
import { ApiError, toApiError } from '../../../../services/api-error';
import { createRule, deleteRule, getRule, updateRule } from '../../../../services/rules';
import { getSubject } from '../../../../services/subjects';
import { AppSelect, SubjectSelect } from '../../../compare_record_field/components/Pickers';

interface Draft {
  name: string;
  application?: string;
  subject?: string;
  kind: RuleKind;
  def: DefinitionDraft;
  severity: RuleSeverity;
  messageZh: string;
  messageEn: string;
  enabled: boolean;
  tags: string[];
}

function toDraft(r?: Rule): Draft {
  if (!r)
    return {
      name: '',
      kind: 'comparison',
      def: draftOf(undefined),
      severity: 'blocking',
      messageZh: '',
      messageEn: '',
      enabled: true,
      tags: [],
    };
  return {
    name: r.name,
    application: r.application,
    subject: r.subject,
    kind: r.definition.kind,
    def: draftOf(r.definition as Record<string, unknown>),
    severity: r.severity,
    messageZh: r.messageZh,
    messageEn: r.messageEn,
    enabled: r.enabled,
    tags: r.tags,
  };
}

export default function RuleEditor() {
  const { rule: id = 'new' } = useParams<{ rule: string }>();
  const isNew = id === 'new';
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['rules', 'detail', id], queryFn: () => getRule(id), enabled: !isNew, retry: false });
  const [draft, setDraft] = useState<Draft>(toDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);
  const subjectQuery = useQuery({
    queryKey: ['subjects', 'detail', draft.application, draft.subject],
    queryFn: () => getSubject(draft.application!, draft.subject!),
    enabled: !!draft.application && !!draft.subject,
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  if (!isNew && query.error)
    return (
      <ExceptionResult
        code={query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? 404 : 500}
      />
    );

  const save = async () => {
    setSaving(true);
    setErrors({});
    const definition = definitionOf(draft.kind, draft.def) as RuleInput['definition'];
    const common = {
      name: draft.name,
      definition,
      severity: draft.severity,
      messageZh: draft.messageZh,
      messageEn: draft.messageEn,
      enabled: draft.enabled,
      tags: draft.tags,
    };
    try {
      const saved = isNew
        ? await createRule({ ...common, application: draft.application ?? '', subject: draft.subject ?? '' })
        : await updateRule(id, { ...common, version: query.data?.version ?? 1 });
      message.success(t('rules.saved'));
      queryClient.setQueryData(['rules', 'detail', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['rules', 'list'] });
      if (isNew) history.replace(`/admin/rule/${saved.id}`);
    } catch (err) {
      const api = toApiError(err);
      setErrors(Object.fromEntries(api.details.map((d) => [d.field, d.message])));
      message.error(api.errorCode === 'STALE_VERSION' ? t('rules.stale') : api.message);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    try {
      await deleteRule(id);
      message.success(t('rules.deleted'));
      history.push('/admin/rule');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const err = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});
  const defErrorOf = (path: string) =>
    Object.entries(errors).find(([f]) => f === `definition.${path}` || f.startsWith(`definition.${path}.`))?.[1];
  // definition errors no input of the kind shows (the kind itself, a path the form has no input for)
  const shown = new Set([
    'field',
    'op',
    'value',
    'otherField',
    'min',
    'max',
    'pattern',
    'condition',
    'fields',
    'subject',
    'targetField',
    'expression',
  ]);
  const defErrors = Object.entries(errors).filter(
    ([f]) => f === 'definition' || (f.startsWith('definition.') && !(draft.subject && shown.has(f.split('.')[1]))),
  );
  const placeholders = '{field} {value} {limit}';

  const form = (
    <Form layout="vertical" component="div" name="rule" data-testid="rule-form">
      <Space wrap size={[16, 0]}>
        <Form.Item label={t('rules.field.name')} required {...err('name')}>
          <Input
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            style={{ width: 280 }}
            data-testid="rule-name"
          />
        </Form.Item>
        <Form.Item label={t('rules.field.application')} required {...err('application')}>
          <AppSelect
            value={draft.application}
            disabled={!isNew}
            onChange={(v) => set({ application: v, subject: undefined, def: draftOf(undefined) })}
            data-testid="rule-app"
          />
        </Form.Item>
        <Form.Item label={t('rules.field.subject')} required {...err('subject')}>
          <SubjectSelect
            app={draft.application}
            value={draft.subject}
            disabled={!isNew || !draft.application}
            onChange={(k) => set({ subject: k, def: draftOf(undefined) })}
            data-testid="rule-subject"
          />
        </Form.Item>
      </Space>
      <Card size="small" title={t('rules.field.definition')} style={{ marginBottom: 16 }}>
        <Form.Item label={t('rules.field.kind')} required extra={t(`rules.kind.${draft.kind}.help`)}>
          <Select
            value={draft.kind}
            onChange={(v: RuleKind) => set({ kind: v })}
            options={RULE_KINDS.map((k) => ({ value: k, label: t(`rules.kind.${k}`) }))}
            style={{ width: 240 }}
            data-testid="rule-kind"
          />
        </Form.Item>
        {draft.subject ? (
          <RuleDefinitionFields
            kind={draft.kind}
            value={draft.def}
            onChange={(def) => set({ def })}
            app={draft.application}
            subject={draft.subject}
            fields={subjectQuery.data?.fields ?? []}
            errorOf={defErrorOf}
          />
        ) : (
          <Typography.Text type="secondary">{t('rules.def.pickSubjectFirst')}</Typography.Text>
        )}
        {defErrors.length ? (
          <Alert
            type="error"
            showIcon
            data-testid="rule-definition-errors"
            message={
              <Space direction="vertical" size={0}>
                {defErrors.map(([f, m]) => (
                  <span key={f}>{m}</span>
                ))}
              </Space>
            }
          />
        ) : null}
        {query.data?.problem ? (
          <Alert type="warning" showIcon message={t('rules.problem.desc', { problem: query.data.problem })} />
        ) : null}
      </Card>
      <Form.Item label={t('rules.field.severity')} required extra={t(`rules.severity.${draft.severity}.help`)}>
        <Radio.Group
          value={draft.severity}
          onChange={(e) => set({ severity: e.target.value as RuleSeverity })}
          data-testid="rule-severity"
        >
          {RULE_SEVERITIES.map((s) => (
            <Radio key={s} value={s}>
              {t(`rules.severity.${s}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Space wrap align="start" size={[16, 0]}>
        <Form.Item
          label={t('rules.field.messageZh')}
          required
          extra={t('rules.field.message.help', { placeholders })}
          {...err('messageZh')}
        >
          <Input.TextArea
            rows={2}
            maxLength={RULE_MESSAGE_MAX}
            value={draft.messageZh}
            onChange={(e) => set({ messageZh: e.target.value })}
            style={{ width: 380 }}
            data-testid="rule-message-zh"
          />
        </Form.Item>
        <Form.Item
          label={t('rules.field.messageEn')}
          required
          extra={t('rules.field.message.help', { placeholders })}
          {...err('messageEn')}
        >
          <Input.TextArea
            rows={2}
            maxLength={RULE_MESSAGE_MAX}
            value={draft.messageEn}
            onChange={(e) => set({ messageEn: e.target.value })}
            style={{ width: 380 }}
            data-testid="rule-message-en"
          />
        </Form.Item>
      </Space>
      <Space wrap size={[16, 0]}>
        <Form.Item label={t('rules.field.enabled')}>
          <Switch
            checked={draft.enabled}
            onChange={(v) => set({ enabled: v })}
            aria-label={t('rules.field.enabled')}
            data-testid="rule-enabled-switch"
          />
        </Form.Item>
        <Form.Item label={t('rules.field.tags')} {...err('tags')}>
          <Select
            mode="tags"
            value={draft.tags}
            onChange={(v: string[]) => set({ tags: v })}
            style={{ width: 320 }}
            tokenSeparators={[',']}
            notFoundContent={null}
            data-testid="rule-tags"
          />
        </Form.Item>
      </Space>
      <Space>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="rule-save">
          {t('rules.save')}
        </Button>
        {!isNew ? (
          <Popconfirm
            title={t('rules.delete.confirm', { name: draft.name })}
            description={t('rules.delete.desc')}
            onConfirm={() => void remove()}
          >
            <Button danger data-testid="rule-delete">
              {t('rules.delete')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Form>
  );

  return (
    <PageContainer
      title={isNew ? t('rules.detail.new') : t('rules.detail.title', { name: query.data?.name ?? '' })}
      onBack={() => history.push('/admin/rule')}
    >
      {!isNew && query.isLoading ? (
        <Empty />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {form}
          {isNew ? <Typography.Text type="secondary">{t('rules.test.afterSave')}</Typography.Text> : query.data ? (
            <RuleTestBox ruleId={id} app={query.data.application} subjectId={query.data.subjectId} />
          ) : null}
        </Space>
      )}
    </PageContainer>
  );
}
