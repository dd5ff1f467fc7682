/**
 * OpenAPI helpers: every route declares the error envelope for its 4xx/5xx answers, so the
 * document at GET /api/v1/openapi.json shows the shape umi's request plugin reads.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contracts';

/** `response` entries for the error envelope (contracts/envelope.ts) on any 4xx and 5xx. */
export const errorResponses = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;

/**
 * The 200 `response` of an export route (CSV or XLSX, sent as a stream or buffer with its own
 * content type; Fastify does not pass those through the serialiser, so the schema only documents).
 */
export const exportFileSchema = z.unknown().describe('The CSV or XLSX file');
