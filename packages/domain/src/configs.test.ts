import { describe, expect, it } from 'vitest';
import { permissionsFor } from './permissions';
import {
  CONFIG_TEXTS,
  createConfigSchema,
  mayWriteConfig,
  normaliseDeelnemer,
  senderChip,
  splitEmails,
  updateConfigSchema,
  urlIssues,
} from './configs';

const aansluitingUrls = (side: 'opdrachtgever' | 'opdrachtnemer', types: string[]) =>
  Object.fromEntries(types.map((type) => [type, `https://${side}.example/${type}`]));

const OPDRACHTNEMER_TYPES = [
  'Opdracht',
  'BeoordelingTG',
  'BeoordelingAGA',
  'BeoordelingAGP',
  'OpdrachtGereed',
  'Annulering',
];

const valid = {
  deelnemer: 'Aannemer Nieuw',
  versienummer: '2.0',
  config: {
    clientId: 'id',
    clientSecret: 'geheim',
    tokenUrl: 'https://auth.example/token',
    emails: ['a@b.nl'],
    urls: aansluitingUrls('opdrachtnemer', OPDRACHTNEMER_TYPES),
  },
};

const fieldsOf = (schema: typeof createConfigSchema | typeof updateConfigSchema, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('createConfigSchema', () => {
  it('turns spaces in the participant name into underscores and keeps a complete side', () => {
    const parsed = createConfigSchema.parse(valid);
    expect(parsed.deelnemer).toBe('Aannemer_Nieuw');
    expect(Object.keys(parsed.config.urls)).toEqual(OPDRACHTNEMER_TYPES);
    expect(parsed.config).toMatchObject({ scope: '', useMtls: false });
  });

  it('names each required field with the spec text', () => {
    expect(fieldsOf(createConfigSchema, { ...valid, config: { ...valid.config, clientId: ' ' } })).toEqual([
      'config.clientId: Client ID moet ingevuld zijn.',
    ]);
    expect(fieldsOf(createConfigSchema, { ...valid, config: { ...valid.config, clientSecret: '' } })).toEqual([
      'config.clientSecret: Client Secret moet ingevuld zijn.',
    ]);
    expect(fieldsOf(createConfigSchema, { ...valid, config: { ...valid.config, tokenUrl: '' } })).toEqual([
      'config.tokenUrl: Token URL moet ingevuld zijn.',
    ]);
  });

  it('wants none or all URLs per side', () => {
    const urls = { ...valid.config.urls, Opdracht: '', Bijstelling: 'https://x.example/b' };
    expect(fieldsOf(createConfigSchema, { ...valid, config: { ...valid.config, urls } })).toEqual([
      'config.urls.opdrachtgever: Geen of alle opdrachtgever URLs moeten zijn ingevuld.',
      'config.urls.opdrachtnemer: Geen of alle opdrachtnemer URLs moeten zijn ingevuld.',
    ]);
  });

  it('rejects a URL type of the other flow and a URL that is not http(s)', () => {
    expect(urlIssues('h1.0', { Opdracht: 'https://x' })).toEqual([
      { path: ['urls', 'Opdracht'], message: "Onbekend berichttype 'Opdracht' voor dit versienummer." },
    ]);
    expect(
      fieldsOf(createConfigSchema, { ...valid, config: { ...valid.config, tokenUrl: 'ftp://x.example' } }),
    ).toEqual(['config.tokenUrl: Vul een geldige URL in (http of https).']);
  });

  it('lets an update leave the secret out', () => {
    const { clientSecret: _omitted, ...config } = valid.config;
    const basedOn = { version: 1, updated: '2026-11-24T10:00:00.000Z' };
    expect(fieldsOf(updateConfigSchema, { ...valid, config, basedOn })).toBeUndefined();
    expect(fieldsOf(createConfigSchema, { ...valid, config })).toEqual([
      'config.clientSecret: Client Secret moet ingevuld zijn.',
    ]);
  });
});

describe('helpers', () => {
  it('normalises names and e-mail lists as the form sends them', () => {
    expect(normaliseDeelnemer('  Netbeheer  Oost ')).toBe('Netbeheer_Oost');
    expect(splitEmails('a@b.nl, c @d.nl,,')).toEqual(['a@b.nl', 'c@d.nl']);
  });

  it('colours the status chip as spec 000 §4 says', () => {
    const sender = { version: 3, running: true, maxMessages: 5, maxPerSecond: 0, changed: '2026-01-01T00:00:00Z' };
    expect(senderChip({ version: 3, versienummer: '2.0', sender }).color).toBe('success');
    expect(senderChip({ version: 4, versienummer: '2.0', sender }).color).toBe('warning');
    expect(senderChip({ version: 3, versienummer: '2.0', sender: { ...sender, running: false } })).toMatchObject({
      label: 'Gepauzeerd',
      color: 'info',
    });
    expect(senderChip({ version: 1, versienummer: 'h1.0' })).toMatchObject({ label: 'version h1.0' });
  });

  it("writes a sender's limits in short, 0 per second as no limit", () => {
    expect(CONFIG_TEXTS.senderLimits(5, 10)).toBe('max. 5 tegelijk · 10/s');
    expect(CONFIG_TEXTS.senderLimits(2, 0)).toBe('max. 2 tegelijk · geen grens per seconde');
  });
});

describe('mayWriteConfig', () => {
  const user = (roles: string[], deelnemer?: string) => ({ permissions: permissionsFor(roles), deelnemer });

  it('lets a super-role user without the create-configuration right write only their own participant', () => {
    const verbindingen = user(['Beheer ziet alles', 'Verbindingen Beheren'], 'Knooppunt_Beheer');
    expect(verbindingen.permissions.canCreateDraft).toBe(true);
    expect(mayWriteConfig(verbindingen, 'Netbeheer_Noord')).toBe(false);
    expect(mayWriteConfig(verbindingen, 'Knooppunt_Beheer')).toBe(true);
  });

  it('lets the create-configuration right write every participant, and no one without create-draft', () => {
    expect(mayWriteConfig(user(['Beheer ziet alles', 'Opdrachtverstrekking Beheren']), 'Netbeheer_Noord')).toBe(true);
    expect(mayWriteConfig(user(['Configuraties Beheren'], 'Proef_Noord'), 'Proef_Noord')).toBe(true);
    expect(mayWriteConfig(user(['Configuraties Beheren'], 'Proef_Noord'), 'Proef_Zuid')).toBe(false);
    expect(mayWriteConfig(user(['Beheer ziet alles'], 'Proef_Noord'), 'Proef_Noord')).toBe(false);
    expect(mayWriteConfig(user(['Configuraties Beheren']), 'Proef_Noord')).toBe(false);
  });
});
