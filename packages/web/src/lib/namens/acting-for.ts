import { createContext, useContext } from 'react';

/** Whom a screen acts for, and with which of the user's roles (decision 0041). */
export interface ActingFor {
  deelnemer: string;
  roles: readonly string[];
}

/**
 * Set by `ActingForProvider` (acting-for-provider.tsx). Apart from it, as the portal's first load
 * reads this through `useCurrentUser`: the provider's domain rules (and their zod schemas) are
 * loaded with the screens that act for a participant, not before.
 */
export const ActingForContext = createContext<ActingFor | undefined>(undefined);

/** The participant acted for; undefined for who acts for its own organisation. */
export function useActingFor(): string | undefined {
  return useContext(ActingForContext)?.deelnemer;
}

/**
 * The part of a query key that says whose data it is, so two participants' answers never share a
 * cache entry. Empty for the user's own organisation: those keys are as they were.
 */
export function actingForKey(namens: string | undefined): [] | [{ namens: string }] {
  return namens ? [{ namens }] : [];
}
