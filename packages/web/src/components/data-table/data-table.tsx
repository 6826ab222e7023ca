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
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadErrorState } from '@/components/status/error-state';
import { LABELS } from '@/lib/texts';
import type { ListPage, ListTableState } from '@/lib/use-list-params';
import { useFailedQueryMeta } from '@/lib/use-list-query';
import { DataTablePaging, type DataTablePagingProps } from './data-table-paging';
import { TruncatedText } from './truncated-text';

export interface DataTableColumn<Row> {
  /** Unique per table; for a sortable column, the field the server sorts on. */
  id: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line, for ids and dates that would break badly. */
  nowrap?: boolean;
  /**
   * The widest the column's value may be, in px: a longer one is cut with an ellipsis and a
   * tooltip with the whole value (TruncatedText). For ids, names and descriptions of any length.
   */
  truncate?: number;
  /**
   * A fixed width in px, for a status or actions column: its width stays put when a status chip
   * or the row's buttons change.
   */
  width?: number;
  /**
   * The row's main cell: in a table whose rows open, its content is the row's link or button. By
   * default the first column. Its content must hold no control of its own.
   */
  main?: boolean;
  render: (row: Row) => ReactNode;
}

/** Where a row leads: a page of its own, with the router state to take along. */
export interface DataTableRowLink {
  to: string;
  state?: unknown;
}

/**
 * The search query of a list as TanStack Query answers it: the page of rows (none yet while the
 * first one loads), whether it is fetching, and its error and refetch for the error state.
 */
export interface DataTableQuery<Row> {
  data: ListPage<Row> | undefined;
  isFetching: boolean;
  error?: unknown;
  refetch?: () => unknown;
}

/** A list screen's table: sort and page from its URL state (`useListParams`), rows from its search query. */
export interface DataTableListSource<Row> {
  list: ListTableState;
  query: DataTableQuery<Row>;
}

/** A table not driven by `useListParams` (a dialog's table): rows, sort and paging one by one. */
export interface DataTablePlainSource<Row> extends DataTablePagingProps {
  list?: never;
  query?: never;
  rows: readonly Row[];
  loading?: boolean;
  sortBy?: string | undefined;
  sortDirection?: SortDirection;
  onSortChange?: (columnId: string) => void;
  /** The rows could not be fetched: the table says so instead of 'Geen resultaten'. */
  error?: unknown;
  /** Fetches the rows again: the error state's 'Opnieuw proberen'. */
  onRetry?: () => void;
}

export type DataTableProps<Row> = DataTableOwnProps<Row> & (DataTableListSource<Row> | DataTablePlainSource<Row>);

export interface DataTableOwnProps<Row> {
  /** The table's accessible name, usually the screen's title. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /**
   * A row that opens a panel or dialog on this screen. Its main cell's content is a button that
   * does it (Enter and Space), and a click anywhere on the row does the same.
   */
  onRowClick?: (row: Row) => void;
  /**
   * 'own' when the row already holds the control that does what a row click does (a radio
   * button): the table then adds no button of its own.
   */
  rowControl?: 'button' | 'own';
  /** A row that opens another page: its main cell's content is a link there, and a click anywhere on the row follows it. */
  getRowLink?: (row: Row) => DataTableRowLink;
  /** The accessible name of the row's button or link, when its main cell's text does not say enough. */
  getRowLabel?: (row: Row) => string;
  /** Extra styles of one row, such as the accent marker of a draft. */
  getRowSx?: (row: Row) => SxProps<Theme> | undefined;
  /** Lets headers of several words take two lines: a wide list then fits a laptop screen. */
  wrapHeaders?: boolean;
  /** What an empty list says instead of 'Geen resultaten': a list without filters has nothing yet. */
  emptyText?: string | undefined;
}

