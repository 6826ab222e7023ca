import { IMPLEMENTATION_PARTNER_TYPE, type ImplementationLink, type Organisation } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LoadErrorState } from '@/components/status/error-state';
import { formatDate } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useOrganisationLinks } from '../api/get-organisation-links';
import { useUnlinkImplementationPartner } from '../api/unlink-implementation-partner';
import { LinkDialog } from './link-dialog';
import { PanelSection } from './panel-section';

const T = LABELS.organisaties.panel;

interface ImplementationLinksSectionProps {
  organisation: Organisation;
  /** Its deelnemer: what a link names. */
  deelnemer: string;
  /** 'Koppelen' and 'Ontkoppelen'. */
  mayEdit: boolean;
  /** Every organisation, for the choice of 'Koppelen'. */
  organisations: readonly Organisation[];
}

/**
 * A participant's implementation partners, or the participants a partner implements for
 * (decision 0041): the other side of each link, when and by whom it was made, and for who may
 * change them 'Koppelen' and, asked first, 'Ontkoppelen'.
 */
export function ImplementationLinksSection({
  organisation,
  deelnemer,
  mayEdit,
  organisations,
}: ImplementationLinksSectionProps) {
  const { notifyError, notifySuccess } = useNotify();
  const partner = organisation.type === IMPLEMENTATION_PARTNER_TYPE;
  const query = useOrganisationLinks(deelnemer, true);
  const unlink = useUnlinkImplementationPartner();
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<ImplementationLink>();
  const links = (query.data?.items ?? []).filter((link) => (partner ? link.partner : link.deelnemer) === deelnemer);
  const otherOf = (link: ImplementationLink) => (partner ? link.deelnemer : link.partner);

  const confirmUnlink = () => {
    if (!unlinking) return;
    unlink.mutate(
      { partner: unlinking.partner, deelnemer: unlinking.deelnemer },
      {
        onSuccess: () => notifySuccess(T.unlinked),
        onError: (error) => notifyError(T.unlinkFailed, error),
        onSettled: () => setUnlinking(undefined),
      },
    );
  };

  return (
    <PanelSection
      title={partner ? T.implementsFor : T.partners}
      loading={query.isPending}
      action={
        mayEdit && (
          <Button size="small" startIcon={<AddLinkIcon />} onClick={() => setLinking(true)} disabled={!query.data}>
            {T.link}
          </Button>
        )
      }
    >
      {query.error ? (
        <LoadErrorState
          announce
          title={T.fetchLinksFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : links.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {partner ? T.noParticipants : T.noPartners}
        </Typography>
      ) : (
        <List dense disablePadding>
          {links.map((link) => (
            <ListItem
              key={otherOf(link)}
              disableGutters
              secondaryAction={
                mayEdit && (
                  <Tooltip title={T.unlink}>
                    <IconButton
                      edge="end"
                      aria-label={LABELS.common.forRow(T.unlink, otherOf(link))}
                      onClick={() => setUnlinking(link)}
                    >
                      <LinkOffIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemText primary={otherOf(link)} secondary={T.linkedOn(formatDate(link.created), link.createdBy)} />
            </ListItem>
          ))}
        </List>
      )}
      {mayEdit && (
        <LinkDialog
          open={linking}
          organisation={organisation}
          deelnemer={deelnemer}
          linked={links.map(otherOf)}
          organisations={organisations}
          onClose={() => setLinking(false)}
        />
      )}
      {unlinking && (
        <ConfirmDialog
          open
          title={T.unlinkTitle}
          text={T.unlinkText(unlinking.partner, unlinking.deelnemer)}
          confirmLabel={T.unlink}
          cancelLabel={LABELS.common.cancel}
          busy={unlink.isPending}
          onConfirm={confirmUnlink}
          onCancel={() => setUnlinking(undefined)}
        />
      )}
    </PanelSection>
  );
}
