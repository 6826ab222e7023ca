import {
  SUCCESS_MESSAGES,
  TITLES,
  type CappedPaged,
  type MessageView,
  type OpdrachtView,
  type Organisation,
  type Paged,
  type User,
} from '@knooppunt/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BerichtenScreen } from '@/features/berichten/components/berichten-screen';
import {
  BULK_RETRY,
  MESSAGES,
  PARTIES,
  SEARCH as MESSAGE_SEARCH,
  VALUELIST,
} from '@/features/berichten/testing/message-api-stub';
import { GebruikersScreen } from '@/features/gebruikers/components/gebruikers-screen';
import {
  organisations,
  PLATFORM_ADMIN,
  roleTree,
  STAFF_MANAGER,
  users,
} from '@/features/gebruikers/components/test-fixtures';
import { OpdrachtenScreen } from '@/features/opdrachten/components/opdrachten-screen';
import { OrganisatiesScreen } from '@/features/organisaties/components/organisaties-screen';
import { LABELS } from '@/lib/texts';
import { DATA_KEYS, FRESH_DATA_RULE } from './fresh-data';
import { renderRoutes } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { rowAction } from '@/testing/row-action';

/**
 * Fresh data after a change (decision 0022), across screens that share one query cache: each
 * test shows screen B, changes something on screen A (or on B), and shows B again in the same
 * client-side session, as a user moving through the menu does.
 */

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** The users screen's calls, with the organisations and the role tree as the server has them now. */
function usersHandlers(state: { organisations: Organisation[]; roleTree: typeof roleTree }) {
  return {
    'POST /rest/users/search': () =>
      json({ items: users, count: users.length, skip: 0, limit: 10 } satisfies Paged<User>),
    'POST /rest/roles/search': () => json(state.roleTree),
    'POST /rest/organisations/search': () =>
      json({
        items: state.organisations,
        count: state.organisations.length,
        skip: 0,
        limit: 0,
      } satisfies Paged<Organisation>),
    'POST /rest/users/autosuggest': () => json([]),
  };
}

