/** A view and its subject (with fields), loaded one after the other with react-query (view pages). */
import { useQuery } from '@tanstack/react-query';
import { getSubject } from '../../services/subjects';
import { getView } from '../../services/views';
import { keys } from '../../services/query-keys';

export function useViewWithSubject(id: string) {
  const view = useQuery({ queryKey: keys('views').detail(id), queryFn: ({ signal }) => getView(id, signal), enabled: id !== '' });
  const subject = useQuery({
    queryKey: keys('subjects').detail(view.data?.application, view.data?.subjectKey),
    queryFn: ({ signal }) => getSubject(view.data!.application, view.data!.subjectKey, signal),
    enabled: Boolean(view.data),
  });
  return { view, subject, error: view.error ?? subject.error, loading: view.isLoading || subject.isLoading };
}
