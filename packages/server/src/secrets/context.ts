/**
 * The context a configuration's client secret is encrypted under (secrets/cipher.ts): it cannot be
 * moved to another participant. The configurations module encrypts with it, delivery decrypts.
 */
export const secretContext = (deelnemer: string, versienummer: string) => `${deelnemer}|${versienummer}`;

/**
 * The context a receiver's signing secret is encrypted under (decision 0061): not the client
 * secret's, so neither ciphertext decrypts in the other's place.
 */
export const webhookSecretContext = (deelnemer: string, versienummer: string) => `webhook|${deelnemer}|${versienummer}`;
