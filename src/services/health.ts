/** GET /api/v1/health: engine and version for the console dashboard. */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';

export interface Health {
  status: 'ok';
  engine: 'pglite' | 'postgres';
  version: string;
  /** Server uptime in ms. */
  uptimeMs: number;
}

export async function getHealth(): Promise<Health> {
  const res = await request<Ok<Health>>('/api/v1/health', { method: 'GET' });
  return res.data;
}
