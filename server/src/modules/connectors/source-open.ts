/**
 * Opens the reader of a connector's kind (docs/connectors.md "Kinds"): checks the config, the
 * allow-list (a database host must be on `connectorAllowedHosts`: 422 otherwise; REST/file URLs go
 * through the outbound guard with that list) and reads the secrets the config names (server side
 * only: they reach the driver, never an answer).
 */
import type { ConnectorDbConfig, ConnectorFileConfig, ConnectorKind, ConnectorRestConfig } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { allowedDbHost, connectorAllowList, parseConfig, secretValue, type SourceReader } from './source';
import { mysqlReader } from './source-mysql';
import { postgresReader } from './source-postgres';
import { fileReader, restReader } from './source-rest';

/**
 * The reader of `kind` with `config` (checked here). The caller closes it.
 * @throws HttpError 400 naming `config.<field>` (config, a variable missing or not a secret, a CA
 *   needed for `verify`); 422 CONNECTOR_HOST_NOT_ALLOWED (a database host not on the allow-list).
 */
export async function openSource(db: Executor, kind: ConnectorKind, rawConfig: unknown): Promise<SourceReader> {
  const config = parseConfig(kind, rawConfig);
  const allowList = await connectorAllowList(db);
  if (kind === 'postgres' || kind === 'mysql') {
    const c = config as ConnectorDbConfig;
    if (c.tls === 'verify' && !c.caVariable)
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'config.caVariable', messageKey: 'errors.connector.caRequired' }]);
    const address = await allowedDbHost(allowList, c.host);
    const password = await secretValue(db, c.passwordVariable, 'config.passwordVariable');
    const ca = c.tls === 'verify' ? await secretValue(db, c.caVariable, 'config.caVariable') : '';
    const target = { config: c, address, password, ca };
    return kind === 'postgres' ? postgresReader(target) : mysqlReader(target);
  }
  if (kind === 'rest') {
    const c = config as ConnectorRestConfig;
    return restReader(c, await secretValue(db, c.headerVariable, 'config.headerVariable'), allowList);
  }
  const c = config as ConnectorFileConfig;
  return fileReader(c, await secretValue(db, c.headerVariable, 'config.headerVariable'), allowList);
}

/** Runs `work` with the reader of `kind`/`config`, closing it after. */
export async function withSource<T>(db: Executor, kind: ConnectorKind, config: unknown, work: (r: SourceReader) => Promise<T>): Promise<T> {
  const reader = await openSource(db, kind, config);
  try {
    return await work(reader);
  } finally {
    await reader.close();
  }
}
