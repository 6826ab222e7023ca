import type { ClaimedMessage } from './claim';

/**
 * The exact body Knooppunt POSTs to a callback for a message. The data goes out as the database
 * writes it (`data::text`, valid JSON): parsing and writing it again per message cost more than
 * the rest of the body. The same function rebuilds it for an evidence file (decision 0062), whose
 * hash must equal the receipt's: change one, change both.
 */
export function callbackBody(
  message: Pick<ClaimedMessage, 'id' | 'opdrachtId' | 'type' | 'versienummer' | 'sender' | 'dataJson'>,
): string {
  const head = JSON.stringify({
    id: message.id,
    opdrachtId: message.opdrachtId,
    type: message.type,
    versienummer: message.versienummer,
    sender: message.sender,
  });
  return `${head.slice(0, -1)},"data":${message.dataJson}}`;
}
