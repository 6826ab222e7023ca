import { OMGEVING_LABELS, type SystemClient } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';
import { ClientStatus } from './client-status';

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8125rem' };

/**
 * The columns of the list; `actions` renders a row's 'Nieuw geheim' and 'Intrekken'. `withOrganisation`:
 * the list holds every organisation's clients (the super role without a chosen organisation).
 */
export function clientColumns(
  actions: (client: SystemClient) => ReactNode,
  { withOrganisation = false }: { withOrganisation?: boolean } = {},
): DataTableColumn<SystemClient>[] {
  const { clients } = LABELS;
  return [
    ...(withOrganisation
      ? [
          {
            id: 'organisatie',
            label: clients.organisatie,
            sortable: true,
            truncate: TRUNCATE.party,
            render: (row: SystemClient) => row.organisatie,
          },
        ]
      : []),
    {
      id: 'clientId',
      label: clients.clientId,
      sortable: true,
      // Beside the organisation column a long id breaks after its hyphen: the list stays 1280 px wide.
      nowrap: !withOrganisation,
      render: (row) => (
        <Box component="span" sx={monospace}>
          {row.clientId}
        </Box>
      ),
    },
    {
      id: 'omschrijving',
      label: clients.omschrijving,
      sortable: true,
      truncate: withOrganisation ? TRUNCATE.type : TRUNCATE.text,
      render: (row) => row.omschrijving,
    },
    { id: 'methode', label: clients.methode, nowrap: true, render: (row) => clients.methods[row.methode] },
    {
      id: 'omgeving',
      label: clients.omgeving,
      nowrap: true,
      // Production is the rule; a test client stands out.
      render: (row) =>
        row.omgeving === 'test' ? (
          <Chip size="small" variant="outlined" color="info" label={OMGEVING_LABELS.test} />
        ) : (
          OMGEVING_LABELS.productie
        ),
    },
    {
      id: 'aangemaakt',
      label: clients.aangemaakt,
      sortable: true,
      render: (row) => <DateTimeCell value={row.aangemaakt} />,
    },
    {
      id: 'laatstGebruikt',
      label: clients.laatstGebruikt,
      sortable: true,
      render: (row) => (row.laatstGebruikt ? <DateTimeCell value={row.laatstGebruikt} /> : clients.nooit),
    },
    {
      id: 'status',
      label: clients.status,
      sortable: true,
      width: 168,
      render: (row) => <ClientStatus client={row} />,
    },
    { id: 'actions', label: clients.actions, width: 104, render: actions },
  ];
}
