/**
 * The resource kit's create/edit dialog (docs/resource-kit.md "Web"): a ModalForm whose fields,
 * inputs and client-side rules derive from the definition (rules.ts), for a new row (`row`
 * absent) or an edit. Inputs by kind (or `form.input`): text, textarea, select or radio buttons
 * (enum), number, switch, date, colour, tags, a list editor (each item's sub-fields in a row), a
 * reference picker (ReferenceSelect) and JSON as text. A page overrides any field (`fields`): a
 * custom input, the whole item, hidden, label, help, more rules, width.
 *
 * Saving: a 400's or 409's field errors land under their fields and nothing typed is lost; a 409
 * STALE_VERSION (versioned resources) shows what happened and offers to load the latest version or
 * to save over it; success invalidates the resource's react-query keys and calls `onDone(saved)`.
 */
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormGroup,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, ColorPicker, Form, message, Row, Select, Space, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Color } from 'antd/es/color-picker';
import React, { useRef, useState } from 'react';
import { useIntl } from 'umi';
import type { FieldDef, ResourceDef, ResourceRecord, ScalarField } from '../../../contracts/resource';
import { ApiError, showFieldErrors } from '../../services/api-error';
import { resourceApi, type ResourceApi } from '../../services/resource-api';
import { COLOR_PRESETS, readKeyOf } from './columns';
import { resourceText, rowTitle, type ResourceText } from './messages';
import ReferenceSelect, { type ReferencedRow } from './ReferenceSelect';
import { fieldRules, formBody, formFields, initialFormValues } from './rules';

/** What a field override's `input`/`render` receives. */
export interface FieldContext<Row> {
  field: string;
  /** The row edited (absent on create). */
  row?: Row;
  form: FormInstance;
  text: ResourceText;
  label: string;
}

/** A page's override of one form field. */
export interface FieldOverride<Row> {
  /** A custom input inside the kit's Form.Item (which passes it `value`/`onChange` and keeps label, rules, help). */
  input?: (ctx: FieldContext<Row>) => React.ReactElement;
  /** The whole form item instead of the kit's. */
  render?: (ctx: FieldContext<Row>) => React.ReactNode;
  /** Left out of the form (and of what a save sends). */
  hidden?: boolean;
  label?: React.ReactNode;
  help?: React.ReactNode;
  /** Rules added to the derived ones. */
  rules?: Rule[];
  /** Grid span out of 24 (default: 12 for short fields in two columns, else 24). */
  colSpan?: number;
  /** Props given to the kit's own input. */
  fieldProps?: Record<string, unknown>;
}

export interface ResourceFormModalProps<D extends ResourceDef> {
  resource: D;
  /** Default `resourceApi(resource)`. */
  api?: ResourceApi<D>;
  /** The row to edit; absent to create one. */
  row?: ResourceRecord<D>;
  /** The element that opens the dialog (or control it with `open`/`onOpenChange`). */
  trigger?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After a successful save, with the row as saved. */
  onDone?: (saved: ResourceRecord<D>) => void;
  /** Per field overrides. */
  fields?: Partial<Record<keyof D['fields'] & string, FieldOverride<ResourceRecord<D>>>>;
  /** Initial values of a create, over the definition's defaults. */
  initialValues?: Record<string, unknown>;
  /** Dialog width in px (default 520, 760 in two columns). */
  width?: number;
  /** 1 (default) or 2 columns: short fields side by side. */
  columns?: 1 | 2;
  /** The form's name (unique on its page; antd prefixes input ids with it). Default `<singular>Form`. */
  name?: string;
}

const TEXT_KINDS: FieldDef['kind'][] = ['text', 'longText', 'email', 'phone', 'url'];
const SHORT: FieldDef['kind'][] = ['text', 'enum', 'number', 'decimal', 'boolean', 'date', 'datetime', 'email', 'phone', 'url'];

