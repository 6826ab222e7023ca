import { describe, expect, it } from 'vitest';
import { createOrganisationSchema } from './organisations';
import { SHOWN_NAME_TEXTS, invisibleCharacter, mixedScriptCharacter, shownNameProblem } from './shown-names';
import { createSystemClientSchema } from './system-clients';
import { createUserSchema } from './users';

describe('invisibleCharacter', () => {
  it.each([
    ['zero width space', 'Netbeheer_Noord\u200b', '\u200b'],
    ['zero width joiner', 'Net\u200dbeheer', '\u200d'],
    ['right-to-left override', '\u202eDROON', '\u202e'],
    ['left-to-right override', 'Noord\u202d', '\u202d'],
    ['first strong isolate', 'a\u2068b', '\u2068'],
    ['soft hyphen', 'Net\u00adbeheer', '\u00ad'],
    ['byte order mark', '\ufeffNoord', '\ufeff'],
    ['hangul filler', 'Noord\u3164', '\u3164'],
    ['variation selector', 'Noord\ufe0f', '\ufe0f'],
    ['tag character', 'Noord\u{e0041}', '\u{e0041}'],
    ['no-break space', 'Netbeheer\u00a0Noord', '\u00a0'],
    ['line separator', 'a\u2028b', '\u2028'],
    ['tab', 'a\tb', '\t'],
    ['private use', 'a\ue000', '\ue000'],
  ])('finds a %s', (_, text, found) => {
    expect(invisibleCharacter(text)).toBe(found);
  });

  it('finds nothing in visible text with plain spaces', () => {
    expect(invisibleCharacter('Bouwbedrijf Ærø & Zn. 2')).toBeUndefined();
  });
});

describe('mixedScriptCharacter', () => {
  it.each([
    ['Netbeheer_N\u043eord', '\u043e'],
    ['Аннемер Alfa', 'A'],
    ['α-Netwerk', 'N'],
    ['Noord १२', '१'],
  ])('finds where %s changes script', (text, found) => {
    expect(mixedScriptCharacter(text)).toBe(found);
  });

  it.each(['Netbeheer_Noord 2', 'Café Ærø', 'Строймонтаж-1', '東京タワー', 'jan.de-vries@noord.example'])(
    'takes %s, in one script with common characters',
    (text) => {
      expect(mixedScriptCharacter(text)).toBeUndefined();
    },
  );
});

describe('shownNameProblem', () => {
  it('says the invisible character first, by its code point', () => {
    expect(shownNameProblem('N\u043eord\u200b', 'Organisatie', { singleScript: true })).toBe(
      SHOWN_NAME_TEXTS.invisible('Organisatie', 'U+200B'),
    );
  });

  it('lets a description mix scripts between its words', () => {
    expect(shownNameProblem('Koppeling Київ', 'Omschrijving', { singleScript: false })).toBeUndefined();
    expect(shownNameProblem('Koppeling Київ', 'Organisatie', { singleScript: true })).toBe(
      SHOWN_NAME_TEXTS.mixedScripts('Organisatie', 'К', 'U+041A'),
    );
  });
});

describe('the schemas of shown names', () => {
  it('store an organisation name NFC and refuse what hides or mixes', () => {
    expect(createOrganisationSchema.parse({ organisatie: ' Cafe\u0301 ', type: 'Aannemer' }).organisatie).toBe(
      'Caf\u00e9',
    );
    const refused = createOrganisationSchema.safeParse({ organisatie: 'Netbeheer_N\u043eord', type: 'Aannemer' });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['organisatie'],
        message: SHOWN_NAME_TEXTS.mixedScripts('Organisatie', '\u043e', 'U+043E'),
      }),
    ]);
  });

  it("say which character is wrong in an e-mail address, and in a client's omschrijving", () => {
    const email = createUserSchema.safeParse({ email: 'jan\u200b@noord.example', organisatie: 'X' });
    expect(email.error?.issues.map((issue) => issue.message)).toEqual([
      SHOWN_NAME_TEXTS.invisible('E-mailadres', 'U+200B'),
    ]);
    const omschrijving = createSystemClientSchema.safeParse({ omschrijving: 'GIS\u202e' });
    expect(omschrijving.error?.issues.map((issue) => issue.message)).toEqual([
      SHOWN_NAME_TEXTS.invisible('Omschrijving', 'U+202E'),
    ]);
  });
});
