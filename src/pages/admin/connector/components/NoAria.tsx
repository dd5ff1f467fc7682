/**
 * Between a Form.Item and a select: hands the select the control's props (value, onChange, id)
 * without the aria-* ones (aria-required, aria-invalid, aria-describedby). antd's Select puts those
 * on its wrapper div, which has no role that allows them (axe `aria-allowed-attr`, serious); the
 * field stays named by its label (the `id`), its required mark and its error text stay visible.
 */
import React from 'react';

export default function NoAria({ children, ...control }: { children: React.ReactElement } & Record<string, unknown>) {
  const props = Object.fromEntries(Object.entries(control).filter(([k]) => !k.startsWith('aria-')));
  return React.cloneElement(children, props);
}
