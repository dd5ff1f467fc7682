/**
 * The state of the record query builder: application, subject (its detail and the targets of its
 * relation fields, loaded with react-query), columns, filter draft, sorts and quick search; the
 * definition they make (contracts/records.ts RecordQueryDefinition, unfinished conditions and
 * sorts left out) and the saved query it was loaded from (to tell "Save" from "Save as" and to
 * export a saved query by id while it is unchanged). `?query=<id>` in the URL reloads that query.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import isEqual from 'lodash/isEqual';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl, useSearchParams } from 'umi';
import type { FilterGroup, RecordQueryDefinition, RecordSort, SavedQuery, SubjectDetail } from '../../../../contracts';
import { cleanFilter, filterFieldsOf, type FilterField } from '../../../components/fields/filter';
import { getSavedQuery } from '../../../services/recordQueries';
import { getSubject, listAppSubjectOptions } from '../../../services/subjects';
import { defaultColumns, relationFields, relationFilterFields, SYSTEM_COLUMN_KEYS, type RelationTargets, type SystemColumnKey } from './columns';
import { keys } from '../../../services/query-keys';

/** A sort row being edited: the field is empty until chosen. */
export interface SortDraft {
  field?: string;
  order: RecordSort['order'];
}

const EMPTY_FILTER: FilterGroup = { op: 'and', items: [] };

/** The targets' data and pending flags (a stable function: react-query memoises its result). */
function combineTargets(results: { data?: SubjectDetail; isPending: boolean }[]) {
  return { data: results.map((r) => r.data), pending: results.map((r) => r.isPending) };
}

const subjectsKey = (app: string | undefined) => keys('subjects').options({ app });

/** A definition in a comparable form (defaults filled, empty parts dropped). */
function normal(d: RecordQueryDefinition | null | undefined) {
  if (!d) return null;
  return { subjectId: d.subjectId, columns: d.columns, filter: d.filter ?? null, sort: d.sort ?? [], q: d.q || null };
}

