/**
 * /admin/ruleSet/:ruleSet, one rule set (docs/rules.md "Rule sets and versions"), or a new one
 * (`/admin/ruleSet/new`): name, description, the draft's rules (a transfer over the application's
 * rules), its assignment (subjects of the application, or the whole application), Publish (with a
 * note) which freezes the draft into the next version, and the versions with their frozen rules.
 * Editing a published set makes a draft ("draft has changes"). Server errors land under the named
 * input; the form keeps what was typed.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  message,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Transfer,
  Typography,
} from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useParams } from 'umi';
import type { RuleSet } from '../../../../../contracts';
import ExceptionResult from '../../../../components/ExceptionResult';
import { useT } from '../../../../components/useT';
import { ApiError, toApiError } from '../../../../services/api-error';
import { createRuleSet, deleteRuleSet, getRuleSet, listAllRules, publishRuleSet, updateRuleSet } from '../../../../services/rules';
import { listAppSubjectOptions } from '../../../../services/subjects';
import { AppSelect } from '../../../compare_record_field/components/Pickers';
import RuleSetVersions from '../components/RuleSetVersions';

interface Draft {
  name: string;
  description: string;
  application?: string;
  ruleIds: string[];
  subjectIds: string[];
  wholeApplication: boolean;
}

const toDraft = (s?: RuleSet): Draft =>
  s
    ? {
        name: s.name,
        description: s.description ?? '',
        application: s.application,
        ruleIds: s.ruleIds,
        subjectIds: s.subjectIds,
        wholeApplication: s.wholeApplication,
      }
    : { name: '', description: '', ruleIds: [], subjectIds: [], wholeApplication: true };

export default function RuleSetEditor() {
  const { ruleSet: id = 'new' } = useParams<{ ruleSet: string }>();
  const isNew = id === 'new';
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['rule-sets', 'detail', id], queryFn: () => getRuleSet(id), enabled: !isNew, retry: false });
  const [draft, setDraft] = useState<Draft>(toDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);
  const rules = useQuery({
    queryKey: ['rules', 'list', 'all', draft.application],
    queryFn: () => listAllRules(draft.application!),
    enabled: !!draft.application,
  });
  const subjects = useQuery({
    queryKey: ['subjects', 'options', draft.application],
    queryFn: () => listAppSubjectOptions(draft.application!),
    enabled: !!draft.application,
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  if (!isNew && query.error)
    return (
      <ExceptionResult
        code={query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? 404 : 500}
      />
    );

  const saved = (s: RuleSet) => {
    queryClient.setQueryData(['rule-sets', 'detail', s.id], s);
    void queryClient.invalidateQueries({ queryKey: ['rule-sets', 'list'] });
  };
  const save = async () => {
    setSaving(true);
    setErrors({});
    const body = {
      name: draft.name,
      description: draft.description || null,
      ruleIds: draft.ruleIds,
      subjectIds: draft.wholeApplication ? [] : draft.subjectIds,
      wholeApplication: draft.wholeApplication,
    };
    try {
      const s = isNew
        ? await createRuleSet({ ...body, application: draft.application ?? '' })
        : await updateRuleSet(id, { ...body, version: query.data?.version ?? 1 });
      message.success(t('ruleSets.saved'));
      saved(s);
      if (isNew) history.replace(`/admin/ruleSet/${s.id}`);
    } catch (err) {
      const api = toApiError(err);
      setErrors(Object.fromEntries(api.details.map((d) => [d.field, d.message])));
      message.error(api.errorCode === 'STALE_VERSION' ? t('rules.stale') : api.message);
    } finally {
      setSaving(false);
    }
  };
  const publish = async () => {
    try {
      const v = await publishRuleSet(id, note.trim() || undefined);
      message.success(t('ruleSets.published', { n: v.version }));
      setPublishing(false);
      setNote('');
      saved(await getRuleSet(id));
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const remove = async () => {
    try {
      await deleteRuleSet(id);
      message.success(t('ruleSets.deleted'));
      history.push('/admin/ruleSet');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const err = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});
  const current = query.data;

  const form = (
    <Form layout="vertical" component="div" name="ruleSet" data-testid="rule-set-form">
      <Space wrap size={[16, 0]}>
        <Form.Item label={t('ruleSets.field.name')} required {...err('name')}>
          <Input
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            style={{ width: 280 }}
            data-testid="rule-set-name"
          />
        </Form.Item>
        <Form.Item label={t('ruleSets.field.application')} required {...err('application')}>
          <AppSelect
            value={draft.application}
            disabled={!isNew}
            onChange={(v) => set({ application: v, ruleIds: [], subjectIds: [] })}
            data-testid="rule-set-app"
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('ruleSets.field.description')} {...err('description')}>
        <Input.TextArea
          rows={2}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          style={{ maxWidth: 640 }}
        />
      </Form.Item>
      <Form.Item label={t('ruleSets.field.rules')} {...err('rules')} {...err('ruleIds')}>
        {draft.application ? (
          <div data-testid="rule-set-rules">
            <Transfer
              dataSource={(rules.data ?? []).map((r) => ({
                key: r.id,
                title: `${r.name} · ${r.subjectName}`,
                disabled: false,
              }))}
              targetKeys={draft.ruleIds}
              onChange={(keys) => set({ ruleIds: keys.map(String) })}
              render={(item) => item.title}
              titles={[t('ruleSets.rules.available'), t('ruleSets.rules.chosen')]}
              showSearch
              listStyle={{ width: 320, height: 320 }}
              locale={{ notFoundContent: t('ruleSets.rules.none') }}
            />
          </div>
        ) : (
          <Typography.Text type="secondary">{t('ruleSets.pickAppFirst')}</Typography.Text>
        )}
      </Form.Item>
      <Form.Item label={t('ruleSets.field.assignment')} {...err('subjects')} {...err('subjectIds')}>
        <Space direction="vertical">
          <Radio.Group
            value={draft.wholeApplication}
            onChange={(e) => set({ wholeApplication: e.target.value as boolean })}
            data-testid="rule-set-assign"
          >
            <Radio value={true}>{t('ruleSets.assign.whole')}</Radio>
            <Radio value={false}>{t('ruleSets.assign.subjects')}</Radio>
          </Radio.Group>
          {!draft.wholeApplication ? (
            <Select
              mode="multiple"
              value={draft.subjectIds}
              onChange={(v: string[]) => set({ subjectIds: v })}
              options={(subjects.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.key})` }))}
              style={{ width: 480 }}
              placeholder={t('ruleSets.assign.pick')}
              aria-label={t('ruleSets.assign.subjects')}
              data-testid="rule-set-subjects"
            />
          ) : null}
        </Space>
      </Form.Item>
      <Space>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="rule-set-save">
          {t('ruleSets.save')}
        </Button>
        {!isNew ? (
          <>
            <Button onClick={() => setPublishing(true)} data-testid="rule-set-publish">
              {t('ruleSets.publish')}
            </Button>
            <Popconfirm
              title={t('ruleSets.delete.confirm', { name: draft.name })}
              description={t('ruleSets.delete.desc')}
              onConfirm={() => void remove()}
            >
              <Button danger data-testid="rule-set-delete">
                {t('ruleSets.delete')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
    </Form>
  );

  return (
    <PageContainer
      title={isNew ? t('ruleSets.detail.new') : t('ruleSets.detail.title', { name: current?.name ?? '' })}
      tags={
        current
          ? [
              current.publishedVersion ? (
                <Tag key="v" color="blue">
                  v{current.publishedVersion}
                </Tag>
              ) : (
                <Tag key="v">{t('ruleSets.unpublished')}</Tag>
              ),
              ...(current.draftChanged && current.publishedVersion
                ? [
                    <Tag key="d" color="orange" data-testid="rule-set-draft-changed">
                      {t('ruleSets.draftChanged')}
                    </Tag>,
                  ]
                : []),
            ]
          : undefined
      }
      onBack={() => history.push('/admin/ruleSet')}
    >
      {!isNew && query.isLoading ? (
        <Empty />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {form}
          {!isNew && current ? (
            <Card size="small" title={t('ruleSets.versions.title')}>
              <RuleSetVersions setId={id} published={current.publishedVersion} />
            </Card>
          ) : null}
        </Space>
      )}
      <Modal
        open={publishing}
        title={t('ruleSets.publish.title', { n: (current?.publishedVersion ?? 0) + 1 })}
        onOk={() => void publish()}
        onCancel={() => setPublishing(false)}
        okText={t('ruleSets.publish')}
        okButtonProps={{ 'data-testid': 'rule-set-publish-ok' } as React.ComponentProps<typeof Button>}
      >
        <Typography.Paragraph type="secondary">{t('ruleSets.publish.help')}</Typography.Paragraph>
        <Input.TextArea
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('ruleSets.publish.note')}
          aria-label={t('ruleSets.publish.note')}
          maxLength={1000}
          data-testid="rule-set-publish-note"
        />
      </Modal>
    </PageContainer>
  );
}
