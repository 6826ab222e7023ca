import { z } from 'zod';

/**
 * Every message zod writes itself (a wrong type, a missing field, a number out of range) is Dutch,
 * on the server's 400s and in the portal alike; the domain's own messages stay as they are.
 *
 * Set when this module loads, which covers the server and every test. The portal calls it once more
 * from its entry (main.tsx): this package is marked free of side effects for the bundler, so in the
 * portal's build a module whose exports nobody uses is dropped whole, this call with it (decision 0031).
 */
export function setDutchMessages(): void {
  z.config(z.locales.nl());
}

setDutchMessages();
