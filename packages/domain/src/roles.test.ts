import { describe, expect, it } from 'vitest';
import { OTHER_ROLE_GROUP, roleGroupOf } from './roles';
import { flowOf, messageTypesFor } from './messageTypes';
import { pagingLabel } from './texts';
import { createOrganisationSchema } from './organisations';

describe('roleGroupOf', () => {
  it.each([
    ['Coordinerende Aannemer', 'Aannemer'],
    ['Business rules Concept Bewerken', 'Netbeheerder'],
    ['Beheer ziet alles', 'Beheerder'],
    ['Implementeert voor Aannemer', 'Implementatie partner'],
    ['geen', 'geen'],
    ['Beheer Monitoring', OTHER_ROLE_GROUP],
  ])('puts %s in group %s', (role, group) => {
    expect(roleGroupOf(role)).toBe(group);
  });
});

describe('message types', () => {
  it('tells the flow from the version number', () => {
    expect(flowOf('2.0')).toBe('aansluiting');
    expect(flowOf('h1.0')).toBe('hoofdnet');
  });

  it('lists the opdrachtnemer group of each flow', () => {
    expect(messageTypesFor('aansluiting', 'opdrachtnemer')).toEqual([
      'Opdracht',
      'BeoordelingTG',
      'BeoordelingAGA',
      'BeoordelingAGP',
      'OpdrachtGereed',
      'Annulering',
    ]);
    expect(messageTypesFor('hoofdnet', 'opdrachtnemer')).toEqual([
      'OpdrachtHoofdnet',
      'BeoordelingLevering',
      'OpdrachtGereedHoofdnet',
      'AnnuleringHoofdnet',
    ]);
  });
});

describe('pagingLabel', () => {
  it('reads from-to van total, or meer dan for a lower bound', () => {
    expect(pagingLabel(1, 10, 42)).toBe('1-10 van 42');
    expect(pagingLabel(11, 20, 10000, true)).toBe('11-20 van meer dan 10000');
  });
});

describe('createOrganisationSchema', () => {
  it('trims the name and accepts a plain organisation', () => {
    expect(createOrganisationSchema.parse({ organisatie: ' Aannemer X ', type: 'Aannemer' })).toEqual({
      organisatie: 'Aannemer X',
      type: 'Aannemer',
      metadata: { delegerenden: [] },
    });
  });

  it('names the field for each broken rule', () => {
    const paths = (input: unknown) =>
      createOrganisationSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ organisatie: '', type: 'Aannemer' })).toEqual(['organisatie']);
    expect(paths({ organisatie: 'x'.repeat(201), type: 'Aannemer' })).toEqual(['organisatie']);
    expect(paths({ organisatie: 'x'.repeat(200), type: 'Aannemer' })).toBeUndefined();
    expect(paths({ organisatie: 'X', type: 'Beheerder' })).toEqual(['type']);
    expect(paths({ organisatie: 'X', type: 'Gedelegeerd netbeheerder' })).toEqual(['metadata.delegerenden']);
    expect(
      paths({ organisatie: 'X', type: 'Gedelegeerd netbeheerder', metadata: { delegerenden: ['Onbekend'] } }),
    ).toEqual(['metadata.delegerenden.0']);
  });
});
