/** The applications (id → name) for a variable's scope select: the first 100, by name. */
import { useQuery } from '@tanstack/react-query';
import { listApplications } from '../../../../services/applications';
import { keys } from '../../../../services/query-keys';

export function useApplicationOptions(): { value: string; label: string }[] {
  const { data } = useQuery({
    queryKey: keys('applications').list({ pageSize: 100 }),
    queryFn: () => listApplications({ pageSize: 100 }),
  });
  return (data?.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.slug})` }));
}
