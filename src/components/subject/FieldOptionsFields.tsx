/**
 * The type-specific options of the field drawer (contracts/subjects.ts fieldOptionsSchema), under
 * the form path `options.*` so a server 400 on `options.currency` lands on its input:
 * select choices (label + colour; a renamed choice shows its old label), number/percent precision,
 * money currency + precision, relation target subject + one/many, formula expression + result type
 * (with the other fields' keys to insert and the functions at hand), auto number prefix + padding
 * (with a preview), datetime seconds.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, ColorPicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import type { FormInstance } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../contracts';
import type { FieldType } from '../../../contracts/constants';
import { listAppSubjects } from '../../services/subjects';
import type { ChoiceRow, FieldFormValues } from './fieldTypes';
import { autoNumberSample, CHOICE_COLORS, CURRENCIES, duplicateChoice, OPTION_KEYS } from './fieldTypes';
import { choicesFromText, isMultiLine, PASTE_CHOICES_MAX } from './choicesPaste';
import { keys } from '../../services/query-keys';

type T = (id: string, values?: Record<string, string | number>) => string;

/** Functions and operators a formula may use (mathjs; server/src/modules/subjects/formula.ts). */
const FORMULA_HELP = [
  'price * quantity',
  'round(amount * 1.13, 2)',
  'abs(x)',
  'min(a, b)',
  'max(a, b)',
  'floor(x)',
  'ceil(x)',
  'score >= 60 ? "pass" : "fail"',
  'concat(code, "-", name)',
];

/** "Add several…": a text area taking one choice per line (choicesPaste.ts). */
function PasteChoicesButton({ t, onAdd }: { t: T; onAdd: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)} data-testid="paste-choices">
        {t('field.options.choicePaste')}
      </Button>
      <Modal
        open={open}
        title={t('field.options.choicePaste')}
        okText={t('field.options.choicePasteOk')}
        okButtonProps={{ disabled: !text.trim(), 'data-testid': 'paste-choices-ok' }}
        onOk={() => {
          onAdd(text);
          setText('');
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph type="secondary">{t('field.options.choicePasteHelp', { max: PASTE_CHOICES_MAX })}</Typography.Paragraph>
        <Input.TextArea rows={10} value={text} onChange={(e) => setText(e.target.value)} autoFocus data-testid="paste-choices-text" />
      </Modal>
    </>
  );
}

/** Choice rows: colour, label (with the old label when renamed), move and remove; a paste of several lines adds several. */
function ChoicesEditor({ t }: { t: T }) {
  const form = Form.useFormInstance<FieldFormValues>();
  return (
    <Form.List
      name={['options', 'choices']}
      rules={[
        {
          validator: async (_, rows?: ChoiceRow[]) => {
            if (!rows || rows.length === 0) throw new Error(t('field.options.choiceRequired'));
            const dup = duplicateChoice(rows);
            if (dup) throw new Error(t('field.options.choiceDuplicate', { label: dup }));
          },
        },
      ]}
    >
      {(rows, { add, remove, move }, { errors }) => (
        <div data-testid="choices-editor">
          {rows.map((row, i) => {
            const from = form.getFieldValue(['options', 'choices', row.name, 'from']) as string | undefined;
            return (
              <Space key={row.key} align="start" style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[row.name, 'color']} noStyle getValueFromEvent={(c: Color) => c.toHexString()}>
                  <ColorPicker
                    size="small"
                    disabledAlpha
                    presets={[{ label: t('field.options.choices'), colors: CHOICE_COLORS }]}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const label = (form.getFieldValue(['options', 'choices', row.name, 'label']) as string | undefined) ?? '';
                    return (
                      <Form.Item
                        name={[row.name, 'label']}
                        style={{ marginBottom: 0 }}
                        rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 100 }]}
                        extra={from && from !== label.trim() ? t('field.options.choiceRenamed', { from }) : undefined}
                      >
                        <Input
                          placeholder={t('field.options.choiceLabel')}
                          aria-label={`${t('field.options.choiceLabel')} ${i + 1}`}
                          style={{ width: 220 }}
                          onPaste={(e) => {
                            // several lines pasted into one label: one choice per line
                            const text = e.clipboardData.getData('text');
                            if (!isMultiLine(text)) return;
                            e.preventDefault();
                            const all = (form.getFieldValue(['options', 'choices']) as ChoiceRow[] | undefined) ?? [];
                            const others = all.filter((_, j) => j !== i);
                            const [first, ...rest] = choicesFromText(text, others, CHOICE_COLORS);
                            if (!first) return;
                            form.setFieldValue(['options', 'choices', row.name, 'label'], first.label);
                            for (const c of rest) add(c);
                          }}
                        />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('field.moveUp')}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('field.moveDown')}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  aria-label={t('field.delete')}
                />
              </Space>
            );
          })}
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ label: '', color: CHOICE_COLORS[rows.length % CHOICE_COLORS.length] })}
            data-testid="add-choice"
          >
            {t('field.options.choiceAdd')}
          </Button>
          <PasteChoicesButton
            t={t}
            onAdd={(text) => {
              const existing = (form.getFieldValue(['options', 'choices']) as ChoiceRow[] | undefined) ?? [];
              for (const c of choicesFromText(text, existing, CHOICE_COLORS)) add(c);
            }}
          />
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** The formula's expression with the other fields' keys (click to insert) and the functions at hand. */
function FormulaOptions({ t, form, otherFields }: { t: T; form: FormInstance<FieldFormValues>; otherFields: Field[] }) {
  const insert = (text: string) => {
    const current = (form.getFieldValue(['options', 'expression']) as string | undefined) ?? '';
    form.setFieldValue(['options', 'expression'], current && !current.endsWith(' ') ? `${current} ${text}` : current + text);
  };
  return (
    <>
      <Form.Item
        name={['options', 'expression']}
        label={t('field.options.expression')}
        extra={t('field.options.expressionHelp')}
        rules={[{ required: true, whitespace: true, message: t('field.options.expressionRequired') }, { max: 2000 }]}
      >
        <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} placeholder="price * quantity" />
      </Form.Item>
      <div style={{ marginBottom: 16 }} data-testid="formula-help">
        <Typography.Text type="secondary">{t('field.options.fieldKeys')}: </Typography.Text>
        {otherFields.length === 0 ? (
          <Typography.Text type="secondary">{t('field.options.noFieldKeys')}</Typography.Text>
        ) : (
          otherFields.map((f) => (
            <Tag key={f.key} style={{ cursor: 'pointer', marginBottom: 4 }} onClick={() => insert(f.key)} title={f.name}>
              <code>{f.key}</code> {f.name}
            </Tag>
          ))
        )}
        <div style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('field.options.functions')}: </Typography.Text>
          {FORMULA_HELP.map((f) => (
            <Typography.Text key={f} code style={{ whiteSpace: 'nowrap' }}>
              {f}
            </Typography.Text>
          ))}
        </div>
      </div>
      <Form.Item name={['options', 'resultType']} label={t('field.options.resultType')} initialValue="number">
        <Select
          options={(['number', 'text', 'boolean', 'date'] as const).map((r) => ({
            value: r,
            label: t(`field.options.result.${r}`),
          }))}
        />
      </Form.Item>
    </>
  );
}

