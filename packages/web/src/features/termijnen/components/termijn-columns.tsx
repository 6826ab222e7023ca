import type { Termijn } from '@knooppunt/domain';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { LABELS } from '@/lib/texts';

const T = LABELS.termijnen;

/** The columns of a netbeheerder's deadlines; the options only for who may change them. */
export function termijnColumns(
  renderOptions: ((termijn: Termijn) => ReactNode) | undefined,
): DataTableColumn<Termijn>[] {
  return [
    { id: 'omschrijving', label: T.omschrijving, render: (row) => row.omschrijving },
    { id: 'flow', label: T.stroom, render: (row) => T.stromen[row.flow] },
    { id: 'termijn', label: T.termijn, nowrap: true, render: (row) => T.duur(row.aantal, row.eenheid) },
    { id: 'changed', label: LABELS.monitoring.changed, render: (row) => <DateTimeCell value={row.changed} /> },
    ...(renderOptions ? [{ id: 'options', label: T.options, align: 'right' as const, render: renderOptions }] : []),
  ];
}
