import { AUDIT_LOG_TEXTS, ERROR_TITLES, type AuditEntryView, type CappedPaged } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { AuditlogScreen } from './auditlog-screen';
import { startOfDay } from './audit-search-body';

const SEARCH = '/rest/audit/search';
const SUPER = ['Beheer ziet alles'];
const T = LABELS.auditlog;

const CHANGE: AuditEntryView = {
  id: '42',
  at: '2026-03-02T10:15:00Z',
  actor: 'beheer@knooppunt.example',
  actorDeelnemer: 'Knooppunt_Beheer',
  actingFor: 'Netbeheer_Noord',
  action: 'config.update',
  subjectType: 'configuration',
  subjectId: 'Aannemer_Alfa/2.0',
  before: { sender: { url: 'https://oud.example', maxMessages: 5 }, emails: ['a@x.nl'], clientSecret: '[verborgen]' },
  after: { sender: { url: 'https://nieuw.example', maxMessages: 5 }, emails: [], clientSecret: '[verborgen]' },
};
const LOGIN: AuditEntryView = {
  ...CHANGE,
  id: '41',
  at: '2026-03-02T09:00:00Z',
  actingFor: null,
  action: 'user.create',
  subjectType: 'user',
  subjectId: 'nieuw@x.nl',
  before: null,
  after: { email: 'nieuw@x.nl' },
};

function stub() {
  return stubApi({
    [`POST ${SEARCH}`]: () =>
      Response.json({
        items: [CHANGE, LOGIN],
        count: 2,
        skip: 0,
        limit: 50,
        countIsLowerBound: false,
      } satisfies CappedPaged<AuditEntryView>),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: AUDIT_LOG_TEXTS.title });

describe('Auditlog', () => {
  it('lists the changes newest first, fifty per page, with who acted for whom', async () => {
    const api = stub();
    renderWithProviders(<AuditlogScreen />, { roles: SUPER, url: '/auditlog' });

    const row = await within(table()).findByRole('row', { name: /Configuratie gewijzigd/ });
    expect(row).toHaveTextContent(formatDateTime(CHANGE.at));
    expect(row).toHaveTextContent('beheer@knooppunt.example (namens Netbeheer_Noord)');
    expect(row).toHaveTextContent('Configuratie Aannemer_Alfa/2.0');
    expect(within(table()).getByRole('row', { name: /Gebruiker toegevoegd/ })).not.toHaveTextContent('namens');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([T.wanneer, T.wie, T.actie, T.onderwerp]);
    expect(await api.bodies('POST', SEARCH)).toEqual([
      { filters: [], skip: 0, limit: 50, sortBy: 'at', sortDirection: 'desc' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: AUDIT_LOG_TEXTS.title })).toBeInTheDocument();
  });

  it('never cuts Actie and Onderwerp: a long action and subject show whole (issue 29)', async () => {
    const long: AuditEntryView = {
      ...LOGIN,
      id: '40',
      action: 'sender.useNewest',
      subjectType: 'user',
      subjectId: 'iemand.met.een.lang.adres@aannemer-langenaam.example',
    };
    stubApi({
      [`POST ${SEARCH}`]: () =>
        Response.json({ items: [long], count: 1, skip: 0, limit: 50, countIsLowerBound: false }),
    });
    renderWithProviders(<AuditlogScreen />, { roles: SUPER, url: '/auditlog' });

    const row = await within(table()).findByRole('row', { name: /Nieuwste configuratie in gebruik genomen/ });
    const [, , action, subject] = within(row).getAllByRole('cell');
    expect(action).toHaveTextContent('Nieuwste configuratie in gebruik genomen');
    expect(subject).toHaveTextContent('Gebruiker iemand.met.een.lang.adres@aannemer-langenaam.example');
    // No ellipsis on either: they wrap instead.
    expect(action!.querySelector('[data-truncated-text]')).toBeNull();
    expect(subject!.querySelector('[data-truncated-text]')).toBeNull();
  });

  it('searches on user, action and a period of whole days, the end day included', async () => {
    const api = stub();
    const { user, router } = renderWithProviders(<AuditlogScreen />, { roles: SUPER, url: '/auditlog' });
    await within(table()).findByRole('row', { name: /Configuratie gewijzigd/ });

    await user.type(screen.getByRole('textbox', { name: T.actor }), 'beheer@knooppunt.example');
    // The action is chosen by its words; the search names its code.
    await user.click(screen.getByRole('combobox', { name: T.action }));
    await user.click(await screen.findByRole('option', { name: 'Configuratie gewijzigd' }));
    await user.type(screen.getByLabelText(T.from), '2026-03-01');
    await user.type(screen.getByLabelText(T.to), '2026-03-02');
    await user.click(screen.getByRole('button', { name: LABELS.common.search }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?actor=beheer%40knooppunt.example&action=config.update&from=2026-03-01&to=2026-03-02',
      ),
    );
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH)).at(-1)).toEqual({
        filters: [
          { name: 'actor', value: 'beheer@knooppunt.example' },
          { name: 'action', value: 'config.update' },
          { name: 'from', value: new Date(2026, 2, 1).toISOString() },
          { name: 'to', value: new Date(2026, 2, 3).toISOString() },
        ],
        skip: 0,
        limit: 50,
        sortBy: 'at',
        sortDirection: 'desc',
      }),
    );
  });

  it('leaves out a day in the URL that is no date', () => {
    expect(startOfDay('2026-13-45x')).toBeUndefined();
    expect(startOfDay('gisteren')).toBeUndefined();
    expect(startOfDay('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('opens a change in the side panel with before and after per field, the kind of change in words', async () => {
    stub();
    const { user } = renderWithProviders(<AuditlogScreen />, { roles: SUPER, url: '/auditlog' });

    await user.click(await within(table()).findByRole('button', { name: 'Configuratie gewijzigd Aannemer_Alfa/2.0' }));

    const panel = await screen.findByRole('dialog', { name: 'Configuratie gewijzigd Aannemer_Alfa/2.0' });
    expect(panel).toHaveTextContent('beheer@knooppunt.example (namens Netbeheer_Noord)');
    expect(panel).toHaveTextContent('Configuratie gewijzigd (config.update)');
    const diff = within(panel).getByRole('table', { name: T.differenceTitle });
    const rows = within(diff)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [T.veld, T.wijziging, T.voor, T.na],
      ['sender.url', 'gewijzigd', 'https://oud.example', 'https://nieuw.example'],
      ['emails.0', 'verwijderd', 'a@x.nl', T.empty],
      ['emails', 'toegevoegd', T.empty, '[]'],
    ]);
    expect(panel).toHaveTextContent(T.unchanged(2));

    await user.click(within(panel).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a failing search as 'Fout bij ophalen auditlog'", async () => {
    stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Stuk' }, { status: 500 }) });
    renderWithProviders(<AuditlogScreen />, { roles: SUPER, url: '/auditlog' });

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.fetchAuditLog);
  });
});
