import type { Version } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PublishVersion {
  berichtVersie: string;
  omschrijving: string;
  /** One of the calendar's dates for the bericht versie, 'yyyy-MM-dd'. */
  ingangsdatum: string;
}

/** Publishes the user's concepts of one bericht versie as the next numbered version. */
export function publishVersion(body: PublishVersion): Promise<Version> {
  return apiRequest('POST', '/rest/version', body);
}

export function usePublishVersion() {
  return useMutation({ mutationFn: publishVersion, meta: { changes: ['regels'] } });
}
