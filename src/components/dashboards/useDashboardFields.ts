/**
 * The fields a dashboard's shared filters can name: those of the base subjects of its cards'
 * saved queries (each subject read once, react-query), with the select options of select fields.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DashboardCard, FieldType } from '../../../contracts';
import { listQueries } from '../../services/queries';
import { keys } from '../../services/query-keys';
import { getSubject, listAppSubjectOptions } from '../../services/subjects';

/** A field of a card's base subject. */
export interface DashboardField {
  key: string;
  name: string;
  type: FieldType;
  subjectName: string;
  /** Select options (single and multi select). */
  choices: string[];
}

/** The application's saved analytics queries (the first 100 by last change): the cards' candidates. */
export function useAnalyticsQueries(slug: string) {
  return useQuery({
    queryKey: keys('recordQueries').list({ app: slug, kind: 'analytics', dashboards: true }),
    queryFn: () => listQueries(slug, { kind: 'analytics', pageSize: 100 }),
    enabled: !!slug,
  });
}

/** The fields of the cards' base subjects, by subject then position; `loading` while any is read. */
export function useDashboardFields(
  slug: string,
  cards: readonly DashboardCard[],
): { fields: DashboardField[]; loading: boolean } {
  const queries = useAnalyticsQueries(slug);
  const subjects = useQuery({
    queryKey: keys('subjects').options({ app: slug }),
    queryFn: () => listAppSubjectOptions(slug),
    enabled: !!slug,
  });
  const subjectKeys = useMemo(() => {
    const ids = new Set(
      cards.map((c) => queries.data?.data.find((q) => q.id === c.queryId)?.subjectId).filter((id): id is string => !!id),
    );
    return (subjects.data ?? []).filter((s) => ids.has(s.id)).map((s) => s.key);
  }, [cards, queries.data, subjects.data]);
  const details = useQueries({
    queries: subjectKeys.map((key) => ({
      queryKey: keys('subjects').detail(slug, key),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSubject(slug, key, signal),
    })),
  });
  const fields: DashboardField[] = details.flatMap((d) =>
    d.data
      ? d.data.fields.map((f) => ({
          key: f.key,
          name: f.name,
          type: f.type,
          subjectName: d.data.name,
          choices: (f.options?.choices ?? []).map((c) => c.label),
        }))
      : [],
  );
  return { fields, loading: queries.isPending || subjects.isPending || details.some((d) => d.isPending) };
}
