import { useSyncExternalStore } from 'react';

/**
 * Whether the API client found the session ended (a 401 that a silent renewal did not cure). Kept
 * outside React because the client that notices it is plain code, configured once in main.tsx.
 */
let ended = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const listener of listeners) listener();
}

export const sessionEnded = {
  /** The API client calls this; every screen that asks afterwards sees it once. */
  report: () => set(true),
  /** The user chose to stay on the page for now; the next refused call reports again. */
  dismiss: () => set(false),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, () => ended);
}
