/** A message a demo participant received on one of its callback URLs. */
export interface ReceivedDemoMessage {
  deelnemer: string;
  type: string;
  body: unknown;
  receivedAt: Date;
}

/** What the demo participants received, kept in memory for the screens and the traffic generator. */
export interface DemoInbox {
  record(message: ReceivedDemoMessage): void;
  /** Oldest first; at most the last MAX_KEPT_PER_DEELNEMER. */
  receivedMessages(deelnemer: string): ReceivedDemoMessage[];
  /** Calls the listener for every message from now on; returns the function that stops it. */
  onMessage(listener: (message: ReceivedDemoMessage) => void): () => void;
}

/** A demo runs for days with a traffic generator: keep a window, not everything. */
export const MAX_KEPT_PER_DEELNEMER = 1000;

export function createDemoInbox(): DemoInbox {
  const messages = new Map<string, ReceivedDemoMessage[]>();
  const listeners = new Set<(message: ReceivedDemoMessage) => void>();
  return {
    record(message) {
      const kept = messages.get(message.deelnemer) ?? [];
      kept.push(message);
      if (kept.length > MAX_KEPT_PER_DEELNEMER) kept.splice(0, kept.length - MAX_KEPT_PER_DEELNEMER);
      messages.set(message.deelnemer, kept);
      for (const listener of listeners) listener(message);
    },
    receivedMessages: (deelnemer) => [...(messages.get(deelnemer) ?? [])],
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
