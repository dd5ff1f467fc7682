/**
 * The state of the analytics query builder for one application: its subjects (useCatalog), the
 * draft (model.ts BuilderDraft), what the pickers derive from it (field references, the possible
 * joins, the filter's fields), the definition it makes, and the saved query it was loaded from
 * (to tell Save from Save as, and "modified"). Changing the application empties it.
 */
import isEqual from 'lodash/isEqual';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnalyticsQueryDefinition, ModuleSavedQuery } from '../../../contracts';
import { cleanFilter, filterFieldsOf, type FilterField } from '../fields/filter';
import { useIntl } from 'umi';
import {
  emptyDraft,
  fromDefinition,
  describeJoin,
  possibleJoins,
  refOptions,
  removeJoin,
  renameAlias,
  toDefinition,
  uniqueAlias,
  type BuilderDraft,
  type BuilderSubject,
  type JoinChoice,
} from './model';
import { useCatalog } from './useCatalog';

export function useQueryBuilder(app: string | undefined) {
  const intl = useIntl();
  const t = useCallback((id: string) => intl.formatMessage({ id }), [intl]);
  const catalog = useCatalog(app);
  const [draft, setDraft] = useState<BuilderDraft>(emptyDraft());
  const [loaded, setLoaded] = useState<ModuleSavedQuery | null>(null);

  useEffect(() => {
    setDraft(emptyDraft());
    setLoaded(null);
  }, [app]);

  const subjects: BuilderSubject[] = catalog.details;
  const base = subjects.find((s) => s.id === draft.subjectId);
  const system = useMemo(() => ({ id: t('queries.system.id'), createdAt: t('queries.system.createdAt'), updatedAt: t('queries.system.updatedAt') }), [t]);
  const refs = useMemo(() => (base ? refOptions(base, draft.joins, subjects, draft.calculated, system) : []), [base, draft.joins, subjects, draft.calculated, system]);
  const joinChoices = useMemo(() => (base ? possibleJoins(base, draft.joins, subjects) : []), [base, draft.joins, subjects]);
  const joinTargets = useMemo(
    () => (base ? draft.joins.map((j, i) => describeJoin(j, base, draft.joins.slice(0, i), subjects)) : []),
    [base, draft.joins, subjects],
  );
  const filterFields: FilterField[] = useMemo(
    () =>
      base
        ? filterFieldsOf(base.fields, {
            createdAt: t('queries.system.createdAt'),
            updatedAt: t('queries.system.updatedAt'),
            createdBy: t('queries.system.createdBy'),
            updatedBy: t('queries.system.updatedBy'),
          })
        : [],
    [base, t],
  );
  const definition: AnalyticsQueryDefinition | null = useMemo(
    () => (base ? toDefinition(draft, (g) => cleanFilter(g, filterFields)) : null),
    [base, draft, filterFields],
  );
  const dirty = !!loaded && !isEqual(definition, toDefinition(fromDefinition(loaded.definition as AnalyticsQueryDefinition), (g) => cleanFilter(g, filterFields)));

  const change = useCallback((patch: Partial<BuilderDraft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const chooseSubject = useCallback((subjectId: string | undefined) => setDraft(emptyDraft(subjectId)), []);
  const addJoin = useCallback(
    (c: JoinChoice) =>
      setDraft((d) => ({ ...d, joins: [...d.joins, { ...c.join, as: uniqueAlias(c.target.key, d.joins.map((j) => j.as)) }] })),
    [],
  );
  const renameJoin = useCallback((index: number, alias: string) => setDraft((d) => renameAlias(d, d.joins[index].as, alias)), []);
  const dropJoin = useCallback((index: number) => setDraft((d) => removeJoin(d, index)), []);

  /** Puts a saved analytics query into the builder. */
  const load = useCallback((q: ModuleSavedQuery) => {
    setDraft(fromDefinition(q.definition as AnalyticsQueryDefinition));
    setLoaded(q);
  }, []);
  /** A definition (a restored version, say) into the builder, keeping the loaded query. */
  const loadDefinition = useCallback((def: AnalyticsQueryDefinition) => setDraft(fromDefinition(def)), []);
  const reset = useCallback(() => {
    setDraft(emptyDraft());
    setLoaded(null);
  }, []);

  return {
    catalog,
    subjects,
    base,
    draft,
    change,
    chooseSubject,
    refs,
    joinChoices,
    joinTargets,
    filterFields,
    addJoin,
    renameJoin,
    dropJoin,
    definition,
    loaded,
    setLoaded,
    dirty,
    load,
    loadDefinition,
    reset,
  };
}

export type QueryBuilderState = ReturnType<typeof useQueryBuilder>;
