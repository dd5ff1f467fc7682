/**
 * `/{app}/{subject}` (SPEC.md §2): a subject's records. The route takes any second segment no
 * named route claims; the loader asks the server for the subject and an unknown one renders 404
 * in place. The records grid itself arrives with the records module.
 */
import ModulePending from '../../../components/ModulePending';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';

export default function SubjectPage() {
  const query = useRouteData('/:app/:subject');
  return <RouteDataResult query={query}>{() => <ModulePending module="records" />}</RouteDataResult>;
}
