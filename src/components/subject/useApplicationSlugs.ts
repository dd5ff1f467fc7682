/** The applications (slug → "name (slug)") for the subject pages' application pickers: the first 100, as the API orders them. */
import { useQuery } from '@tanstack/react-query';
import { listApplications } from '../../services/applications';

export function useApplicationSlugs(): { value: string; label: string }[] {
  const { data } = useQuery({
    queryKey: ['assay', 'applications', 'options'],
    queryFn: () => listApplications({ pageSize: 100 }),
  });
  return (data?.data ?? []).map((a) => ({ value: a.slug, label: `${a.name} (${a.slug})` }));
}
