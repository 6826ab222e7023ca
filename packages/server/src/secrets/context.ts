/**
 * The context a configuration's client secret is encrypted under (secrets/cipher.ts): it cannot be
 * moved to another participant. The configurations module encrypts with it, delivery decrypts.
 */
export const secretContext = (deelnemer: string, versienummer: string) => `${deelnemer}|${versienummer}`;
