import { CONFORMITY_TEXTS } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { ADMIN, CONFORMITY_PATH, LINKS_PATH, ORGANISATIONS, stubPanelApi } from '../testing/panel-api-stub';
import { OrganisatiesScreen } from './organisaties-screen';

const T = LABELS.organisaties.panel;

afterEach(() => vi.unstubAllGlobals());

async function openPanel(name: string, auth: { roles: string[]; deelnemer: string }) {
  const view = renderWithProviders(<OrganisatiesScreen />, { ...auth, url: '/organisaties' });
  await view.user.click(await screen.findByRole('button', { name }));
  return { ...view, panel: await screen.findByRole('dialog', { name }) };
}

describe("an organisation's panel (decision 0043)", () => {
  it('opens from its row by keyboard, with the organisation in the URL, and closes again', async () => {
    stubPanelApi();
    const { user, router } = renderWithProviders(<OrganisatiesScreen />, { ...ADMIN, url: '/organisaties' });
    (await screen.findByRole('button', { name: 'Aannemer_Beta' })).focus();

    await user.keyboard('{Enter}');

    const panel = await screen.findByRole('dialog', { name: 'Aannemer_Beta' });
    expect(within(panel).getByText(LABELS.organisaties.type).nextElementSibling).toHaveTextContent('Aannemer');
    expect(router.state.location.search).toBe('?open=Aannemer_Beta');

    await user.click(within(panel).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opens from a bookmark an organisation that is not on the page shown', async () => {
    stubPanelApi({
      // The page holds the first two; only the search for every organisation (limit 0) has the rest.
      'POST /rest/organisations/search': async (request) => {
        const { limit } = (await request.clone().json()) as { limit: number };
        const items = limit === 0 ? ORGANISATIONS : ORGANISATIONS.slice(0, 2);
        return Response.json({ items, count: ORGANISATIONS.length, skip: 0, limit });
      },
    });
    renderWithProviders(<OrganisatiesScreen />, {
      roles: ['Beheer User Viewers'],
      deelnemer: 'Knooppunt_Beheer',
      url: '/organisaties?open=Netbeheer_Noord',
    });

    const panel = await screen.findByRole('dialog', { name: 'Netbeheer_Noord' });
    expect(within(panel).getByText('Netbeheerder')).toBeInTheDocument();
  });

  it("shows a participant's conformity per flow: when it passed, or the scenarios without a passed run", async () => {
    stubPanelApi();
    const { panel } = await openPanel('Aannemer_Alfa', ADMIN);

    const conformity = within(panel).getByRole('region', { name: T.conformity });
    expect(await within(conformity).findByText(CONFORMITY_TEXTS.label('20-11-2026'))).toBeInTheDocument();
    expect(within(conformity).getByText(CONFORMITY_TEXTS.notPassed)).toBeInTheDocument();
    expect(
      within(conformity)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Opdracht tot gereed (Hoofdnet)', 'Annulering (Hoofdnet)']);
  });

  it("requires passed runs with the switch, and says so ('Testtool Beheren')", async () => {
    const api = stubPanelApi();
    const { user, panel } = await openPanel('Aannemer_Alfa', ADMIN);
    const requirement = await within(panel).findByRole('switch', { name: T.required });
    expect(requirement).not.toBeChecked();
    expect(requirement).toHaveAccessibleDescription(T.requiredHelper('Aannemer_Alfa'));

    await user.click(requirement);

    expect(await screen.findByText(T.requiredOn)).toBeInTheDocument();
    await waitFor(() => expect(requirement).toBeChecked());
    expect(await api.bodies('PUT', CONFORMITY_PATH)).toEqual([{ deelnemer: 'Aannemer_Alfa', vereist: true }]);

    await user.click(requirement);

    expect(await screen.findByText(T.requiredOff)).toBeInTheDocument();
    await waitFor(() => expect(requirement).not.toBeChecked());
    expect((await api.bodies('PUT', CONFORMITY_PATH)).at(-1)).toEqual({ deelnemer: 'Aannemer_Alfa', vereist: false });
  });

  it('shows the requirement without the switch to who may read but not change it', async () => {
    const api = stubPanelApi();
    api.state.vereist.add('Aannemer_Alfa');
    const { panel } = await openPanel('Aannemer_Alfa', { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' });

    expect(await within(panel).findByText(T.required)).toBeInTheDocument();
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
  });

  it("shows neither conformity nor partners of another organisation to a participant's user viewer", async () => {
    const api = stubPanelApi();
    const { panel } = await openPanel('Aannemer_Beta', {
      roles: ['Beheer User Viewers', 'Beheer User Beheer'],
      deelnemer: 'Aannemer_Alfa',
    });

    expect(within(panel).getByText('Aannemer')).toBeInTheDocument();
    // Only whether it is active (issue 29), with nothing to change there.
    expect(
      within(panel)
        .getAllByRole('region')
        .map((region) => region.querySelector('h3')?.textContent),
    ).toEqual([LABELS.organisaties.activation.status]);
    expect(within(panel).queryByRole('button', { name: LABELS.organisaties.activation.deactivate })).toBeNull();
    expect(api.calls('GET', CONFORMITY_PATH)).toHaveLength(0);
    expect(api.calls('GET', LINKS_PATH)).toHaveLength(0);
  });

  it("shows the operator's user manager without the super role any participant's partners to link, not its conformity", async () => {
    const api = stubPanelApi();
    const { panel } = await openPanel('Aannemer_Alfa', {
      roles: ['Beheer User Viewers', 'Beheer User Beheer'],
      deelnemer: 'Knooppunt_Beheer',
    });

    const partners = await within(panel).findByRole('region', { name: T.partners });
    expect(await within(partners).findByText('Implementatie_Partner_Integra')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: T.link })).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: T.conformity })).not.toBeInTheDocument();
    expect(api.calls('GET', CONFORMITY_PATH)).toHaveLength(0);
  });

  it("shows a participant's user manager its own conformity, and no switch", async () => {
    stubPanelApi();
    const { panel } = await openPanel('Aannemer_Alfa', {
      roles: ['Beheer User Viewers', 'Beheer User Beheer'],
      deelnemer: 'Aannemer_Alfa',
    });

    const conformity = within(panel).getByRole('region', { name: T.conformity });
    expect(await within(conformity).findByText(CONFORMITY_TEXTS.label('20-11-2026'))).toBeInTheDocument();
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows no conformity for an organisation that plays no side', async () => {
    const api = stubPanelApi();
    const { panel } = await openPanel('Implementatie_Partner_Integra', ADMIN);

    expect(await within(panel).findByRole('region', { name: T.implementsFor })).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: T.conformity })).not.toBeInTheDocument();
    expect(api.calls('GET', CONFORMITY_PATH)).toHaveLength(0);
  });
});
