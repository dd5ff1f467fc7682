/**
 * Icons of subjects and field types. A subject's `icon` (contracts/subjects.ts, ≤ 60 characters)
 * holds one key of SUBJECT_ICONS; an unknown or empty key shows the table icon. The picker offers
 * the set with its names (`subject.icon.<key>`).
 */
import {
  AlertOutlined,
  AlignLeftOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ContainerOutlined,
  DatabaseOutlined,
  DownCircleOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  FunctionOutlined,
  FundOutlined,
  HistoryOutlined,
  LinkOutlined,
  MailOutlined,
  MoneyCollectOutlined,
  NumberOutlined,
  OrderedListOutlined,
  PaperClipOutlined,
  PercentageOutlined,
  PhoneOutlined,
  ProjectOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ShopOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Select, Space } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { FieldType } from '../../../contracts/constants';

/** The subject icon set: key (stored) → icon component. */
export const SUBJECT_ICONS: Record<string, React.ComponentType> = {
  table: TableOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  safety: SafetyCertificateOutlined,
  alert: AlertOutlined,
  search: FileSearchOutlined,
  solution: SolutionOutlined,
  team: TeamOutlined,
  project: ProjectOutlined,
  container: ContainerOutlined,
  database: DatabaseOutlined,
  fund: FundOutlined,
  reconciliation: ReconciliationOutlined,
  document: FileTextOutlined,
  protect: FileProtectOutlined,
  task: CarryOutOutlined,
  shop: ShopOutlined,
  schedule: ScheduleOutlined,
};

/** A subject's icon by its stored key (the table icon for none or an unknown key). */
export function SubjectIcon({ icon }: { icon?: string | null }) {
  const Icon = (icon && SUBJECT_ICONS[icon]) || TableOutlined;
  return <Icon />;
}

/** A select of SUBJECT_ICONS (value = key), each with its name; for forms (value/onChange injected by Form.Item). */
export function SubjectIconSelect(props: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const intl = useIntl();
  return (
    <Select
      id={props.id}
      allowClear
      value={props.value ?? undefined}
      onChange={(v?: string) => props.onChange?.(v ?? null)}
      options={Object.keys(SUBJECT_ICONS).map((key) => ({
        value: key,
        label: (
          <Space>
            <SubjectIcon icon={key} />
            {intl.formatMessage({ id: `subject.icon.${key}` })}
          </Space>
        ),
      }))}
    />
  );
}

/** Each field type's icon (picker, tables). */
export const FIELD_TYPE_ICONS: Record<FieldType, React.ComponentType> = {
  text: FontSizeOutlined,
  longText: AlignLeftOutlined,
  richText: FileTextOutlined,
  number: NumberOutlined,
  money: MoneyCollectOutlined,
  percent: PercentageOutlined,
  date: CalendarOutlined,
  datetime: FieldTimeOutlined,
  boolean: CheckSquareOutlined,
  singleSelect: DownCircleOutlined,
  multiSelect: TagsOutlined,
  email: MailOutlined,
  url: LinkOutlined,
  phone: PhoneOutlined,
  user: UserOutlined,
  relation: ApartmentOutlined,
  attachment: PaperClipOutlined,
  formula: FunctionOutlined,
  autoNumber: OrderedListOutlined,
  createdAt: ClockCircleOutlined,
  createdBy: UserAddOutlined,
  updatedAt: HistoryOutlined,
  updatedBy: EditOutlined,
};

/** A field type with its icon and localized name (`fieldType.<type>`). */
export function FieldTypeLabel({ type }: { type: FieldType }) {
  const intl = useIntl();
  const Icon = FIELD_TYPE_ICONS[type];
  return (
    <Space size={6}>
      <Icon />
      {intl.formatMessage({ id: `fieldType.${type}` })}
    </Space>
  );
}
