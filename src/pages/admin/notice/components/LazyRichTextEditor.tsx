/**
 * The rich text editor behind React.lazy (tiptap never enters other pages' chunks), with
 * a skeleton while its chunk loads. Same props as RichTextEditor (a controlled form field).
 */
import { Skeleton } from 'antd';
import React from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

// named for the single-chunk budget's list of heavy editors (bench/first-load-lib.mjs HEAVY_CHUNKS)
const RichTextEditor = React.lazy(() => import(/* webpackChunkName: "heavy-richtext" */ './RichTextEditor'));

export default function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <React.Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <RichTextEditor {...props} />
    </React.Suspense>
  );
}
