import type { MessageType } from '../messageTypes';
import type { BerichtInput } from './envelope';
import { AANSLUITING_EXAMPLES } from './examples.aansluiting';
import { HOOFDNET_EXAMPLES } from './examples.hoofdnet';

/** One valid example message per type, for the OpenAPI document and the tests. */
export const EXAMPLE_BERICHTEN: { [T in MessageType]: Extract<BerichtInput, { type: T }> } = {
  ...AANSLUITING_EXAMPLES,
  ...HOOFDNET_EXAMPLES,
};
