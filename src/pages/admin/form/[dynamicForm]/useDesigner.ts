/**
 * The designer's state (/admin/form/:dynamicForm): the form and its subject loaded, the layout
 * being edited (unsaved until "Save"), the selected field, and the edits (layout.ts). Save sends
 * the layout (PATCH /forms/:id); "set as default" sends `isDefault: true`. A 400's details
 * (`layout.sections.0.fields.1.key`…) are kept for the page to show.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import isEqual from 'lodash/isEqual';
import { useEffect, useMemo, useState } from 'react';
import type { DynamicForm, FormField, FormLayout } from '../../../../../contracts';
import { getForm, updateForm } from '../../../../services/forms';
import { getSubject } from '../../../../services/subjects';
import { isWritable } from '../../../../components/fields';
import * as ops from './layout';
import { keys } from '../../../../services/query-keys';

export function useDesigner(id: string) {
  const queryClient = useQueryClient();
  const formQuery = useQuery({ queryKey: keys('forms').detail(id), queryFn: ({ signal }) => getForm(id, signal), retry: false });
  const saved = formQuery.data;
  const subjectQuery = useQuery({
    queryKey: keys('subjects').detail(saved?.application, saved?.subjectKey),
    queryFn: ({ signal }) => getSubject(saved!.application, saved!.subjectKey, signal),
    enabled: !!saved,
  });
  const [layout, setLayout] = useState<FormLayout | null>(null);
  const [selected, setSelected] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (saved && layout === null) setLayout(saved.layout);
  }, [saved, layout]);

  const fields = subjectQuery.data?.fields ?? [];
  const byKey = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);
  const current = layout ?? saved?.layout ?? { sections: [] };
  const placed = ops.placedKeys(current);
  const palette = fields.filter((f) => isWritable(f) && !placed.has(f.key));
  const dirty = !!saved && layout !== null && !isEqual(layout, saved.layout);

  const edit = (next: FormLayout) => setLayout(next);
  const afterSave = (form: DynamicForm) => {
    queryClient.setQueryData(keys('forms').detail(id), form);
    setLayout(form.layout);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: keys('forms').all, exact: false, refetchType: 'none' });
    // the workspace's record forms read the subject's default form (FormLayoutItems useDefaultForm)
    void queryClient.invalidateQueries({ queryKey: keys('forms').action('default', form.application, form.subjectKey) });
  };

  /** PATCH the layout (and `isDefault` when given). @returns the saved form, or null after a refusal (kept in `error`). */
  const save = async (extra: { isDefault?: boolean } = {}): Promise<DynamicForm | null> => {
    setSaving(true);
    try {
      const form = await updateForm(id, { layout: current, ...extra });
      afterSave(form);
      return form;
    } catch (e) {
      setError(e);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return {
    formQuery,
    subjectQuery,
    saved,
    fields,
    byKey,
    layout: current,
    palette,
    dirty,
    saving,
    error,
    save,
    selected,
    select: setSelected,
    add: (key: string) => {
      edit(ops.moveField(current, key, current.sections.length - 1));
      setSelected(key);
    },
    drop: (key: string, section: number, index?: number) => {
      edit(ops.moveField(current, key, section, index));
      setSelected(key);
    },
    step: (key: string, delta: -1 | 1) => edit(ops.stepField(current, key, delta)),
    remove: (key: string) => {
      edit(ops.removeField(current, key));
      if (selected === key) setSelected(undefined);
    },
    updateSelected: (patch: Partial<FormField>) => selected && edit(ops.updateField(current, selected, patch)),
    addSection: (title: string) => edit(ops.addSection(current, title)),
    removeSection: (index: number) => edit(ops.removeSection(current, index)),
    updateSection: (index: number, patch: { title?: string; description?: string }) => edit(ops.updateSection(current, index, patch)),
  };
}
