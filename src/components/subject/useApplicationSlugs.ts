/** The applications (slug → "name (slug)") for the subject pages' application pickers: the first 100, as the API orders them. */
import { useQuery } from '@tanstack/react-query';
import { listApplications } from '../../services/applications';
import { keys } from '../../services/query-keys';

export function useApplicationSlugs(): { value: string; label: string }[] {
  const { data } = useQuery({
    queryKey: keys('applications').list({ pageSize: 100 }),
    queryFn: () => listApplications({ pageSize: 100 }),
  });
  return (data?.data ?? []).map((a) => ({ value: a.slug, label: `${a.name} (${a.slug})` }));
}
