import { z } from 'zod';

/**
 * The two environments of the exchange (issue 28, decision 0038): production, and the test
 * environment where participants try their systems against Knooppunt's simulator. A system client,
 * a configuration, an order and its messages belong to exactly one of them.
 */
export const OMGEVINGEN = ['productie', 'test'] as const;
export type Omgeving = (typeof OMGEVINGEN)[number];

export const OMGEVING_LABELS: Record<Omgeving, string> = { productie: 'Productie', test: 'Test' };

export const omgevingSchema = z.enum(OMGEVINGEN, { error: `Omgeving moet een van ${OMGEVINGEN.join(', ')} zijn.` });

/** Days test orders and their messages are kept (TEST_RETENTION_DAYS), counted from their last change. */
export const TEST_RETENTION_DAYS_DEFAULT = 30;

/**
 * Where the test environment's configuration calls live: the production paths of Configuraties,
 * the sender and the connection check under this prefix (`/test/rest/management/config`).
 */
export const TEST_API_PREFIX = '/test';
