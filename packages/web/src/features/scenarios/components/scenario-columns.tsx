import { WERKZAAMHEDEN, WERKZAAMHEID_LABELS, type ScenarioRow } from '@knooppunt/domain';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';

/** The six kinds of work, one column each. */
export const werkzaamhedenColumns: readonly DataTableColumn<ScenarioRow>[] = WERKZAAMHEDEN.map((kind) => ({
  id: kind,
  label: WERKZAAMHEID_LABELS[kind],
  render: (row) => row.werkzaamheden[kind],
}));

/**
 * The columns of the concept list (spec 001 §2.1); the options cell is the screen's, left out when
 * the user may change no concept (an empty 'Opties' column says nothing). A list of every grid
 * operator's concepts says whose each one is.
 */
export function scenarioColumns(options: {
  showNetbeheerder: boolean;
  renderOptions?: ((row: ScenarioRow) => ReactNode) | undefined;
}): DataTableColumn<ScenarioRow>[] {
  const { renderOptions } = options;
  return [
    {
      id: 'omschrijving',
      label: LABELS.scenarios.omschrijving,
      sortable: true,
      truncate: TRUNCATE.text,
      render: (row) => row.omschrijving,
    },
    ...(options.showNetbeheerder
      ? [
          {
            id: 'netbeheerder',
            label: LABELS.scenarios.netbeheerder,
            truncate: TRUNCATE.party,
            render: (row: ScenarioRow) => row.netbeheerder,
          },
        ]
      : []),
    // Every row of this list is a concept.
    { id: 'versie', label: LABELS.scenarios.versie, sortable: true, render: () => LABELS.scenarios.concept },
    { id: 'berichtVersie', label: LABELS.scenarios.berichtVersie, sortable: true, render: (row) => row.berichtVersie },
    { id: 'discipline', label: LABELS.scenarios.discipline, render: (row) => row.discipline },
    ...werkzaamhedenColumns,
    ...(renderOptions
      ? [{ id: 'options', label: LABELS.scenarios.options, align: 'right' as const, render: renderOptions }]
      : []),
  ];
}
