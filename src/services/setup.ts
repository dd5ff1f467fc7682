/** First-run setup: GET/POST /api/v1/setup/* (docs/product.md "Shell"). */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { InitInput, SetupStatus, User } from '../../contracts';

/** Whether the first administrator exists. */
export async function getSetupStatus(): Promise<SetupStatus> {
  const res = await request<Ok<SetupStatus>>('/api/v1/setup/status', { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Creates the first administrator; rejects with 409 SETUP_CLOSED once one exists, 400 with field details on bad input. */
export async function initialise(input: InitInput): Promise<User> {
  const res = await request<Ok<User>>('/api/v1/setup/init', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}
