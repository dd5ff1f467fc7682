/**
 * The notice body editor: @tiptap/react + @tiptap/starter-kit with an antd toolbar —
 * bold, italic, strike, headings 2/3, bulleted and numbered lists, link (http, https, mailto),
 * block quote, inline code. A controlled form field (`value`/`onChange`, HTML). It is heavy
 * (ProseMirror), so pages load it with React.lazy (LazyRichTextEditor.tsx) and it never enters
 * other chunks. The server sanitises whatever it produces (notices.sanitize.ts).
 */
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Space, Tooltip } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'umi';
import { cspNonce } from '../../../../csp';
import './RichTextEditor.less';

/** Link targets the editor accepts (the server's allow-list too). */
const LINK_PATTERN = /^(https?:\/\/|mailto:)/i;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area. */
  ariaLabel?: string;
}

function LinkButton({ editor }: { editor: Editor }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (LINK_PATTERN.test(url)) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    else return;
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <Space.Compact style={{ width: 320 }}>
          <Input
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
            status={href.trim() && !LINK_PATTERN.test(href.trim()) ? 'error' : undefined}
            placeholder={intl.formatMessage({ id: 'notices.editor.linkPrompt' })}
            aria-label={intl.formatMessage({ id: 'notices.editor.linkPrompt' })}
          />
          <Button type="primary" onClick={apply}>
            {intl.formatMessage({ id: 'notices.editor.apply' })}
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={intl.formatMessage({ id: 'notices.editor.link' })}>
        <Button size="small" type={editor.isActive('link') ? 'primary' : 'text'} icon={<LinkOutlined />} aria-label={intl.formatMessage({ id: 'notices.editor.link' })} />
      </Tooltip>
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const intl = useIntl();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      code: e.isActive('code'),
      link: e.isActive('link'),
    }),
  });
  const tool = (key: keyof typeof active, icon: React.ReactNode, run: () => void) => {
    const label = intl.formatMessage({ id: `notices.editor.${key}` });
    return (
      <Tooltip title={label} key={key}>
        <Button size="small" type={active[key] ? 'primary' : 'text'} icon={icon} aria-label={label} aria-pressed={active[key]} onClick={run} />
      </Tooltip>
    );
  };
  const chain = () => editor.chain().focus();
  return (
    <div className="assay-rte-toolbar" role="toolbar">
      {tool('bold', <BoldOutlined />, () => chain().toggleBold().run())}
      {tool('italic', <ItalicOutlined />, () => chain().toggleItalic().run())}
      {tool('strike', <StrikethroughOutlined />, () => chain().toggleStrike().run())}
      <Divider type="vertical" />
      {tool('h2', <span className="assay-rte-glyph">H2</span>, () => chain().toggleHeading({ level: 2 }).run())}
      {tool('h3', <span className="assay-rte-glyph">H3</span>, () => chain().toggleHeading({ level: 3 }).run())}
      {tool('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
      {tool('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      <Divider type="vertical" />
      <LinkButton editor={editor} />
      {active.link &&
        tool('link', <DisconnectOutlined />, () => chain().extendMarkRange('link').unsetLink().run())}
      {tool('blockquote', <span className="assay-rte-glyph">❝</span>, () => chain().toggleBlockquote().run())}
      {tool('code', <CodeOutlined />, () => chain().toggleCode().run())}
    </div>
  );
}

/**
 * The editor's extensions, made once: @tiptap/react compares options by reference on every render
 * and would otherwise re-apply them each time.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, protocols: ['mailto'], isAllowedUri: (url) => LINK_PATTERN.test(url) },
  }),
];

export default function RichTextEditor({ value, onChange, ariaLabel }: RichTextEditorProps) {
  const editorProps = useMemo(
    () => ({ attributes: { 'aria-label': ariaLabel ?? '', 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'notice-editor' } }),
    [ariaLabel],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    injectNonce: cspNonce,
    editorProps,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (the form reset, the notice saved) replaces the content. The instance
  // may already be destroyed here (@tiptap/react replaces an editor that was not mounted in time).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === undefined) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor || editor.isDestroyed) return null;
  return (
    <div className="assay-rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="assay-rte-content" />
    </div>
  );
}
