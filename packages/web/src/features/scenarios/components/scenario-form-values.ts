import {
  copyScenarioSchema,
  createScenarioSchema,
  namensSchema,
  WERKZAAMHEDEN,
  type ScenarioRow,
  type Werkzaamheden,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** Toevoegen, Wijzigen (only the omschrijving) or Kopieren (new omschrijving and work, same version and discipline). */
export type ScenarioDialogMode = 'create' | 'edit' | 'copy';

export interface ScenarioFormValues {
  omschrijving: string;
  berichtVersie: string;
  discipline: string;
  werkzaamheden: Werkzaamheden;
  /** The netbeheerder a super-role user acts for (decision 0029); absent for everyone else. */
  netbeheerder?: string | undefined;
}

export const noWerkzaamheden = (): Werkzaamheden =>
  Object.fromEntries(WERKZAAMHEDEN.map((kind) => [kind, ''])) as Werkzaamheden;

/**
 * The form a dialog opens with: empty, the row itself, or the row's version and discipline with
 * fresh choices. `acting`: the user acts for a netbeheerder it chooses, at first none for a new
 * scenario and the source's for a copy.
 */
export function initialValues(
  mode: ScenarioDialogMode,
  row: ScenarioRow | undefined,
  acting = false,
): ScenarioFormValues {
  if (mode === 'create' || !row) {
    return {
      omschrijving: '',
      berichtVersie: '',
      discipline: '',
      werkzaamheden: noWerkzaamheden(),
      ...(acting && { netbeheerder: '' }),
    };
  }
  const { berichtVersie, discipline } = row;
  if (mode === 'copy') {
    return {
      omschrijving: '',
      berichtVersie,
      discipline,
      werkzaamheden: noWerkzaamheden(),
      ...(acting && { netbeheerder: row.netbeheerder }),
    };
  }
  return {
    omschrijving: row.omschrijving,
    berichtVersie,
    discipline,
    werkzaamheden: { ...noWerkzaamheden(), ...row.werkzaamheden },
  };
}

/** Spec 001 §5 per dialog, with the server's own schemas: what a dialog cannot change is not checked. */
const SCHEMAS = {
  create: createScenarioSchema,
  edit: createScenarioSchema.pick({ omschrijving: true }),
  copy: copyScenarioSchema,
};

/** Whether the dialog names the netbeheerder: a new scenario or a copy, by a user acting for one. */
export const namesNetbeheerder = (mode: ScenarioDialogMode, acting: boolean) => acting && mode !== 'edit';

export function resolverFor(mode: ScenarioDialogMode, acting = false): Resolver<ScenarioFormValues> {
  // The schemas check a subset of the form's fields each; their output is the trimmed form.
  const schema = namesNetbeheerder(mode, acting) ? SCHEMAS[mode].extend({ netbeheerder: namensSchema }) : SCHEMAS[mode];
  return zodResolver(schema) as unknown as Resolver<ScenarioFormValues>;
}
