import { PAGE_SIZE, type Lookup, type SortDirection, type Version } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { formatDate } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useSearchVersions, VERSION_SORT_FIELDS, type VersionSortField } from '../api/search-versions';

interface VersionSelectDialogProps {
  open: boolean;
  lookup: Lookup | undefined;
  /** The filters the dialog opens with (comparing: the selected version's grid operator and bericht versie). */
  initialFilters?: { berichtVersie: string; netbeheerder: string };
  onSelect: (version: Version) => void;
  onClose: () => void;
}

/** 'Versie selecteren': a published version out of every grid operator's (spec 001 §2.3, §5). */
export function VersionSelectDialog({ open, lookup, initialFilters, onSelect, onClose }: VersionSelectDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{LABELS.zoeken.dialogTitle}</DialogTitle>
      {/* Mounted only while open: every opening starts without a choice. */}
      {open && <VersionPicker lookup={lookup} initialFilters={initialFilters} onSelect={onSelect} onClose={onClose} />}
    </Dialog>
  );
}

const NO_FILTERS = { berichtVersie: '', netbeheerder: '' };

function VersionPicker({
  lookup,
  initialFilters = NO_FILTERS,
  onSelect,
  onClose,
}: Omit<VersionSelectDialogProps, 'open'>) {
  const [filters, setFilters] = useState(initialFilters);
  const [sort, setSort] = useState<{ sortBy: VersionSortField; sortDirection: SortDirection }>({
    sortBy: 'omschrijving',
    sortDirection: 'asc',
  });
  const [skip, setSkip] = useState(0);
  const [chosen, setChosen] = useState<Version>();
  const limit = PAGE_SIZE.versions;
  const { data, isFetching, error, refetch } = useSearchVersions({ ...filters, ...sort, skip, limit });

  const filter = (name: keyof typeof filters, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setSkip(0);
  };
  const sortOn = (field: string) => {
    if (!(VERSION_SORT_FIELDS as readonly string[]).includes(field)) return;
    const sortBy = field as VersionSortField;
    setSort((current) => ({
      sortBy,
      sortDirection: current.sortBy === sortBy && current.sortDirection === 'asc' ? 'desc' : 'asc',
    }));
    setSkip(0);
  };

  const columns: DataTableColumn<Version>[] = [
    {
      id: 'choice',
      label: '',
      render: (version) => (
        <Radio
          size="small"
          checked={chosen?._id === version._id}
          onChange={() => setChosen(version)}
          slotProps={{ input: { 'aria-label': LABELS.zoeken.chooseVersion(version.omschrijving) } }}
          sx={{ p: 0.5 }}
        />
      ),
    },
    {
      id: 'omschrijving',
      label: LABELS.zoeken.omschrijving,
      sortable: true,
      truncate: TRUNCATE.text,
      render: (version) => version.omschrijving,
    },
    {
      id: 'netbeheerder',
      label: LABELS.zoeken.netbeheerder,
      sortable: true,
      render: (version) => version.netbeheerder,
    },
    { id: 'versie', label: LABELS.zoeken.versie, sortable: true, render: (version) => version.versie },
    {
      id: 'berichtVersie',
      label: LABELS.zoeken.berichtVersie,
      sortable: true,
      render: (version) => version.berichtVersie,
    },
    {
      id: 'created',
      label: LABELS.zoeken.publicatiedatum,
      sortable: true,
      nowrap: true,
      render: (version) => formatDate(version.created),
    },
    {
      id: 'ingangsdatum',
      label: LABELS.zoeken.ingangsdatum,
      sortable: true,
      nowrap: true,
      render: (version) => formatDate(version.ingangsdatum),
    },
  ];

  const choice = (name: keyof typeof filters, label: string, options: readonly string[]) => (
    <TextField
      select
      label={label}
      value={filters[name]}
      onChange={(event) => filter(name, event.target.value)}
      sx={{ width: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{LABELS.common.all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <DialogContent dividers sx={{ p: 0 }}>
        <Stack direction="row" sx={{ gap: 2, p: 2, flexWrap: 'wrap' }}>
          {choice('berichtVersie', LABELS.zoeken.berichtVersie, lookup?.berichtVersies ?? [])}
          {choice('netbeheerder', LABELS.zoeken.netbeheerder, lookup?.netbeheerders ?? [])}
        </Stack>
        <DataTable
          label={LABELS.zoeken.dialogTitle}
          columns={columns}
          rows={data?.items ?? []}
          getRowId={(version) => version._id}
          loading={isFetching}
          sortBy={sort.sortBy}
          sortDirection={sort.sortDirection}
          onSortChange={sortOn}
          skip={skip}
          limit={limit}
          count={data?.count ?? 0}
          onPageChange={setSkip}
          error={error}
          onRetry={() => void refetch()}
          onRowClick={setChosen}
          // The row's radio button is its control for the keyboard.
          rowControl="own"
          getRowSx={(version) => (version._id === chosen?._id ? { bgcolor: 'action.selected' } : undefined)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{LABELS.common.cancel}</Button>
        {/* The selection must be a version (spec 001 §5). */}
        <Button variant="contained" disabled={chosen === undefined} onClick={() => chosen && onSelect(chosen)}>
          {LABELS.zoeken.select}
        </Button>
      </DialogActions>
    </>
  );
}
