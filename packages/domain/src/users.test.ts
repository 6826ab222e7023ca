import { describe, expect, it } from 'vitest';
import { roleOf } from './users';

describe('roleOf', () => {
  it('describes an optional role several groups share with the group it is shown under', () => {
    expect(roleOf('Beheer connectiviteit', 'Netbeheerder').description).toBe('Optionele rol Netbeheerder');
    expect(roleOf('Beheer connectiviteit', 'Aannemer').description).toBe('Optionele rol Aannemer');
    expect(roleOf('Uitval Beheren', 'Implementatie partner').description).toBe('Optionele rol Implementatie partner');
    expect(roleOf('Geblokkeerde weken Beheren', 'Combi').description).toBe('Optionele rol Combi');
  });

  it('names every group that has the role when the organisation type is not one of them', () => {
    expect(roleOf('Testtool Verzenden').description).toBe(
      'Optionele rol Aannemer, Netbeheerder, Beheerder, Implementatie partner',
    );
    expect(roleOf('Business rules Zoeken', 'Netbeheerder').description).toBe(
      'Optionele rol Aannemer, Medewerker Mijn Aansluiting, Implementatie partner',
    );
  });

  it('describes main roles, and roles of no group as Overig', () => {
    expect(roleOf('Netbeheerder', 'Netbeheerder')).toEqual({
      id: 'Netbeheerder',
      name: 'Netbeheerder',
      description: 'Hoofdrol Netbeheerder',
    });
    expect(roleOf('Coordinerende Aannemer').description).toBe('Hoofdrol Aannemer');
    expect(roleOf('Beheer Monitoring', 'Netbeheerder').description).toBe('Overig');
  });
});
