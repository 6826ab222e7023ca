import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

interface Row {
  id: string;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', label: 'Naam', sortable: true, render: (row) => row.name },
  { id: 'id', label: 'Id', render: (row) => row.id },
];

const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: `r${i + 11}`, name: `Organisatie ${i + 11}` }));

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
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

  it('opens a row on click and on Enter', async () => {
    const { onRowClick } = renderTable();

    await userEvent.click(screen.getByText('Organisatie 12'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);

    screen.getByText('Organisatie 13').closest('tr')?.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[2]);
  });

  it('shows a progress bar while loading instead of the empty state', () => {
    renderTable({ rows: [], count: 0, loading: true });

    expect(screen.getByRole('progressbar', { name: LABELS.common.loading })).toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
  });
});
