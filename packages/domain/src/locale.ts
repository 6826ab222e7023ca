import { z } from 'zod';

// Every message zod writes itself (a wrong type, a missing field, a number out of range) is Dutch,
// on the server's 400s and in the portal alike; the domain's own messages stay as they are.
z.config(z.locales.nl());
