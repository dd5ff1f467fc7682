/**
 * `/{app}/{subject}/{record}` (SPEC.md §2): one record. An unknown subject or record renders 404
 * in place, from the server's answer. The record view itself arrives with the records module.
 */
import ModulePending from '../../../../components/ModulePending';
import RouteDataResult from '../../../../components/RouteDataResult';
import { useRouteData } from '../../../../loaders';

export default function RecordPage() {
  const query = useRouteData('/:app/:subject/:record');
  return <RouteDataResult query={query}>{() => <ModulePending module="records" />}</RouteDataResult>;
}
