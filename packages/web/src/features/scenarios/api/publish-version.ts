import type { Version } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PublishVersion {
  berichtVersie: string;
  omschrijving: string;
  /** One of the calendar's dates for the bericht versie, 'yyyy-MM-dd'. */
  ingangsdatum: string;
  /** The netbeheerder a super-role user acts for (decision 0029); omitted for a netbeheerder's own staff. */
  netbeheerder?: string | undefined;
}

/** Publishes the concepts of one bericht versie of the user's netbeheerder (or the one it acts for) as the next numbered version. */
export function publishVersion(body: PublishVersion): Promise<Version> {
  return apiRequest('POST', '/rest/version', body);
}

export function usePublishVersion() {
  return useMutation({ mutationFn: publishVersion, meta: { changes: ['regels'] } });
}
