import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { useListParams } from '@/lib/use-list-params';
import {
  DataTable,
  type DataTableColumn,
  type DataTableOwnProps,
  type DataTablePlainSource,
  type DataTableQuery,
} from './data-table';

interface Row {
  id: string;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', label: 'Naam', sortable: true, render: (row) => row.name },
  { id: 'id', label: 'Id', render: (row) => row.id },
];

const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: `r${i + 11}`, name: `Organisatie ${i + 11}` }));

function Opened() {
  const { id } = useParams();
  const state = useLocation().state as { from: string } | null;
  return <p>{`Geopend: ${id} vanuit ${state?.from ?? '-'}`}</p>;
}

function renderTable(props: Partial<DataTableOwnProps<Row> & DataTablePlainSource<Row>> = {}) {
  const handlers = { onPageChange: vi.fn(), onSortChange: vi.fn(), onRowClick: vi.fn() };
  render(
    <DataTable
      label="Organisaties"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      skip={10}
      limit={10}
      count={42}
      sortBy="name"
      sortDirection="asc"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('DataTable', () => {
  it('shows the rows and the paging label of the page', () => {
    renderTable();

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Organisatie 11')).toBeInTheDocument();
    expect(screen.getByText('11-20 van 42')).toBeInTheDocument();
  });

  it('says when the count is a lower bound', () => {
    renderTable({ count: 500, countIsLowerBound: true });

    expect(screen.getByText('11-20 van meer dan 500')).toBeInTheDocument();
  });

  it("shows 'Geen resultaten' and '0-0 van 0' for an empty list", () => {
    renderTable({ rows: [], skip: 0, count: 0 });

    expect(screen.getByText(LABELS.common.noResults)).toBeInTheDocument();
    expect(screen.getByText('0-0 van 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.common.previousPage })).toBeDisabled();
    expect(screen.getByRole('button', { name: LABELS.common.nextPage })).toBeDisabled();
  });

  it('pages back and forth', async () => {
    const { onPageChange } = renderTable();

    await userEvent.click(screen.getByRole('button', { name: LABELS.common.nextPage }));
    expect(onPageChange).toHaveBeenLastCalledWith(20);
    await userEvent.click(screen.getByRole('button', { name: LABELS.common.previousPage }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('disables the next page on the last page', () => {
    renderTable({ skip: 40, rows: rows.slice(0, 2) });

    expect(screen.getByText('41-42 van 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.common.nextPage })).toBeDisabled();
  });

  it('sorts on a sortable header and marks the sort column', async () => {
    const { onSortChange } = renderTable();

    expect(screen.getByRole('columnheader', { name: /Naam/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(screen.getByRole('columnheader', { name: 'Id' })).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Naam/ }));
    expect(onSortChange).toHaveBeenCalledWith('name');
  });

  it('opens a row with a button named by the row: Enter, Space and a click anywhere on the row', async () => {
    const { onRowClick } = renderTable({ getRowLabel: (row) => `Organisatie openen: ${row.name}` });

    const table = screen.getByRole('table', { name: 'Organisaties' });
    const open = within(table).getByRole('button', { name: 'Organisatie openen: Organisatie 13' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[2]);
    onRowClick.mockClear();
    await userEvent.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(rows[2]);

    await userEvent.click(within(table).getByText('r12'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    // One click, one opening: the button's click does not reach the row a second time.
    onRowClick.mockClear();
    await userEvent.click(within(table).getByText('Organisatie 15'));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(rows[4]);
  });

  it("makes each row one stop for Tab, the row's button, without a label the cell's text", async () => {
    renderTable();

    const table = screen.getByRole('table', { name: 'Organisaties' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    for (const row of bodyRows) expect(row).not.toHaveAttribute('tabindex');
    expect(within(table).getByRole('button', { name: 'Organisatie 11' })).toBeInTheDocument();

    within(table).getByRole('button', { name: /Naam/ }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Organisatie 11' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Organisatie 12' }));
  });

  it('leaves a click on a control in the row to that control', async () => {
    const onDelete = vi.fn();
    const withDelete: DataTableColumn<Row>[] = [
      ...columns,
      {
        id: 'delete',
        label: 'Opties',
        render: (row) => (
          <button type="button" onClick={() => onDelete(row)}>
            {`Verwijderen: ${row.name}`}
          </button>
        ),
      },
    ];
    const { onRowClick } = renderTable({ columns: withDelete });

    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen: Organisatie 12' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(rows[1]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('adds no button of its own when the row has its control already', () => {
    renderTable({ rowControl: 'own' });

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).getByText('Organisatie 11')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Organisatie 11' })).not.toBeInTheDocument();
  });

  it('makes a row that opens another page a link there, followed on a click anywhere on the row', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/organisaties',
          element: (
            <DataTable
              label="Organisaties"
              columns={columns}
              rows={rows}
              getRowId={(row) => row.id}
              skip={0}
              limit={10}
              count={10}
              onPageChange={() => undefined}
              getRowLink={(row) => ({ to: `/organisatie/${row.id}`, state: { from: 'lijst' } })}
            />
          ),
        },
        { path: '/organisatie/:id', element: <Opened /> },
      ],
      { initialEntries: ['/organisaties'] },
    );
    render(<RouterProvider router={router} />);

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).queryByRole('button', { name: 'Organisatie 12' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Organisatie 12' })).toHaveAttribute('href', '/organisatie/r12');
    for (const row of within(table).getAllByRole('row')) expect(row).not.toHaveAttribute('tabindex');

    await userEvent.click(within(table).getByText('r13'));
    expect(await screen.findByText('Geopend: r13 vanuit lijst')).toBeInTheDocument();
  });

  it('shows a progress bar while loading instead of the empty state', () => {
    renderTable({ rows: [], count: 0, loading: true });

    expect(screen.getByRole('progressbar', { name: LABELS.common.loading })).toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
  });

  it("takes sort and page from the list's URL state and rows from its query: list={list} query={search}", async () => {
    const query: DataTableQuery<Row> = { data: { items: rows, count: 42 }, isFetching: false };
    function ListScreen() {
      const list = useListParams({
        filterDefaults: NO_FILTERS,
        sortFields: ['name'],
        defaultSort: { sortBy: 'name', sortDirection: 'asc' },
        pageSize: 10,
      });
      const location = useLocation();
      return (
        <>
          <p>{`URL: ${location.search}`}</p>
          <DataTable label="Organisaties" columns={columns} getRowId={(row) => row.id} list={list} query={query} />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/organisaties', element: <ListScreen /> }], {
      initialEntries: ['/organisaties?page=2'],
    });
    render(<RouterProvider router={router} />);

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).getByText('Organisatie 11')).toBeInTheDocument();
    expect(screen.getByText('11-20 van 42')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Naam/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: LABELS.common.nextPage }));
    expect(screen.getByText('URL: ?page=3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Naam/ }));
    expect(screen.getByText('URL: ?sort=name&order=desc')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Naam/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the progress bar while the query fetches', () => {
    function ListScreen() {
      const list = useListParams({ filterDefaults: NO_FILTERS, pageSize: 10 });
      const query = { data: undefined, isFetching: true };
      return <DataTable label="Organisaties" columns={columns} getRowId={(row) => row.id} list={list} query={query} />;
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ListScreen /> }])} />);

    expect(screen.getByRole('progressbar', { name: LABELS.common.loading })).toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
  });

  it("shows a failed load as an error with 'Opnieuw proberen' instead of 'Geen resultaten' and '0-0 van 0'", async () => {
    const onRetry = vi.fn();
    renderTable({ rows: [], skip: 0, count: 0, error: new Error('Database niet bereikbaar'), onRetry });

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).getByText(LABELS.common.listFailed)).toBeInTheDocument();
    expect(within(table).getByText('Database niet bereikbaar')).toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
    expect(screen.queryByText('0-0 van 0')).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: LABELS.common.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("fetches a list screen's query again with 'Opnieuw proberen', and shows the rows it then gets", async () => {
    function ListScreen() {
      const list = useListParams({ filterDefaults: NO_FILTERS, pageSize: 10 });
      const [fetched, setFetched] = useState(false);
      const query: DataTableQuery<Row> = fetched
        ? { data: { items: rows, count: 10 }, isFetching: false, error: null }
        : {
            data: undefined,
            isFetching: false,
            error: new Error('Fout reactie ontvangen'),
            refetch: () => setFetched(true),
          };
      return <DataTable label="Organisaties" columns={columns} getRowId={(row) => row.id} list={list} query={query} />;
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ListScreen /> }])} />);

    const table = screen.getByRole('table', { name: 'Organisaties' });
    expect(within(table).getByText('Fout reactie ontvangen')).toBeInTheDocument();
    expect(screen.queryByText('0-0 van 0')).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: LABELS.common.retry }));

    expect(within(table).getByText('Organisatie 11')).toBeInTheDocument();
    expect(within(table).queryByText(LABELS.common.listFailed)).not.toBeInTheDocument();
    expect(screen.getByText('1-10 van 10')).toBeInTheDocument();
  });

  it('cuts a long value of a truncated column with an ellipsis, and its tooltip gives the whole value', async () => {
    const long = 'Nieuwe elektra-aansluiting (met slimme meter en zonnepanelen)';
    const truncated: DataTableColumn<Row>[] = [
      { id: 'name', label: 'Naam', truncate: 120, render: (row) => row.name },
      { id: 'status', label: 'Status', width: 96, render: (row) => row.id },
    ];
    renderTable({
      columns: truncated,
      rows: [
        { id: 'r1', name: long },
        { id: 'r2', name: 'Kort' },
      ],
    });

    const cut = screen.getByText(long);
    expect(cut).toHaveStyle({ maxWidth: '120px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

    // Hovers and lets the tooltip's enter delay pass on the test's clock, not the wall clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const hoverPastDelay = async (element: HTMLElement) => {
        await user.hover(element);
        act(() => vi.advanceTimersByTime(1_000));
      };

      // The long value as wide as the browser would measure it: hovering it shows the whole value.
      Object.defineProperty(cut, 'scrollWidth', { value: 300 });
      Object.defineProperty(cut, 'clientWidth', { value: 120 });
      await hoverPastDelay(cut);
      expect(screen.getByRole('tooltip')).toHaveTextContent(long);
      await user.unhover(cut);
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

      // The same hover on a value that fits shows none (jsdom lays nothing out: both widths are 0).
      await hoverPastDelay(screen.getByText('Kort'));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a status or actions column its fixed width, whatever its cells hold', () => {
    renderTable({ columns: [...columns, { id: 'status', label: 'Status', width: 96, render: (row) => row.id }] });

    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveStyle({
      width: '96px',
      minWidth: '96px',
      maxWidth: '96px',
    });
  });
});

const NO_FILTERS = {};
