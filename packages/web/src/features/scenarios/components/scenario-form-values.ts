import {
  copyScenarioSchema,
  createScenarioSchema,
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
}

export const noWerkzaamheden = (): Werkzaamheden =>
  Object.fromEntries(WERKZAAMHEDEN.map((kind) => [kind, ''])) as Werkzaamheden;

/** The form a dialog opens with: empty, the row itself, or the row's version and discipline with fresh choices. */
export function initialValues(mode: ScenarioDialogMode, row: ScenarioRow | undefined): ScenarioFormValues {
  if (mode === 'create' || !row) {
    return { omschrijving: '', berichtVersie: '', discipline: '', werkzaamheden: noWerkzaamheden() };
  }
  const { berichtVersie, discipline } = row;
  if (mode === 'copy') return { omschrijving: '', berichtVersie, discipline, werkzaamheden: noWerkzaamheden() };
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

export function resolverFor(mode: ScenarioDialogMode): Resolver<ScenarioFormValues> {
  // The schemas check a subset of the form's fields each; their output is the trimmed form.
  return zodResolver(SCHEMAS[mode]) as unknown as Resolver<ScenarioFormValues>;
}
