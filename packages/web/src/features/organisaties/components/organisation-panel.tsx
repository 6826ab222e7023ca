import { deelnemerOfOrganisation, type Organisation } from '@knooppunt/domain';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FactList, type Fact } from '@/components/fact-list/fact-list';
import { SidePanel } from '@/components/side-panel/side-panel';
import { LABELS } from '@/lib/texts';
import { ActivationSection } from './activation-section';
import { ConformitySection } from './conformity-section';
import { ImplementationLinksSection } from './implementation-links-section';
import type { PanelRights } from './panel-rights';

interface OrganisationPanelProps {
  /** The open organisation; none closes the panel. */
  organisation: Organisation | undefined;
  rightsOf: (organisation: Organisation) => PanelRights;
  /** Every organisation, for 'Koppelen'. */
  organisations: readonly Organisation[];
  onClose: () => void;
}

/**
 * The right-hand panel of an organisation (decision 0043): its type, whether it is active (issue 29), and for a participant its
 * conformity and implementation partners, for an implementation partner the participants it
 * implements for — each only for who may read it.
 */
export function OrganisationPanel({ organisation, rightsOf, organisations, onClose }: OrganisationPanelProps) {
  // The last organisation stays on screen while the panel slides away.
  const [shown, setShown] = useState(organisation);
  if (organisation && organisation !== shown) setShown(organisation);
  const current = organisation ?? shown;
  return (
    <SidePanel open={Boolean(organisation)} title={current?.organisatie} onClose={onClose}>
      {current && (
        // Mounted anew per organisation: its switch, dialogs and queries are that organisation's.
        <OrganisationDetails
          key={current.organisatie}
          organisation={current}
          rights={rightsOf(current)}
          organisations={organisations}
        />
      )}
    </SidePanel>
  );
}

function OrganisationDetails({
  organisation,
  rights,
  organisations,
}: {
  organisation: Organisation;
  rights: PanelRights;
  organisations: readonly Organisation[];
}) {
  const deelnemer = deelnemerOfOrganisation(organisation);
  const delegerenden = organisation.metadata.delegerenden ?? [];
  const facts: Fact[] = [
    [LABELS.organisaties.type, organisation.type],
    ...(delegerenden.length > 0 ? [[LABELS.organisaties.delegerenden, delegerenden.join(', ')] satisfies Fact] : []),
  ];
  return (
    <Stack sx={{ gap: 3 }}>
      <FactList facts={facts} />
      <ActivationSection organisation={organisation} mayChange={rights.activation} />
      {rights.conformity && <ConformitySection deelnemer={deelnemer} mayRequire={rights.requirement} />}
      {rights.links && (
        <ImplementationLinksSection
          organisation={organisation}
          deelnemer={deelnemer}
          mayEdit={rights.editLinks}
          organisations={organisations}
        />
      )}
    </Stack>
  );
}
