/** A delivery attempt that failed for a reason the portal shows: the message is Dutch, without secrets. */
export class DeliveryFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}
