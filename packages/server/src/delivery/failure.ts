/** A delivery attempt that failed for a reason the portal shows: the message is Dutch, without secrets. */
export class DeliveryFailure extends Error {
  /** `status`: the receiver's HTTP status, when it answered (for the log). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/**
 * A delivery that could not be attempted for a fault on the platform's side (issue 29): a secret
 * it cannot read, its mTLS certificate missing, a database error while loading a configuration,
 * a bug. Not the receiver's failed attempt — no uitval, no alert to the participant — but retried
 * later, and the operator is told (operator/alerts.ts).
 */
export class PlatformFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformFault';
  }
}
