/**
 * /api/v1/clients: the audited organisations (contracts/clients.resource.ts). The resource kit
 * (server/src/core/resource/routes.ts) registers list, export, read, create, edit and delete with
 * the access of the definition (reads for any signed-in user, writes and export for
 * administrators); this file adds GET /clients/industries and the export writer.
 */
import { clientIndustriesSchema, clientResource, clientSchemas, okSchema } from '../../../../contracts';
import { resourceRoutes } from '../../core/resource';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { clientExportFileName, EXPORT_TYPES, exportClientsStream } from './clients.export';
import { clientRepository, listIndustries } from './clients.repository';
import { clientService } from './clients.service';

export const clientRoutes = resourceRoutes({
  def: clientResource,
  schemas: clientSchemas,
  service: clientService,
  exporter: {
    count: (db, query) => clientRepository.count(db, query),
    stream: (db, query, format) => exportClientsStream(db, query, format),
    fileName: clientExportFileName,
    contentType: (format) => EXPORT_TYPES[format].contentType,
  },
  extra: (app, guard) => {
    /** GET /clients/industries — any signed-in user → the industries live clients use (filters, suggestions). */
    app.get(
      '/clients/industries',
      {
        preValidation: guard('industries'),
        schema: { tags: ['clients'], summary: 'Industries in use', response: { 200: okSchema(clientIndustriesSchema), ...errorResponses } },
      },
      async () => ok(await listIndustries(app.db)),
    );
  },
});