async function optionsOf(user: ReturnType<typeof renderRoutes>['user'], combobox: HTMLElement) {
  await user.click(combobox);
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('fresh data after a change, across screens', () => {
  it('a new organisation is in the Gebruikers filter and the new-user dialog when /gebruikers is shown again', async () => {
    const state = { organisations: [...organisations], roleTree };
    const api = stubApi({
      ...usersHandlers(state),
      'POST /rest/organisations': async (request) => {
        const body = (await request.clone().json()) as Organisation;
        state.organisations = [
          ...state.organisations,
          { ...body, metadata: { deelnemer: body.organisatie, delegerenden: [] } },
        ];
        return json(body, 201);
      },
    });
    const { user, router } = renderRoutes(
      [
        { path: '/gebruikers', element: <GebruikersScreen /> },
        { path: '/organisaties', element: <OrganisatiesScreen /> },
      ],
      { ...PLATFORM_ADMIN, url: '/gebruikers' },
    );
    await screen.findByText('jan@noord.example');
    const filter = () => screen.getByRole('combobox', { name: LABELS.gebruikers.organisatie });
    expect(await optionsOf(user, filter())).not.toContain('Aannemer_Nieuw');

    await act(() => router.navigate('/organisaties'));
    await user.click(await screen.findByRole('button', { name: LABELS.organisaties.newOrganisation }));
    const dialog = screen.getByRole('dialog', { name: TITLES.createOrganisation });
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'Aannemer_Nieuw');
    await user.click(within(dialog).getByRole('combobox', { name: LABELS.organisaties.type }));
    await user.click(screen.getByRole('option', { name: 'Aannemer' }));
    const create = within(dialog).getByRole('button', { name: LABELS.common.create });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByText(SUCCESS_MESSAGES.organisationCreated)).toBeInTheDocument();
    expect(api.calls('POST', '/rest/organisations')).toHaveLength(1);

    await act(() => router.navigate('/gebruikers'));
    await screen.findByText('jan@noord.example');
    await waitFor(async () => expect(await optionsOf(user, filter())).toContain('Aannemer_Nieuw'));

    await user.click(screen.getByRole('button', { name: LABELS.gebruikers.newUser }));
    const newUser = screen.getByRole('dialog', { name: LABELS.gebruikers.createTitle });
    expect(
      await optionsOf(user, within(newUser).getByRole('combobox', { name: LABELS.gebruikers.organisatie })),
    ).toContain('Aannemer_Nieuw');
  });

  it('synchronising users refreshes the role tree', async () => {
    const state = { organisations, roleTree };
    const api = stubApi({
      ...usersHandlers(state),
      'POST /rest/admin/synchronize': () => {
        // The provider knew a role the database did not: the tree has a group for it now.
        state.roleTree = {
          items: [
            ...roleTree.items,
            { organisatieType: 'Aannemer', roles: [{ id: 'A', name: 'Aannemer', description: '', optional: false }] },
          ],
        };
        return json({ verwijderd: 0, bijgewerkt: 1, meldingen: [] });
      },
    });
    const { user } = renderRoutes([{ path: '/gebruikers', element: <GebruikersScreen /> }], {
      ...STAFF_MANAGER,
      url: '/gebruikers',
    });
    const tree = screen.getByRole('navigation', { name: LABELS.gebruikers.roleTree });
    await within(tree).findByRole('button', { name: 'Netbeheerder' });
    expect(within(tree).queryByRole('button', { name: 'Aannemer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: LABELS.gebruikers.synchronize }));
    // Asked first (issue 29).
    const asked = screen.getByRole('dialog', { name: LABELS.gebruikers.syncTitle });
    await user.click(within(asked).getByRole('button', { name: LABELS.gebruikers.synchronize }));

    expect(await within(tree).findByRole('button', { name: 'Aannemer' })).toBeInTheDocument();
    expect(api.calls('POST', '/rest/roles/search')).toHaveLength(2);
  });

  it('cancelling an order removes its messages from Berichten when that screen is shown again', async () => {
    const order: OpdrachtView = {
      opdrachtId: MESSAGES.waiting.opdrachtId,
      versienummer: '2.0',
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Gamma',
      status: 100,
      statusText: 'Opdracht verstrekt',
      created: '2025-02-03T09:00:00Z',
      changed: '2025-02-03T10:00:00Z',
    };
    let messages: MessageView[] = Object.values(MESSAGES);
    const capped = <T,>(items: T[]): CappedPaged<T> => ({
      items,
      count: items.length,
      skip: 0,
      limit: 50,
      countIsLowerBound: false,
    });
    const api = stubApi({
      [`POST ${MESSAGE_SEARCH}`]: () => json(capped(messages)),
      [`GET ${BULK_RETRY}`]: () => json({ items: [] }),
      [`GET ${VALUELIST}`]: () => json(PARTIES),
      'POST /rest/management/opdracht/search': () => json(capped([order])),
      [`PATCH /rest/management/opdracht/cancel/${order.opdrachtId}`]: () => {
        // Cancelling deletes the order's messages still to be sent (spec 000 §4).
        messages = messages.filter((message) => message.opdrachtId !== order.opdrachtId);
        return json({ ...order, status: 990, statusText: 'Opdracht handmatig geannuleerd' });
      },
    });
    const { user, router } = renderRoutes(
      [
        { path: '/berichten', element: <BerichtenScreen flow="aansluiting" /> },
        { path: '/opdrachten', element: <OpdrachtenScreen flow="aansluiting" /> },
      ],
      { roles: ['Beheer ziet alles'], url: '/berichten' },
    );
    expect(await screen.findByText(order.opdrachtId)).toBeInTheDocument();

    await act(() => router.navigate('/opdrachten'));
    const table = await screen.findByRole('table', { name: TITLES.opdrachten });
    const row = await within(table).findByRole('row', { name: new RegExp(order.opdrachtId) });
    await user.click(within(row).getByRole('button', { name: rowAction(LABELS.opdrachten.cancel) }));
    await user.click(
      within(screen.getByRole('dialog', { name: LABELS.opdrachten.cancel })).getByRole('button', {
        name: LABELS.common.yes,
      }),
    );
    expect(await screen.findByText(SUCCESS_MESSAGES.opdrachtCancelled)).toBeInTheDocument();

    await act(() => router.navigate('/berichten'));
    // The list is fetched again (the positive signal), and the cancelled order's message is gone.
    await waitFor(() => expect(api.calls('POST', MESSAGE_SEARCH)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(order.opdrachtId)).not.toBeInTheDocument());
    expect(screen.getByText(MESSAGES.failed.opdrachtId)).toBeInTheDocument();
  });
});

describe('the rule covers every mutation', () => {
  it('every useMutation of the portal names what it changes (meta.changes)', () => {
    const sources = import.meta.glob<string>(['../features/**/*.ts', '../features/**/*.tsx', '!../**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const mutations = Object.entries(sources).filter(([, source]) => source.includes('useMutation('));
    expect(mutations.length).toBeGreaterThanOrEqual(24);
    expect(mutations.filter(([, source]) => !/meta: \{ changes: \[/.test(source)).map(([path]) => path)).toEqual([]);
  });
});

describe('the rule names the keys the features use', () => {
  it('each key of DATA_KEYS is the prefix of its feature query options', async () => {
    const [
      { searchOrganisationsQueryOptions },
      { valuelistsQueryOptions },
      rulesLookup,
      waardenlijstenLookup,
      { searchUsersQueryOptions },
      { autosuggestQueryOptions },
      { searchRolesQueryOptions },
      { clientsQueryOptions },
      { searchConfigsQueryOptions },
      { getConfigQueryOptions },
      { getSenderLogQueryOptions },
      { searchWaardenlijstenQueryOptions },
      { searchOpdrachtenQueryOptions },
      { getOpdrachtHistorieQueryOptions },
      { searchMessagesQueryOptions },
      { searchLeveringenQueryOptions },
      { searchAuditQueryOptions },
      { runsQueryOptions },
      { runQueryOptions },
      { getConformityQueryOptions },
      { organisationLinksQueryOptions },
      { platformQueryOptions },
      termijnenLookup,
      { termijnenQueryOptions },
    ] = await Promise.all([
      import('@/features/organisaties/api/search-organisations'),
      import('@/features/configs/api/get-valuelists'),
      import('@/features/scenarios/api/get-lookup'),
      import('@/features/waardenlijsten/api/get-lookup'),
      import('@/features/gebruikers/api/search-users'),
      import('@/features/gebruikers/api/autosuggest'),
      import('@/features/gebruikers/api/search-roles'),
      import('@/features/clients/api/get-clients'),
      import('@/features/configs/api/search-configs'),
      import('@/features/configs/api/get-config'),
      import('@/features/configs/api/get-sender-log'),
      import('@/features/waardenlijsten/api/search-waardenlijsten'),
      import('@/features/opdrachten/api/search-opdrachten'),
      import('@/features/opdrachten/api/get-opdracht-historie'),
      import('@/features/berichten/api/search-messages'),
      import('@/features/leveringen/api/search-leveringen'),
      import('@/features/auditlog/api/search-audit'),
      import('@/features/testtool/api/get-runs'),
      import('@/features/testtool/api/get-run'),
      import('@/lib/api/get-conformity'),
      import('@/features/organisaties/api/get-organisation-links'),
      import('@/features/overzicht/api/get-platform'),
      import('@/features/termijnen/api/get-lookup'),
      import('@/features/termijnen/api/get-termijnen'),
    ]);
    const features: Record<keyof typeof DATA_KEYS, readonly unknown[]> = {
      organisations: searchOrganisationsQueryOptions().queryKey,
      configValuelists: valuelistsQueryOptions().queryKey,
      rulesLookup: rulesLookup.lookupQueryOptions().queryKey,
      waardenlijstenLookup: waardenlijstenLookup.lookupQueryOptions().queryKey,
      users: searchUsersQueryOptions().queryKey,
      autosuggest: autosuggestQueryOptions('iets').queryKey,
      roles: searchRolesQueryOptions().queryKey,
      clients: clientsQueryOptions().queryKey,
      configs: searchConfigsQueryOptions('productie').queryKey,
      config: getConfigQueryOptions('productie').queryKey,
      senderLog: getSenderLogQueryOptions('productie').queryKey,
      testConfigs: searchConfigsQueryOptions('test').queryKey,
      testConfig: getConfigQueryOptions('test').queryKey,
      testSenderLog: getSenderLogQueryOptions('test').queryKey,
      waardenlijsten: searchWaardenlijstenQueryOptions().queryKey,
      opdrachten: searchOpdrachtenQueryOptions().queryKey,
      opdrachtHistorie: getOpdrachtHistorieQueryOptions().queryKey,
      messages: searchMessagesQueryOptions().queryKey,
      leveringen: searchLeveringenQueryOptions().queryKey,
      audit: searchAuditQueryOptions().queryKey,
      testruns: runsQueryOptions().queryKey,
      conformity: getConformityQueryOptions('Aannemer_Alfa').queryKey,
      implementationLinks: organisationLinksQueryOptions('Aannemer_Alfa').queryKey,
      platform: platformQueryOptions().queryKey,
      termijnenLookup: termijnenLookup.lookupQueryOptions().queryKey,
      termijnen: termijnenQueryOptions('Netbeheer_Noord').queryKey,
    };
    // The run of a report is under the same key: starting or stopping one refreshes it too.
    expect(runQueryOptions('run-1').queryKey.slice(0, DATA_KEYS.testruns.length)).toEqual(DATA_KEYS.testruns);
    for (const [name, prefix] of Object.entries(DATA_KEYS)) {
      const featureKey = features[name as keyof typeof DATA_KEYS];
      expect({ name, key: featureKey.slice(0, prefix.length) }).toEqual({ name, key: prefix });
    }
  });

  it('makes the Auditlog stale after every kind of change (each one is audited)', () => {
    for (const [change, stale] of Object.entries(FRESH_DATA_RULE)) {
      expect({ change, audit: stale.some((filters) => filters.queryKey === DATA_KEYS.audit) }).toEqual({
        change,
        audit: true,
      });
    }
  });
});
