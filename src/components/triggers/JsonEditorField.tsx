/**
 * A configuration as JSON text (ActionConfigForm's JSON mode, and the editor of types without a
 * form): the text is kept while typed; each edit that parses is handed on (`onChange(value,
 * true)`), one that does not says so (`onChange(last good value, false)`) and shows "not valid
 * JSON". The server's errors (`field: message`) are listed under it. A value changed from outside
 * replaces the text.
 */
import { Input, Typography } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { useT } from './ConfigPickers';

const text = (v: unknown) => JSON.stringify(v ?? {}, null, 2);

/** Parses `s` as JSON; undefined when it does not parse (an empty text is `{}`). */
export function parseJson(s: string): unknown {
  if (!s.trim()) return {};
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

export function JsonEditorField({
  value,
  onChange,
  errors = [],
  rows = 10,
  testId,
}: {
  value: unknown;
  onChange: (value: unknown, valid: boolean) => void;
  errors?: { field: string; message: string }[];
  rows?: number;
  testId?: string;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => text(value));
  const last = useRef(JSON.stringify(value ?? {}));
  useEffect(() => {
    const s = JSON.stringify(value ?? {});
    if (s === last.current) return;
    last.current = s;
    setDraft(text(value));
  }, [value]);
  const parsed = parseJson(draft);
  const invalid = parsed === undefined;
  return (
    <div>
      <Input.TextArea
        value={draft}
        rows={rows}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        status={invalid || errors.length ? 'error' : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          const v = parseJson(e.target.value);
          if (v === undefined) onChange(value, false);
          else {
            last.current = JSON.stringify(v);
            onChange(v, true);
          }
        }}
        data-testid={testId}
      />
      {invalid ? <Typography.Text type="danger">{t('triggers.json.invalid')}</Typography.Text> : null}
      {errors.map((e) => (
        <div key={`${e.field}:${e.message}`}>
          <Typography.Text type="danger">{e.field ? `${e.field}: ${e.message}` : e.message}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
