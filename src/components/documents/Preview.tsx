/**
 * A document version's preview in the browser, without a download (docs/documents-web.md "Preview"):
 * PDF (pdfjs-dist, canvas), images (<img>), DOCX (docx-preview), XLSX (exceljs) and CSV (papaparse)
 * as tables, Markdown (marked + DOMPurify) and plain text. Every viewer is a dynamic import(), so
 * none of those libraries is in a first-load chunk (docs/performance.md). Files over
 * DOCUMENT_PREVIEW_TABLE_MAX_BYTES (20 MiB) of the table and text kinds, and other types, get
 * "no preview" with a download button.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Modal, Spin } from 'antd';
import React, { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { DOCUMENT_PREVIEW_TABLE_MAX_BYTES } from '../../../contracts/documents.constants';
import { download } from '../../utils/download';
import { useT } from '../useT';
import { versionUrl } from './api';
import { previewKind } from './format';

const PdfViewer = lazy(() => import(/* webpackChunkName: "doc-preview-pdf" */ './viewers/PdfViewer'));
const DocxViewer = lazy(() => import(/* webpackChunkName: "doc-preview-docx" */ './viewers/DocxViewer'));
const XlsxViewer = lazy(() => import(/* webpackChunkName: "heavy-xlsx" */ './viewers/XlsxViewer'));
const CsvViewer = lazy(() => import(/* webpackChunkName: "doc-preview-csv" */ './viewers/CsvViewer'));
const MarkdownViewer = lazy(() => import(/* webpackChunkName: "doc-preview-md" */ './viewers/MarkdownViewer'));

/** The version to preview. */
export interface PreviewTarget {
  documentId: string;
  version: number;
  name: string;
  fileName: string;
  mimeType: string;
  /** Bytes. */
  size: number;
}

/** The preview of `target` (fetches its bytes once; the viewers draw them). */
export function Preview({ target }: { target: PreviewTarget }) {
  const t = useT();
  const kind = previewKind(target.mimeType, target.fileName);
  const url = versionUrl(target.documentId, target.version);
  const binary = kind === 'pdf' || kind === 'docx' || kind === 'xlsx';
  const textual = kind === 'csv' || kind === 'markdown' || kind === 'text';
  const tooLarge = kind !== 'pdf' && kind !== 'image' && target.size > DOCUMENT_PREVIEW_TABLE_MAX_BYTES;
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const onError = useCallback((e?: unknown) => setFailed(e instanceof Error ? e.message : e ? String(e) : ''), []);

  useEffect(() => {
    setBytes(null);
    setText(null);
    setFailed(null);
    if ((!binary && !textual) || tooLarge) return undefined;
    const abort = new AbortController();
    fetch(url, { credentials: 'same-origin', signal: abort.signal })
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return binary ? r.arrayBuffer().then(setBytes) : r.text().then(setText);
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) onError(e);
        return e;
      });
    return () => abort.abort();
  }, [url, binary, textual, tooLarge, onError]);

  const noPreview = (reason: string) => (
    <Empty data-testid="preview-none" description={reason}>
      <Button icon={<DownloadOutlined />} onClick={() => download(versionUrl(target.documentId, target.version, true))}>
        {t('documents.download')}
      </Button>
    </Empty>
  );
  if (kind === 'none') return noPreview(t('documents.preview.unsupported'));
  if (tooLarge) return noPreview(t('documents.preview.tooLarge'));
  if (failed !== null)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="preview-failed"
        message={t('documents.preview.failed')}
        description={failed || undefined}
        action={
          <Button onClick={() => download(versionUrl(target.documentId, target.version, true))}>{t('documents.download')}</Button>
        }
      />
    );
  if (kind === 'image')
    return (
      <img
        data-testid="preview-image"
        src={url}
        alt={target.name}
        style={{ maxWidth: '100%', maxHeight: '70vh' }}
        onError={() => onError()}
      />
    );
  if ((binary && !bytes) || (textual && text === null)) return <Spin data-testid="preview-loading" />;
  return (
    <Suspense fallback={<Spin />}>
      {kind === 'pdf' && <PdfViewer data={bytes!} onError={onError} />}
      {kind === 'docx' && <DocxViewer data={bytes!} onError={onError} />}
      {kind === 'xlsx' && <XlsxViewer data={bytes!} onError={onError} />}
      {kind === 'csv' && <CsvViewer text={text!} />}
      {kind === 'markdown' && <MarkdownViewer text={text!} />}
      {kind === 'text' && (
        <pre data-testid="preview-text" style={{ whiteSpace: 'pre-wrap', maxHeight: '70vh', overflow: 'auto' }}>
          {text}
        </pre>
      )}
    </Suspense>
  );
}

/** A modal with the preview of `target` (null = closed) and a download button. */
export function PreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={!!target}
      onCancel={onClose}
      width={960}
      destroyOnClose
      title={target ? t('documents.preview.title', { name: target.name, version: target.version }) : ''}
      footer={
        target && (
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(versionUrl(target.documentId, target.version, true))}
            data-testid="preview-download"
          >
            {t('documents.download')}
          </Button>
        )
      }
    >
      <div data-testid="preview-modal">{target && <Preview target={target} />}</div>
    </Modal>
  );
}
