/**
 * The resource kit on the server (docs/resource-kit.md): repository, service and route factories
 * driven by a resource definition (contracts/resource.ts).
 */
export { createResourceRepository, type RepositoryOptions, type ResourceRepository, type ResourceTable, type RowWith } from './repository';
export { auditDiff, createResourceService, readRecord, type RelationHooks, type ResourceHooks, type ResourceService } from './service';
export { resourceRoutes, type ResourceExport, type ResourceRoutesOptions } from './routes';
