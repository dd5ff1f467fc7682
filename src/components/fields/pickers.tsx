/**
 * The remote pickers of field inputs: a user (administrators search every user; members pick
 * among the application's members), a related record (searching the target subject's records
 * with `q`, named by its display field) and attachments (antd Upload to the application's
 * attachments endpoint; the value is the uploaded files' ids). Each is a controlled form field.
 */
import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { Button, message, Select, Spin, Upload } from 'antd';
import type { UploadFile } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { getLocale, useIntl, useModel } from 'umi';
import type { Attachment, Ok } from '../../../contracts';
import { CSRF_HEADER } from '../../../contracts/constants';
import { getApplication } from '../../services/applications';
import { attachmentUploadUrl, attachmentUrl, listRecords } from '../../services/records';
import { listAppSubjectOptions } from '../../services/subjects';
import { listUsers } from '../../services/users';
import { useFieldContext } from './FieldContext';
import { keys } from '../../services/query-keys';

interface Option {
  value: string;
  label: string;
}

interface SearchSelectProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
  style?: React.CSSProperties;
}

/**
 * A Select over options fetched per typed text (debounced 250 ms); names of chosen ids come from
 * the options seen so far, then from the FieldContext's `labels`.
 */
function SearchSelect({
  queryKey,
  fetch,
  enabled = true,
  value,
  onChange,
  multiple,
  disabled,
  placeholder,
  id,
  style,
  ...rest
}: SearchSelectProps & { queryKey: readonly unknown[]; fetch: (q: string) => Promise<Option[]>; enabled?: boolean }) {
  const { labels } = useFieldContext();
  const [search, setSearch] = useState('');
  const q = useDebounce(search.trim(), { wait: 250 });
  const seen = useRef(new Map<string, string>());
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, q],
    queryFn: () => fetch(q),
    enabled,
    placeholderData: keepPreviousData,
  });
  for (const o of data ?? []) seen.current.set(o.value, o.label);
  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = useMemo(() => {
    const list = [...(data ?? [])];
    for (const v of chosen)
      if (!list.some((o) => o.value === v)) list.push({ value: v, label: seen.current.get(v) ?? labels[v] ?? v });
    return list;
  }, [data, chosen.join('\u0000'), labels]);
  return (
    <Select<string | string[]>
      id={id}
      data-testid={rest['data-testid']}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      value={multiple ? chosen : (chosen[0] ?? undefined)}
      onChange={(v) => onChange?.(v === undefined ? (multiple ? [] : null) : v)}
      onSearch={setSearch}
      searchValue={search}
      disabled={disabled}
      placeholder={placeholder}
      notFoundContent={isFetching ? <Spin size="small" /> : undefined}
      options={options}
      style={style ?? { width: '100%' }}
    />
  );
}

/** Picks a user: administrators search all live users; members choose among the application's members. */
export function UserPicker(props: SearchSelectProps) {
  const intl = useIntl();
  const { app } = useFieldContext();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  const members = useQuery({ queryKey: keys('applications').detail(app), queryFn: () => getApplication(app), enabled: !isAdmin && !!app });
  return (
    <SearchSelect
      {...props}
      placeholder={props.placeholder ?? intl.formatMessage({ id: 'records.pick.user' })}
      queryKey={keys('users').options({ app, isAdmin, members: members.dataUpdatedAt })}
      enabled={isAdmin || members.isSuccess}
      fetch={async (q) => {
        if (isAdmin)
          return (await listUsers({ q: q || undefined, pageSize: 20 })).data.map((u) => ({
            value: u.id,
            label: `${u.name} <${u.email}>`,
          }));
        const needle = q.toLowerCase();
        return (members.data?.members ?? [])
          .filter((m) => !needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle))
          .slice(0, 50)
          .map((m) => ({ value: m.userId, label: `${m.name} <${m.email}>` }));
      }}
    />
  );
}

/** The subjects of the FieldContext's application (cached), to find a relation's target by id. */
export function useAppSubjects(app: string) {
  return useQuery({ queryKey: keys('subjects').options({ app }), queryFn: () => listAppSubjectOptions(app), enabled: !!app, staleTime: 60_000 });
}

