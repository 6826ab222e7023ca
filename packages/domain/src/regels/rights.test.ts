import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../permissions';
import { actsForNetbeheerder, mayChangeRulesOf, mayMakeRules } from './rights';

const NETBEHEERDERS = ['Netbeheer_Noord', 'Netbeheer_Zuid'];
const superRole = permissionsFor(['Beheer ziet alles']);
const editor = permissionsFor(['Netbeheerder', 'Business rules Concept Bewerken']);
const viewer = permissionsFor(['Netbeheerder', 'Business rules Concept Bekijken']);
const aannemerEditor = permissionsFor(['Business Rules Editor']);

describe('who writes business rules (decision 0029)', () => {
  it('the super role, which has the edit right (spec 001 §6), acts for any netbeheerder', () => {
    expect(actsForNetbeheerder(superRole)).toBe(true);
    expect(mayMakeRules(superRole, 'Knooppunt_Beheer', NETBEHEERDERS)).toBe(true);
    expect(mayChangeRulesOf(superRole, 'Knooppunt_Beheer', 'Netbeheer_Zuid')).toBe(true);
  });

  it('an editor of a netbeheerder makes and changes its own rules only', () => {
    expect(actsForNetbeheerder(editor)).toBe(false);
    expect(mayMakeRules(editor, 'Netbeheer_Noord', NETBEHEERDERS)).toBe(true);
    expect(mayChangeRulesOf(editor, 'Netbeheer_Noord', 'Netbeheer_Noord')).toBe(true);
    expect(mayChangeRulesOf(editor, 'Netbeheer_Noord', 'Netbeheer_Zuid')).toBe(false);
  });

  it('an editor of no netbeheerder, and anyone without the edit right, writes nothing', () => {
    expect(mayMakeRules(aannemerEditor, 'Aannemer_Alfa', NETBEHEERDERS)).toBe(false);
    expect(mayChangeRulesOf(aannemerEditor, 'Aannemer_Alfa', 'Netbeheer_Noord')).toBe(false);
    expect(mayMakeRules(viewer, 'Netbeheer_Noord', NETBEHEERDERS)).toBe(false);
    expect(mayChangeRulesOf(viewer, 'Netbeheer_Noord', 'Netbeheer_Noord')).toBe(false);
    expect(mayMakeRules(editor, undefined, NETBEHEERDERS)).toBe(false);
  });
});
