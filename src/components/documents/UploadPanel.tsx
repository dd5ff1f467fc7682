/**
 * Drag-and-drop upload of many files at once (antd Upload.Dragger): one request per file to the
 * scope's upload (docs/documents.md), so each file has its own progress bar and error. A file over
 * the site's `uploadMaxMb` (public settings) is refused here with its name before anything is sent;
 * the server checks the same (413). Into the selected folder; a file named like a live document of
 * that folder becomes its next version (said in the list), `documentId` uploads a version of one.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import React, { useState } from 'react';
import { getLocale, useModel } from 'umi';
import { CSRF_HEADER } from '../../../contracts/constants';
import type { Ok } from '../../../contracts/envelope';
import { useT } from '../useT';
import { uploadUrl } from './api';
import type { DocumentScope } from './scope';
import type { DocumentUploadItem } from './types';

/** The upload's answer, bare or in the envelope. */
type UploadBody = Ok<{ items: DocumentUploadItem[] }> | { items: DocumentUploadItem[] };
const itemsOf = (body: UploadBody | undefined): DocumentUploadItem[] =>
  !body ? [] : 'items' in body ? body.items : (body.data?.items ?? []);

/**
 * The drop zone. `folderId` the target folder (undefined = no folder), `documentId` to upload the
 * next version of that document (then one file only), `onUploaded` after each stored file.
 */
export default function UploadPanel({
  scope,
  folderId,
  documentId,
  onUploaded,
  compact,
}: {
  scope: DocumentScope;
  folderId?: string;
  documentId?: string;
  onUploaded: (items: DocumentUploadItem[]) => void;
  compact?: boolean;
}) {
  const t = useT();
  const { initialState } = useModel('@@initialState');
  const maxMb = initialState?.site?.uploadMaxMb ?? 50;
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <div data-testid={documentId ? 'version-upload' : 'documents-upload'}>
      <Upload.Dragger
        action={uploadUrl(scope)}
        name="file"
        multiple={!documentId}
        maxCount={documentId ? 1 : undefined}
        data={{ ...(folderId ? { folderId } : {}), ...(documentId ? { documentId } : {}) }}
        headers={{ [CSRF_HEADER]: '1', 'Accept-Language': String(getLocale()) }}
        withCredentials
        fileList={files}
        beforeUpload={(file) => {
          if (file.size > maxMb * 1024 * 1024) {
            message.error(t('documents.upload.tooLarge', { name: file.name, mb: maxMb }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onChange={({ file, fileList }) => {
          const next = fileList.map((f) => {
            if (f.uid !== file.uid) return f;
            if (file.status === 'done') {
              const item = itemsOf(file.response as UploadBody)[0];
              return {
                ...f,
                name: item
                  ? t(item.created ? 'documents.upload.created' : 'documents.upload.versioned', {
                      name: f.name,
                      version: item.version,
                    })
                  : f.name,
              };
            }
            if (file.status === 'error') {
              const body = file.response as { errorMessage?: string } | undefined;
              return { ...f, response: body?.errorMessage ?? t('documents.upload.failed', { name: f.name }) };
            }
            return f;
          });
          // finished files leave the list after a while; failures stay until removed
          setFiles(next);
          if (file.status === 'done') {
            onUploaded(itemsOf(file.response as UploadBody));
            setTimeout(() => setFiles((list) => list.filter((f) => f.uid !== file.uid)), 4000);
          }
        }}
        style={compact ? { padding: 0 } : undefined}
      >
        <p className="ant-upload-drag-icon" style={compact ? { marginBottom: 4 } : undefined}>
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(documentId ? 'documents.upload.version' : 'documents.upload.drop')}</p>
        <Typography.Text type="secondary" className="ant-upload-hint">
          {t('documents.upload.hint', { mb: maxMb })}
        </Typography.Text>
      </Upload.Dragger>
    </div>
  );
}
