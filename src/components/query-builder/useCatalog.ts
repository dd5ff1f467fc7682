/**
 * The subjects of one application with their fields, for the query builder: the list
 * (listAppSubjectOptions, first 100) and each one's detail (getSubject), through react-query with
 * the keys the other screens share. Every subject's fields are needed: the one-to-many joins of a
 * subject are the relation fields of the others pointing at it.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Subject, SubjectDetail } from '../../../contracts';
import { keys } from '../../services/query-keys';
import { getSubject, listAppSubjectOptions } from '../../services/subjects';

export interface Catalog {
  /** The application's subjects (list rows), undefined while loading. */
  subjects: Subject[] | undefined;
  /** The details loaded so far, in the list's order. */
  details: SubjectDetail[];
  /** The list and every detail have arrived. */
  ready: boolean;
  error: unknown;
}

function combine(results: { data?: SubjectDetail; isPending: boolean; error: unknown }[]) {
  return {
    data: results.map((r) => r.data).filter((d): d is SubjectDetail => !!d),
    pending: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
  };
}

export function useCatalog(app: string | undefined): Catalog {
  const list = useQuery({ queryKey: keys('subjects').options({ app }), queryFn: () => listAppSubjectOptions(app ?? ''), enabled: !!app });
  const details = useQueries({
    queries: (list.data ?? []).map((s) => ({
      queryKey: keys('subjects').detail(app, s.key),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSubject(app ?? '', s.key, signal),
      enabled: !!app,
    })),
    combine,
  });
  return useMemo(
    () => ({ subjects: list.data, details: details.data, ready: !!list.data && !details.pending, error: list.error ?? details.error }),
    [list.data, list.error, details],
  );
}