/**
 * The list table of every screen: sortable headers, server-side paging with the spec's paging
 * label, a progress bar while loading, an empty state and an error state with 'Opnieuw proberen'. A list screen hands over its URL state
 * and its search query (`list={list} query={search}`); a dialog's table its rows, sort and page.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, getRowId, onRowClick, getRowSx } = props;
  const source = sourceOf(props);
  const { rows, loading = false, sortBy, sortDirection = 'asc', onSortChange } = source;
  const { skip, limit, count, countIsLowerBound, onPageChange, onRetry } = source;
  // A failed load is an error in place of the rows, never an empty list ('Geen resultaten', '0-0 van 0').
  const failed = source.error !== undefined && source.error !== null;
  // A list's search (`useListQuery`) raises no alert of its own: the table says it, under the
  // alert's title, and is read out. A query that did raise its alert is not read out twice.
  const failedMeta = useFailedQueryMeta(source.error);
  const headerSx = props.wrapHeaders ? { whiteSpace: 'normal' } : undefined;

  const { getRowLink, getRowLabel, rowControl = 'button' } = props;
  const opens = Boolean(onRowClick ?? getRowLink);
  const mainColumn = columns.find((column) => column.main) ?? columns[0];

  // A click on the row opens it, except a click on a control in it: that control's own (the
  // main cell's link or button has done it already).
  const onRowMouseClick = (event: MouseEvent<HTMLElement>, row: Row) => {
    const control = (event.target as Element).closest(CONTROLS);
    if (control && event.currentTarget.contains(control)) return;
    // A link row follows its link, as a click on the link itself would (router state included).
    if (getRowLink) event.currentTarget.querySelector<HTMLElement>('a[data-row-link]')?.click();
    else onRowClick?.(row);
  };

  // The row's one stop for the keyboard: a real link or button around the main cell's content.
  const renderMain = (row: Row, content: ReactNode) => {
    const label = getRowLabel?.(row);
    const link = getRowLink?.(row);
    if (link) {
      return (
        <Box component={Link} to={link.to} state={link.state} aria-label={label} data-row-link sx={ROW_CONTROL_SX}>
          {content}
        </Box>
      );
    }
    if (onRowClick && rowControl === 'button') {
      return (
        <Box component="button" type="button" aria-label={label} onClick={() => onRowClick(row)} sx={ROW_CONTROL_SX}>
          {content}
        </Box>
      );
    }
    return content;
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
                  sx={{ ...headerSx, ...widthSx(column.width) }}
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
            {failed && !loading && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <LoadErrorState
                    title={failedMeta?.errorTitle ?? LABELS.common.listFailed}
                    error={source.error}
                    onRetry={() => onRetry?.()}
                    announce={failedMeta?.errorInPlace ?? !failedMeta?.errorTitle}
                  />
                </TableCell>
              </TableRow>
            )}
            {!failed &&
              rows.map((row) => (
                <TableRow
                  key={getRowId(row)}
                  hover
                  onClick={opens ? (event) => onRowMouseClick(event, row) : undefined}
                  sx={[opens ? { cursor: 'pointer' } : false, ...asArray(getRowSx?.(row))]}
                >
                  {columns.map((column) => {
                    const content = column.truncate ? (
                      <TruncatedText maxWidth={column.truncate}>{column.render(row)}</TruncatedText>
                    ) : (
                      column.render(row)
                    );
                    return (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {column === mainColumn ? renderMain(row, content) : content}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            {!loading && !failed && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {props.emptyText ?? LABELS.common.noResults}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {!failed && (
        <DataTablePaging
          skip={skip}
          limit={limit}
          count={count}
          countIsLowerBound={countIsLowerBound}
          onPageChange={onPageChange}
          rowCount={rows.length}
        />
      )}
    </Box>
  );
}

/** A fixed column width: the same whatever its cells hold. */
function widthSx(width: number | undefined) {
  return width === undefined ? undefined : { width, minWidth: width, maxWidth: width };
}

/** Rows, sort and paging of either kind of table. */
function sourceOf<Row>(
  props: DataTableListSource<Row> | DataTablePlainSource<Row>,
): Omit<DataTablePlainSource<Row>, 'list' | 'query'> {
  if (!props.list) return props;
  const { list, query } = props;
  return {
    rows: query.data?.items ?? [],
    loading: query.isFetching,
    sortBy: list.sortBy,
    sortDirection: list.sortDirection,
    onSortChange: list.setSort,
    skip: list.skip,
    limit: list.limit,
    count: query.data?.count ?? 0,
    countIsLowerBound: query.data?.countIsLowerBound,
    onPageChange: list.setSkip,
    error: query.error,
    onRetry: query.refetch && (() => void query.refetch?.()),
  };
}

/** What a click on a row leaves to the element clicked. */
const CONTROLS = 'a[href], button, input, select, textarea, label, [role="button"], [role="menuitem"]';

/** The row's link or button looks like the cell's text, with the focus ring of the theme. */
const ROW_CONTROL_SX: SxProps<Theme> = {
  all: 'unset',
  display: 'block',
  cursor: 'pointer',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 0.5 },
};

function asArray(sx: SxProps<Theme> | undefined): readonly (Exclude<SxProps<Theme>, readonly unknown[]> | boolean)[] {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? sx : [sx as Exclude<SxProps<Theme>, readonly unknown[]>];
}
