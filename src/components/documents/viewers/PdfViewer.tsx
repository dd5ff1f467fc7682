/**
 * PDF preview: pdfjs-dist renders one page at a time to a canvas (with page navigation). Loaded
 * only through Preview.tsx's dynamic import, so pdfjs is never in a first-load chunk. The worker is
 * emitted by webpack from `new URL(…, import.meta.url)` (docs/documents-web.md "Preview").
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Typography } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import React, { useEffect, useRef, useState } from 'react';
import { useT } from '../../useT';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Renders `data` (the PDF's bytes) page by page; `onError` on a file pdfjs cannot read. */
export default function PdfViewer({ data, onError }: { data: ArrayBuffer; onError: (e: unknown) => void }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');

  useEffect(() => {
    let done = false;
    const task = getDocument({ data: new Uint8Array(data.slice(0)) });
    task.promise.then((d) => !done && setPdf(d), onError);
    return () => {
      done = true;
      void task.destroy();
    };
  }, [data, onError]);

  useEffect(() => {
    if (!pdf || !canvas.current) return undefined;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    pdf.getPage(page).then(async (p) => {
      if (cancelled || !canvas.current) return;
      const viewport = p.getViewport({ scale: 1.4 });
      const c = canvas.current;
      c.width = viewport.width;
      c.height = viewport.height;
      const task = p.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport });
      render = task;
      await task.promise.catch(() => undefined);
      const content = await p.getTextContent();
      if (!cancelled) setText(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    }, onError);
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page, onError]);

  if (!pdf) return <Spin />;
  return (
    <div data-testid="preview-pdf">
      <Space style={{ marginBottom: 8 }}>
        <Button
          icon={<LeftOutlined />}
          disabled={page <= 1}
          onClick={() => setPage((n) => n - 1)}
          aria-label={t('documents.preview.prevPage')}
        />
        <Typography.Text data-testid="preview-pdf-page">
          {t('documents.preview.page', { page, pages: pdf.numPages })}
        </Typography.Text>
        <Button
          icon={<RightOutlined />}
          disabled={page >= pdf.numPages}
          onClick={() => setPage((n) => n + 1)}
          aria-label={t('documents.preview.nextPage')}
        />
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '70vh', border: '1px solid #f0f0f0' }}>
        <canvas ref={canvas} aria-label={text.slice(0, 500)} role="img" />
      </div>
      {/* the page's text for screen readers and search in the page */}
      <div
        className="sr-only"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        data-testid="preview-pdf-text"
      >
        {text}
      </div>
    </div>
  );
}
