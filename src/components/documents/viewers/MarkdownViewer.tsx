/** Markdown preview: marked to HTML, then DOMPurify removes scripts, handlers and the like. Loaded on demand. */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import React, { useMemo } from 'react';

/** Renders `text` (Markdown) as sanitised HTML. */
export default function MarkdownViewer({ text }: { text: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(text, { async: false }) as string), [text]);
  return (
    <div
      data-testid="preview-markdown"
      className="markdown-preview"
      style={{ overflow: 'auto', maxHeight: '70vh' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
