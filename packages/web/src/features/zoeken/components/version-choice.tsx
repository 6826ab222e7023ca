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
  /** When two versions are compared: 'Oud' or 'Nieuw', shown on the chip. */
  age?: string | undefined;
  value: VersionRef | undefined;
  lookup: Lookup | undefined;
  /** The filters the dialog opens with. */
  initialFilters?: { berichtVersie: string; netbeheerder: string };
  onChange: (version: Version | undefined) => void;
}

/** A button that opens 'Versie selecteren', and the chosen version as a chip that can be removed. */
export function VersionChoice({ label, icon, role, age, value, lookup, initialFilters, onChange }: VersionChoiceProps) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Button variant="outlined" startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {value && (
        <Chip
          color="primary"
          variant={age === LABELS.zoeken.older ? 'outlined' : 'filled'}
          label={LABELS.zoeken.versionChip(value.netbeheerder, value.berichtVersie, value.versie, age)}
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
