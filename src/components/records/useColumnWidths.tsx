/**
 * Column resizing for the records grid without a library (react-resizable is not installed): a
 * header cell with a drag handle on its right edge (pointer events), widths kept per subject in
 * localStorage. The grid passes `onHeaderCell` → `{ width, onResize }` and `components.header.cell`.
 */
import React, { useCallback, useRef, useState } from 'react';

/** Narrowest and widest a column may be dragged to (px). */
const MIN_WIDTH = 60;
const MAX_WIDTH = 1200;

function readWidths(storageKey: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Widths by column key, persisted under `storageKey`; `setWidth` clamps and saves. */
export function useColumnWidths(storageKey: string) {
  const [widths, setWidths] = useState<Record<string, number>>(() => readWidths(storageKey));
  const setWidth = useCallback(
    (key: string, width: number) => {
      setWidths((prev) => {
        const next = { ...prev, [key]: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width))) };
        try {
          localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Storage full or blocked: the width still applies until the page reloads.
        }
        return next;
      });
    },
    [storageKey],
  );
  return { widths, setWidth };
}

type HeaderCellProps = React.ThHTMLAttributes<HTMLTableCellElement> & {
  width?: number;
  onResize?: (width: number) => void;
  resizeLabel?: string;
};

/** A table header cell with a drag handle on its right edge (only when given `onResize`). */
export function ResizableHeaderCell({ width, onResize, resizeLabel, children, style, ...rest }: HeaderCellProps) {
  const start = useRef<{ x: number; width: number } | null>(null);
  if (!onResize)
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );
  const onPointerDown = (e: React.PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const th = (e.currentTarget.parentElement as HTMLTableCellElement | null) ?? null;
    start.current = { x: e.clientX, width: width ?? th?.getBoundingClientRect().width ?? 150 };
    const move = (ev: PointerEvent) => {
      if (start.current) onResize(start.current.width + ev.clientX - start.current.x);
    };
    const up = () => {
      start.current = null;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <th {...rest} style={{ ...style, position: 'relative' }}>
      {children}
      <span
        aria-hidden
        title={resizeLabel}
        className="assay-col-resize"
        onPointerDown={onPointerDown}
        onClick={(e) => e.stopPropagation()}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          insetInlineEnd: -4,
          width: 8,
          cursor: 'col-resize',
          zIndex: 2,
          touchAction: 'none',
        }}
      />
    </th>
  );
}
