/**
 * "Test on a record": a saved rule tested on a record of its subject (picked by searching the
 * subject's records by their display value, RecordPicker) or on values typed as JSON (field key →
 * value, as the records API writes them); shows whether it fails and the rule's message in both
 * languages (POST /api/v1/rules/:id/test; nothing is written).
 */
import { Alert, Button, Card, Input, Radio, Space, Typography } from 'antd';
import React, { useState } from 'react';
import type { RuleTestResult } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { testRule } from '../../services/rules';
import { useT } from '../useT';
import { FieldContextProvider } from '../fields/FieldContext';
import { RecordPicker } from '../fields/pickers';

/** The test box of rule `ruleId`, whose subject is `subjectId` of application `app` (slug). */
export default function RuleTestBox({ ruleId, app, subjectId }: { ruleId: string; app: string; subjectId: string }) {
  const t = useT();
  const [mode, setMode] = useState<'record' | 'values'>('record');
  const [recordId, setRecordId] = useState('');
  const [values, setValues] = useState('{\n  \n}');
  const [result, setResult] = useState<RuleTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setError(null);
    setResult(null);
    let body: { recordId: string } | { values: Record<string, unknown> };
    if (mode === 'record') body = { recordId: recordId.trim() };
    else {
      try {
        const parsed: unknown = JSON.parse(values);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        body = { values: parsed as Record<string, unknown> };
      } catch {
        setError(t('rules.test.badJson'));
        return;
      }
    }
    setBusy(true);
    try {
      setResult(await testRule(ruleId, body));
    } catch (err) {
      const api = toApiError(err);
      setError(api.details.length ? api.details.map((d) => d.message).join('; ') : api.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('rules.test.title')} data-testid="rule-test">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('rules.test.help')}</Typography.Text>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'record' | 'values')}>
          <Radio value="record">{t('rules.test.byRecord')}</Radio>
          <Radio value="values" data-testid="rule-test-mode-values">
            {t('rules.test.byValues')}
          </Radio>
        </Radio.Group>
        {mode === 'record' ? (
          <FieldContextProvider value={{ app, labels: {}, files: {} }}>
            <RecordPicker
              targetSubjectId={subjectId}
              value={recordId || null}
              onChange={(v) => setRecordId(typeof v === 'string' ? v : '')}
              style={{ width: 380 }}
              data-testid="rule-test-record"
            />
          </FieldContextProvider>
        ) : (
          <Input.TextArea
            rows={4}
            aria-label={t('rules.test.values')}
            value={values}
            onChange={(e) => setValues(e.target.value)}
            style={{ maxWidth: 520, fontFamily: 'monospace' }}
            data-testid="rule-test-values"
          />
        )}
        <Button
          onClick={() => void run()}
          loading={busy}
          disabled={mode === 'record' && !recordId.trim()}
          data-testid="rule-test-run"
        >
          {t('rules.test.run')}
        </Button>
        {error ? <Alert type="warning" showIcon message={error} data-testid="rule-test-error" /> : null}
        {result ? (
          result.fails ? (
            <Alert
              type="error"
              showIcon
              data-testid="rule-test-verdict"
              data-verdict="fails"
              message={t('rules.test.fails')}
              description={
                <Space direction="vertical" size={0}>
                  <span>中文：{result.messageZh}</span>
                  <span>English: {result.messageEn}</span>
                </Space>
              }
            />
          ) : (
            <Alert
              type="success"
              showIcon
              data-testid="rule-test-verdict"
              data-verdict="passes"
              message={t('rules.test.passes')}
            />
          )
        ) : null}
      </Space>
    </Card>
  );
}