/** Picks one related record (or several when `multiple`), searching the target subject's records with `q`. */
export function RecordPicker({ targetSubjectId, ...props }: SearchSelectProps & { targetSubjectId?: string }) {
  const intl = useIntl();
  const { app } = useFieldContext();
  const subjects = useAppSubjects(app);
  const target = subjects.data?.find((s) => s.id === targetSubjectId);
  return (
    <SearchSelect
      {...props}
      placeholder={props.placeholder ?? intl.formatMessage({ id: 'records.pick.record' }, { subject: target?.name ?? '' })}
      queryKey={keys('records').options({ app, subject: target?.key })}
      enabled={!!target}
      fetch={async (q) => {
        if (!target) return [];
        const page = await listRecords(app, target.key, { q: q || undefined, pageSize: 20 });
        return page.data.map((r) => {
          const shown = target.displayField ? r.values[target.displayField] : null;
          return { value: r.id, label: shown === null || shown === undefined || shown === '' ? r.id : String(shown) };
        });
      }}
    />
  );
}

interface AttachmentUploadProps {
  value?: string[] | null;
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
  /** The record the files belong to (omit for a new record). */
  recordId?: string;
  /** Called with each uploaded file (e.g. to refresh a list). */
  onUploaded?: (file: Attachment) => void;
  /** Only one file (the value holds at most one id). */
  single?: boolean;
  id?: string;
  'data-testid'?: string;
}

/**
 * Uploads files to POST /api/v1/applications/:app/attachments (multipart `file`, `subjectKey`,
 * `recordId`) and holds their ids; files larger than the site's upload limit are refused here.
 */
export function AttachmentUpload({
  value,
  onChange,
  disabled,
  recordId,
  onUploaded,
  single,
  id,
  ...rest
}: AttachmentUploadProps) {
  const intl = useIntl();
  const { app, subjectKey, files } = useFieldContext();
  const { initialState } = useModel('@@initialState');
  const maxMb = initialState?.site?.uploadMaxMb ?? 50;
  const ids = value ?? [];
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const known = useRef(new Map<string, string>());
  const fileList: UploadFile[] = [
    ...ids.map((fid): UploadFile => ({
      uid: fid,
      name: known.current.get(fid) ?? files[fid]?.fileName ?? fid,
      status: 'done',
      url: attachmentUrl(fid),
    })),
    ...uploading,
  ];
  return (
    <Upload
      id={id}
      data-testid={rest['data-testid']}
      action={attachmentUploadUrl(app)}
      name="file"
      data={{ subjectKey: subjectKey ?? '', ...(recordId ? { recordId } : {}) }}
      headers={{ [CSRF_HEADER]: '1', 'Accept-Language': String(getLocale()) }}
      withCredentials
      disabled={disabled}
      multiple={!single}
      fileList={fileList}
      beforeUpload={(file) => {
        if (file.size > maxMb * 1024 * 1024) {
          message.error(intl.formatMessage({ id: 'records.upload.tooLarge' }, { name: file.name, mb: maxMb }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file }) => {
        if (file.status === 'uploading') {
          setUploading((list) => [...list.filter((f) => f.uid !== file.uid), file]);
          return;
        }
        setUploading((list) => list.filter((f) => f.uid !== file.uid));
        if (file.status === 'done') {
          const res = file.response as Ok<Attachment> | undefined;
          if (!res?.data?.id) return;
          known.current.set(res.data.id, res.data.fileName);
          onUploaded?.(res.data);
          onChange?.(single ? [res.data.id] : [...ids, res.data.id]);
        } else if (file.status === 'error') {
          const body = file.response as { errorMessage?: string } | undefined;
          message.error(body?.errorMessage ?? intl.formatMessage({ id: 'records.upload.failed' }, { name: file.name }));
        }
      }}
      onRemove={(file) => {
        if (ids.includes(file.uid)) onChange?.(ids.filter((x) => x !== file.uid));
        return true;
      }}
    >
      {!disabled && <Button icon={<UploadOutlined />}>{intl.formatMessage({ id: 'records.upload.button' })}</Button>}
    </Upload>
  );
}
