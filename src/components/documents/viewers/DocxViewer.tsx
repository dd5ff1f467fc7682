/** DOCX preview with docx-preview (renders the document's HTML into a div); loaded on demand by Preview.tsx. */
import { renderAsync } from 'docx-preview';
import React, { useEffect, useRef } from 'react';

/** Renders `data` (the DOCX's bytes); `onError` when docx-preview cannot read it. */
export default function DocxViewer({ data, onError }: { data: ArrayBuffer; onError: (e: unknown) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    box.current.innerHTML = '';
    renderAsync(data, box.current, undefined, { inWrapper: true, ignoreLastRenderedPageBreak: true }).catch(onError);
  }, [data, onError]);
  return <div ref={box} data-testid="preview-docx" style={{ overflow: 'auto', maxHeight: '70vh' }} />;
}
