import { isDeepStrictEqual } from 'node:util';
import { INBOUND_TEXTS, type Bericht } from '@knooppunt/domain';
import { AppError } from '../../errors';

/** The header as the API's answers name it (Fastify reads headers in lower case: IDEMPOTENCY_HEADER). */
const FIELD = 'Idempotency-Key';

/** The message stored under a sender's idempotency key, as a submission with that key is compared with it. */
export interface StoredUnderKey {
  id: string;
  type: string;
  versienummer: string;
  opdrachtId: string;
  /** Its `data`; null once retention removed it (decision 0032). */
  data: unknown;
}

/** A value as JSON reads it back: what the database stored of it (`undefined` members dropped, and so on). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * Whether a submission is the message stored under its key (decision 0047): the same type,
 * versienummer, order and `data` as JSON — key order and whitespace do not count, as for jsonb.
 * Once retention removed the stored data only the rest can be compared.
 */
export function sameMessage(stored: StoredUnderKey, bericht: Bericht): boolean {
  return (
    stored.type === bericht.type &&
    stored.versienummer === bericht.versienummer &&
    stored.opdrachtId === bericht.opdrachtId &&
    (stored.data === null || isDeepStrictEqual(asJson(stored.data), asJson(bericht.data)))
  );
}

/** The answer to a key that came again with another message: 422 naming the header, nothing stored. */
export function keyReused(idempotencyKey: string, first: string): AppError {
  const message = INBOUND_TEXTS.idempotencyKeyReused(idempotencyKey, first);
  return new AppError(422, message, [{ field: FIELD, message }]);
}
