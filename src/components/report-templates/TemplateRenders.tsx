/**
 * A template's renders. Rendering (the render task and the stored documents) is not on this
 * server yet: this says so plainly rather than show an empty list that could never fill.
 */
import { Alert } from 'antd';
import React from 'react';
import { useT } from '../useT';

/** The renders of template `id` (not available yet: a notice). */
export default function TemplateRenders(_: { id: string }) {
  const t = useT();
  return <Alert type="info" showIcon message={t('reportTemplates.renders.pending')} data-testid="template-renders-pending" />;
}
