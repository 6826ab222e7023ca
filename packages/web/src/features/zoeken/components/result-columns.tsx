import { WERKZAAMHEDEN, WERKZAAMHEID_LABELS } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import { LABELS } from '@/lib/texts';
import { isCompared, omschrijvingOf, renamedFrom, type ResultRow } from '../api/search-published';
import { VerschilMarker } from './verschil-marker';

function Omschrijving({ row }: { row: ResultRow }) {
  const before = renamedFrom(row);
  if (before === undefined) return omschrijvingOf(row);
  return (
    // Inside the row's link: no stop of its own; the old name is said in words as well as on hover.
    <Tooltip describeChild title={`${LABELS.zoeken.vergelekenOmschrijving}: ${before}`}>
      <Box
        component="mark"
        sx={{
          bgcolor: (theme) => alpha(theme.palette.secondary.main, 0.25),
          color: 'inherit',
          px: 0.5,
          borderRadius: 0.5,
        }}
      >
        {omschrijvingOf(row)}
        <VisuallyHidden>{` (${LABELS.zoeken.vergelekenOmschrijving}: ${before})`}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}

/** The result columns (spec 001 §2.3); the difference marker only when comparing. */
export function resultColumns(comparing: boolean): DataTableColumn<ResultRow>[] {
  return [
    ...(comparing
      ? [
          {
            id: 'verschil',
            label: LABELS.zoeken.verschil,
            render: (row: ResultRow) => <VerschilMarker verschil={isCompared(row) ? row.verschil : null} />,
          },
        ]
      : []),
    {
      id: 'omschrijving',
      label: LABELS.zoeken.omschrijving,
      sortable: true,
      // The row's link to the scenario, also while the difference column comes first.
      main: true,
      // Not cut: a renamed scenario's tooltip says its compared name; a long name wraps.
      render: (row) => <Omschrijving row={row} />,
    },
    { id: 'discipline', label: LABELS.zoeken.discipline, sortable: true, render: (row) => row.discipline },
    ...WERKZAAMHEDEN.map((kind): DataTableColumn<ResultRow> => ({
      id: kind,
      label: WERKZAAMHEID_LABELS[kind],
      render: (row) => row.werkzaamheden[kind],
    })),
  ];
}
