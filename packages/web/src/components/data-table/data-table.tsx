import type { SortDirection } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { KeyboardEvent, ReactNode } from 'react';
import { LABELS } from '@/lib/texts';
import { DataTablePaging, type DataTablePagingProps } from './data-table-paging';

export interface DataTableColumn<Row> {
  /** Unique per table; for a sortable column, the field the server sorts on. */
  id: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line, for ids and dates that would break badly. */
  nowrap?: boolean;
  render: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> extends DataTablePagingProps {
  /** The table's accessible name, usually the screen's title. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  loading?: boolean;
  sortBy?: string | undefined;
  sortDirection?: SortDirection;
  onSortChange?: (columnId: string) => void;
  onRowClick?: (row: Row) => void;
  /** Extra styles of one row, such as the accent marker of a draft. */
  getRowSx?: (row: Row) => SxProps<Theme> | undefined;
  /** Lets headers of several words take two lines: a wide list then fits a laptop screen. */
  wrapHeaders?: boolean;
}

/**
 * The list table of every screen: sortable headers, server-side paging with the spec's paging
 * label, a progress bar while loading and an empty state. Sort and page are controlled by the
 * screen (see `useListParams`).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, getRowId, loading = false, sortBy, sortDirection = 'asc' } = props;
  const { onSortChange, onRowClick, getRowSx, skip, limit, count, countIsLowerBound, onPageChange } = props;
  const headerSx = props.wrapHeaders ? { whiteSpace: 'normal' } : undefined;

  // A clickable row is reachable by keyboard too; Enter on a button inside the row stays the button's.
  const onRowKeyDown = (event: KeyboardEvent, row: Row) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  };

  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={LABELS.common.loading} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={sortBy === column.id ? sortDirection : false}
                  sx={headerSx}
                >
                  {column.sortable && onSortChange ? (
                    <TableSortLabel
                      active={sortBy === column.id}
                      direction={sortBy === column.id ? sortDirection : 'asc'}
                      onClick={() => onSortChange(column.id)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={getRowId(row)}
                hover
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                sx={[onRowClick ? { cursor: 'pointer' } : false, ...asArray(getRowSx?.(row))]}
              >
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {LABELS.common.noResults}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <DataTablePaging
        skip={skip}
        limit={limit}
        count={count}
        countIsLowerBound={countIsLowerBound}
        onPageChange={onPageChange}
        rowCount={rows.length}
      />
    </Box>
  );
}

function asArray(sx: SxProps<Theme> | undefined): readonly (Exclude<SxProps<Theme>, readonly unknown[]> | boolean)[] {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? sx : [sx as Exclude<SxProps<Theme>, readonly unknown[]>];
}
