import { ApiCallError } from '@/lib/api-client';

/**
 * What GET /rest/rules/{id} (and …/compare/{compareId}) answers a user who may search published
 * rules but not view concepts, when the scenario is a concept: 403. The route itself needs the
 * same search right as the screen's route, so within the screen a 403 means exactly this.
 */
export const CONCEPT_HIDDEN_STATUS = 403;

export const isConceptHidden = (error: unknown): boolean =>
  error instanceof ApiCallError && error.status === CONCEPT_HIDDEN_STATUS;
