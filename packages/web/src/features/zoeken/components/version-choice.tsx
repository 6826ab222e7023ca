import type { Lookup, Version } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { LABELS } from '@/lib/texts';
import type { VersionRef } from '../api/version-ref';
import { VersionSelectDialog } from './version-select-dialog';

interface VersionChoiceProps {
  /** 'Selecteren versie' or 'Vergelijken versie'. */
  label: string;
  icon: ReactNode;
  /** The chip's caption, for screen readers: which of the two versions it is. */
  role: string;
  value: VersionRef | undefined;
  lookup: Lookup | undefined;
  /** The filters the dialog opens with. */
  initialFilters?: { berichtVersie: string; netbeheerder: string };
  onChange: (version: Version | undefined) => void;
}

/** A button that opens 'Versie selecteren', and the chosen version as a chip that can be removed. */
export function VersionChoice({ label, icon, role, value, lookup, initialFilters, onChange }: VersionChoiceProps) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Button variant="outlined" startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {value && (
        <Chip
          color="primary"
          label={LABELS.zoeken.versionChip(value.netbeheerder, value.berichtVersie, value.versie)}
          aria-description={role}
          onDelete={() => onChange(undefined)}
        />
      )}
      <VersionSelectDialog
        open={open}
        lookup={lookup}
        initialFilters={initialFilters}
        onClose={() => setOpen(false)}
        onSelect={(version) => {
          setOpen(false);
          onChange(version);
        }}
      />
    </Stack>
  );
}
