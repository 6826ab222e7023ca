import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-text';
import { LABELS } from '@/lib/texts';

export type BewijsdossierFormaat = 'json' | 'pdf';

/** Fetches an order's evidence file (decision 0062) and saves it: the JSON is the evidence, the PDF its reading. */
export async function downloadBewijsdossier(opdrachtId: string, formaat: BewijsdossierFormaat): Promise<void> {
  const file = await apiRequest<Blob>(
    'GET',
    `/rest/opdrachten/${encodeURIComponent(opdrachtId)}/bewijsdossier?formaat=${formaat}`,
    undefined,
    { as: 'blob' },
  );
  downloadFile(LABELS.opdrachten.historie.bewijsdossierBestand(opdrachtId, formaat), file);
}

/** Drawing up an evidence file changes nothing on the server. */
export function useDownloadBewijsdossier() {
  return useMutation({
    mutationFn: ({ opdrachtId, formaat }: { opdrachtId: string; formaat: BewijsdossierFormaat }) =>
      downloadBewijsdossier(opdrachtId, formaat),
    meta: { changes: [] },
  });
}