/** The options of `type`, or a line saying it has none. */
export default function FieldOptionsFields({
  app,
  type,
  form,
  otherFields,
}: {
  /** The application slug (relation targets are its subjects). */
  app: string;
  type: FieldType;
  form: FormInstance<FieldFormValues>;
  /** The subject's other fields (formula keys). */
  otherFields: Field[];
}) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const targets = useQuery({
    queryKey: keys('subjects').list({ app, pageSize: 100 }),
    queryFn: () => listAppSubjects(app, { pageSize: 100 }),
    enabled: type === 'relation',
  });
  const prefix = Form.useWatch(['options', 'prefix'], form);
  const padding = Form.useWatch(['options', 'padding'], form);

  if (!OPTION_KEYS[type]) return <Typography.Paragraph type="secondary">{t('field.options.none')}</Typography.Paragraph>;
  const precision = (
    <Form.Item name={['options', 'precision']} label={t('field.options.precision')} extra={t('field.options.precisionHelp')}>
      <InputNumber min={0} max={10} precision={0} style={{ width: 120 }} />
    </Form.Item>
  );
  switch (type) {
    case 'singleSelect':
    case 'multiSelect':
      return (
        <Form.Item label={t('field.options.choices')} extra={t('field.options.choicesHelp')} required>
          <ChoicesEditor t={t} />
        </Form.Item>
      );
    case 'number':
    case 'percent':
      return precision;
    case 'money':
      return (
        <>
          <Form.Item
            name={['options', 'currency']}
            label={t('field.options.currency')}
            extra={t('field.options.currencyHelp')}
            initialValue="CNY"
            normalize={(v?: string) => v?.toUpperCase()}
            rules={[{ pattern: /^[A-Z]{3}$/, message: t('field.options.currencyPattern') }]}
          >
            <AutoComplete options={CURRENCIES.map((c) => ({ value: c }))} style={{ width: 120 }} filterOption />
          </Form.Item>
          {precision}
        </>
      );
    case 'relation':
      return (
        <>
          <Form.Item
            name={['options', 'targetSubjectId']}
            label={t('field.options.target')}
            extra={t('field.options.targetHelp')}
            rules={[{ required: true, message: t('field.options.targetRequired') }]}
          >
            <Select
              loading={targets.isLoading}
              showSearch
              optionFilterProp="label"
              options={(targets.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.key})` }))}
            />
          </Form.Item>
          <Form.Item name={['options', 'multiple']} label={t('field.options.multiple')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      );
    case 'formula':
      return <FormulaOptions t={t} form={form} otherFields={otherFields} />;
    case 'autoNumber':
      return (
        <>
          <Space align="start" size="large">
            <Form.Item name={['options', 'prefix']} label={t('field.options.prefix')} rules={[{ max: 20 }]}>
              <Input placeholder="WP-" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name={['options', 'padding']}
              label={t('field.options.padding')}
              extra={t('field.options.paddingHelp')}
              initialValue={3}
            >
              <InputNumber min={0} max={12} precision={0} style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary" data-testid="auto-number-preview">
            {t('field.options.preview', {
              sample: `${autoNumberSample(prefix, padding, 1)}, ${autoNumberSample(prefix, padding, 2)} …`,
            })}
          </Typography.Paragraph>
        </>
      );
    case 'datetime':
      return (
        <Form.Item name={['options', 'showSeconds']} label={t('field.options.showSeconds')} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    default:
      return null;
  }
}
