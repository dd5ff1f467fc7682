/**
 * OpenAPI helpers: every route declares the error envelope for its 4xx/5xx answers, so the
 * document at GET /api/v1/openapi.json shows the shape umi's request plugin reads.
 */
import { errorEnvelopeSchema } from '../../../contracts';

/** `response` entries for the error envelope (contracts/envelope.ts) on any 4xx and 5xx. */
export const errorResponses = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;