export function useQueryBuilder() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [app, setApp] = useState<string>();
  const [subjectKey, setSubjectKey] = useState<string>();
  const [columns, setColumns] = useState<string[]>([]);
  const [filter, setFilter] = useState<FilterGroup>(EMPTY_FILTER);
  const [sort, setSort] = useState<SortDraft[]>([]);
  const [q, setQ] = useState('');
  const [loaded, setLoaded] = useState<SavedQuery | null>(null);
  const [needsDefaults, setNeedsDefaults] = useState(false);

  const systemNames = useMemo(
    () => Object.fromEntries(SYSTEM_COLUMN_KEYS.map((k) => [k, intl.formatMessage({ id: `recordQuery.system.${k}` })])) as Record<SystemColumnKey, string>,
    [intl],
  );

  const subjects = useQuery({ queryKey: subjectsKey(app), queryFn: () => listAppSubjectOptions(app ?? ''), enabled: !!app });
  const subjectQuery = useQuery({
    queryKey: keys('subjects').detail(app, subjectKey),
    queryFn: ({ signal }) => getSubject(app ?? '', subjectKey ?? '', signal),
    enabled: !!app && !!subjectKey,
  });
  const subject = subjectQuery.data;

  const relations = useMemo(() => (subject ? relationFields(subject) : []), [subject]);
  const targetKeys = relations.map((r) => subjects.data?.find((s) => s.id === r.options.targetSubjectId)?.key);
  const loadedTargets = useQueries({
    queries: relations.map((r, i) => ({
      queryKey: keys('subjects').detail(app, targetKeys[i]),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSubject(app ?? '', targetKeys[i] ?? '', signal),
      enabled: !!app && !!targetKeys[i],
    })),
    combine: combineTargets,
  });
  const targets: RelationTargets = useMemo(
    () => Object.fromEntries(relations.map((r, i) => [r.id, loadedTargets.data[i]])),
    [relations, loadedTargets],
  );
  /** Every relation's target is loaded (or known to be gone): filters and sorts through relations can be read. */
  const targetsReady = relations.length === 0 || (!!subjects.data && loadedTargets.pending.every((p, i) => !targetKeys[i] || !p));

  useEffect(() => {
    if (needsDefaults && subject) {
      setColumns(defaultColumns(subject));
      setNeedsDefaults(false);
    }
  }, [needsDefaults, subject]);

  const filterFields: FilterField[] = useMemo(
    () => (subject ? [...filterFieldsOf(subject.fields, systemNames), ...relationFilterFields(subject, targets)] : []),
    [subject, systemNames, targets],
  );

  const definition: RecordQueryDefinition | null = useMemo(() => {
    if (!subject || columns.length === 0) return null;
    const sorts = sort.filter((s): s is RecordSort => !!s.field);
    return { subjectId: subject.id, columns, filter: cleanFilter(filter, filterFields), sort: sorts, q: q.trim() || undefined };
  }, [subject, columns, filter, filterFields, sort, q]);

  const dirty = !!loaded && !isEqual(normal(definition), normal(loaded.definition));

  const setQueryParam = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(search);
      if (id) next.set('query', id);
      else next.delete('query');
      if (next.toString() !== search.toString()) setSearch(next, { replace: true });
    },
    [search, setSearch],
  );

  const chooseApp = (slug: string | undefined) => {
    setApp(slug);
    setSubjectKey(undefined);
    setColumns([]);
    setFilter(EMPTY_FILTER);
    setSort([]);
  };
  const chooseSubject = (key: string | undefined) => {
    setSubjectKey(key);
    setColumns([]);
    setFilter(EMPTY_FILTER);
    setSort([]);
    setNeedsDefaults(!!key);
  };

  /** Puts a saved query into the builder (its subject found among its application's subjects). */
  const load = useCallback(
    async (saved: SavedQuery) => {
      const list = await queryClient.fetchQuery({ queryKey: subjectsKey(saved.application), queryFn: () => listAppSubjectOptions(saved.application) });
      const def = saved.definition;
      setApp(saved.application);
      setSubjectKey(list.find((s) => s.id === saved.subjectId)?.key);
      setNeedsDefaults(false);
      setColumns(def.columns);
      setFilter(def.filter ?? EMPTY_FILTER);
      setSort(def.sort ?? []);
      setQ(def.q ?? '');
      setLoaded(saved);
      setQueryParam(saved.id);
    },
    [queryClient, setQueryParam],
  );

  /** Marks the builder as showing `saved` (just saved or renamed): Save/Export use its id, the URL names it. */
  const attach = (saved: SavedQuery) => {
    setLoaded(saved);
    setQueryParam(saved.id);
  };

  /** Forgets the loaded query (the builder keeps its state, now unsaved). */
  const detach = () => {
    setLoaded(null);
    setQueryParam(null);
  };

  /** Empties the builder. */
  const reset = () => {
    chooseApp(undefined);
    setQ('');
    detach();
  };

  // ?query=<id>: load that saved query once on arrival.
  const initialId = search.get('query');
  const initial = useQuery({
    queryKey: keys('recordQueries').detail(initialId),
    queryFn: ({ signal }) => getSavedQuery(initialId ?? '', signal),
    enabled: !!initialId && !loaded,
    retry: false,
  });
  useEffect(() => {
    if (initial.data && !loaded) void load(initial.data);
  }, [initial.data, loaded, load]);

  return {
    app,
    subjectKey,
    subject,
    subjectLoading: subjectQuery.isLoading && !!subjectKey,
    targets,
    targetsReady,
    systemNames,
    filterFields,
    columns,
    setColumns,
    filter,
    setFilter,
    sort,
    setSort,
    q,
    setQ,
    chooseApp,
    chooseSubject,
    definition,
    loaded,
    attach,
    dirty,
    load,
    detach,
    reset,
    /** The URL named a saved query when the page opened (the page runs it once loaded). */
    openedFromUrl: !!initialId,
    initialError: initial.error,
  };
}

export type QueryBuilder = ReturnType<typeof useQueryBuilder>;