/** The kit's default input of a scalar (also a list item's sub-field, `inList`). */
function scalarInput(f: ScalarField, name: string | string[], label: React.ReactNode, rules: Rule[], extra: { help?: React.ReactNode; placeholder?: string; fieldProps?: Record<string, unknown>; valueLabel: (v: string) => string; inList?: boolean }) {
  const common = { name, label: extra.inList ? undefined : label, rules, extra: extra.help, placeholder: extra.placeholder };
  const input = f.form?.input;
  switch (f.kind) {
    case 'enum': {
      const options = f.values.map((v) => ({ value: v, label: extra.valueLabel(v) }));
      return input === 'radio' ? <ProFormRadio.Group {...common} radioType="button" options={options} fieldProps={extra.fieldProps} /> : <ProFormSelect {...common} options={options} fieldProps={extra.fieldProps} />;
    }
    case 'number':
    case 'decimal':
      return <ProFormDigit {...common} min={f.min} max={f.max} fieldProps={{ precision: f.integer ? 0 : f.scale, ...extra.fieldProps }} />;
    case 'boolean':
      return <ProFormSwitch {...common} fieldProps={extra.fieldProps} />;
    case 'date':
      return <ProFormDatePicker {...common} fieldProps={{ format: 'YYYY-MM-DD', ...extra.fieldProps }} />;
    case 'datetime':
      return <ProFormDateTimePicker {...common} transform={(v: unknown) => ({ [String(name)]: v ? new Date(String(v)).toISOString() : null })} fieldProps={extra.fieldProps} />;
    case 'longText':
      return <ProFormTextArea {...common} fieldProps={{ maxLength: f.maxLength, rows: 3, ...extra.fieldProps }} />;
    default: {
      const maxLength = 'maxLength' in f ? f.maxLength : undefined;
      if (input === 'textarea') return <ProFormTextArea {...common} fieldProps={{ maxLength, rows: 3, ...extra.fieldProps }} />;
      if (input === 'password') return <ProFormText.Password {...common} fieldProps={{ maxLength, ...extra.fieldProps }} />;
      if (input === 'color') {
        return (
          <Form.Item name={name} label={common.label} rules={rules} extra={extra.help} getValueFromEvent={(c: Color) => c.toHexString()}>
            <ColorPicker showText disabledAlpha presets={[{ label, colors: COLOR_PRESETS }]} {...extra.fieldProps} />
          </Form.Item>
        );
      }
      return <ProFormText {...common} fieldProps={{ maxLength, ...extra.fieldProps }} />;
    }
  }
}

/** The create/edit dialog of a resource (see the file's comment). */
export default function ResourceFormModal<D extends ResourceDef>(props: ResourceFormModalProps<D>) {
  const { resource: def, row, trigger, open, onOpenChange, onDone, fields: overrides = {}, initialValues, columns = 1 } = props;
  const api = props.api ?? resourceApi(def);
  const intl = useIntl();
  const text = resourceText(intl, def);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  /** The version a save is based on (a stale one is replaced when the user chooses). */
  const baseVersion = useRef<number | undefined>();
  const [stale, setStale] = useState<Record<string, unknown> | undefined>();
  const rowData = row as (Record<string, unknown> & { id: string; version?: number }) | undefined;
  const over = overrides as Record<string, FieldOverride<ResourceRecord<D>> | undefined>;
  const shown = formFields(def).filter((k) => !over[k]?.hidden);

  const save = async (values: Record<string, unknown>): Promise<boolean> => {
    setStale(undefined);
    try {
      const body = formBody(def, values, rowData ? 'update' : 'create', shown);
      const version = def.versioned ? (baseVersion.current ?? rowData?.version) : undefined;
      const saved = rowData ? await api.update(rowData.id, body as never, version) : await api.create(body as never);
      const name = rowTitle(def, saved as Record<string, unknown>);
      void message.success(text.msg(rowData ? 'saved' : 'created', { name }));
      void queryClient.invalidateQueries({ queryKey: api.keys.all });
      onDone?.(saved);
      return true;
    } catch (e) {
      showFieldErrors(form, e);
      if (e instanceof ApiError && e.errorCode === 'STALE_VERSION') setStale((e.conflict?.current as Record<string, unknown> | undefined) ?? {});
      else void message.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  const item = (k: string) => {
    const f = def.fields[k];
    const o = over[k] ?? {};
    const label = o.label ?? text.label(k);
    const ctx: FieldContext<ResourceRecord<D>> = { field: k, row, form, text, label: String(label) };
    if (o.render) return o.render(ctx);
    const rules = [...fieldRules(f, text), ...(o.rules ?? [])];
    const help = o.help ?? text.help(k);
    const placeholder = text.placeholder(k);
    if (o.input) {
      return (
        <Form.Item name={k} label={label} rules={rules} extra={help}>
          {o.input(ctx)}
        </Form.Item>
      );
    }
    switch (f.kind) {
      case 'reference': {
        const known = (f.readAs && rowData ? (rowData[readKeyOf(k, f)] as ReferencedRow[] | null) : null) ?? [];
        return (
          <Form.Item name={k} label={label} rules={rules} extra={help}>
            <ReferenceSelect to={f.to} many={f.many} known={known} maxCount={f.max} placeholder={placeholder} {...o.fieldProps} />
          </Form.Item>
        );
      }
      case 'tags':
        return (
          <Form.Item name={k} label={label} rules={rules} extra={help}>
            <Select mode="tags" maxCount={f.max} placeholder={placeholder} open={false} suffixIcon={null} {...o.fieldProps} />
          </Form.Item>
        );
      case 'json':
        return <ProFormTextArea name={k} label={label} rules={rules} extra={help} fieldProps={{ rows: 4, ...o.fieldProps }} />;
      case 'list': {
        const subs = Object.entries(f.of);
        const creator = Object.fromEntries(subs.map(([s, sf]) => [s, 'default' in sf ? sf.default : TEXT_KINDS.includes(sf.kind) ? '' : undefined]));
        return (
          <ProFormList
            name={k}
            label={label}
            tooltip={help}
            max={f.max}
            creatorButtonProps={{ creatorButtonText: text.first([`resources.${def.name}.fields.${k}.add`, 'resource.list.add'], { label: String(label) }) }}
            creatorRecord={creator}
            copyIconProps={false}
            deleteIconProps={{ tooltipText: text.t('resource.list.remove') }}
          >
            <ProFormGroup size={8}>
              {subs.map(([s, sf]) => (
                <React.Fragment key={s}>
                  {scalarInput(sf, s, text.subLabel(k, s), fieldRules(sf, text), {
                    placeholder: text.subLabel(k, s),
                    valueLabel: (v) => text.valueLabel(k, v),
                    inList: true,
                    fieldProps: { style: { width: sf.kind === 'email' ? 200 : 150 } },
                  })}
                </React.Fragment>
              ))}
            </ProFormGroup>
          </ProFormList>
        );
      }
      default:
        return scalarInput(f, k, label, rules, { help, placeholder, fieldProps: o.fieldProps, valueLabel: (v) => text.valueLabel(k, v) });
    }
  };

  const spanOf = (k: string) => over[k]?.colSpan ?? (columns === 2 && SHORT.includes(def.fields[k].kind) ? 12 : 24);

  return (
    <ModalForm<Record<string, unknown>>
      name={props.name ?? `${def.singular}Form`}
      title={text.msg(rowData ? 'edit' : 'create')}
      form={form}
      width={props.width ?? (columns === 2 ? 760 : 520)}
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      omitNil={false}
      modalProps={{ destroyOnClose: true, afterClose: () => ((baseVersion.current = undefined), setStale(undefined)) }}
      initialValues={initialFormValues(def, rowData, initialValues)}
      onFinish={save}
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="resource-stale"
          message={text.t('resource.stale.title')}
          description={
            <Space direction="vertical">
              {text.t('resource.stale.desc')}
              <Space>
                <Button size="small" onClick={() => ((baseVersion.current = stale.version as number), form.setFieldsValue(initialFormValues(def, stale) as never), setStale(undefined))}>
                  {text.t('resource.stale.load')}
                </Button>
                <Button size="small" danger onClick={() => ((baseVersion.current = stale.version as number), form.submit())}>
                  {text.t('resource.stale.overwrite')}
                </Button>
              </Space>
            </Space>
          }
        />
      )}
      <Row gutter={16}>
        {shown.map((k) => (
          <Col key={k} span={spanOf(k)}>
            {item(k)}
          </Col>
        ))}
      </Row>
    </ModalForm>
  );
}
