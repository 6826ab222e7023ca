import { ORGANISATION_TEXTS, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { ACTIVATE_PATH, ADMIN, DEACTIVATE_PATH, stubPanelApi } from '../testing/panel-api-stub';
import { OrganisatiesScreen } from './organisaties-screen';

const T = LABELS.organisaties.activation;
const MANAGER = ['Beheer User Viewers', 'Beheer User Beheer'];
const STAFF_MANAGER = { roles: MANAGER, deelnemer: 'Knooppunt_Beheer' };

afterEach(() => vi.unstubAllGlobals());

async function openPanel(name: string, auth: { roles: string[]; deelnemer: string }) {
  const view = renderWithProviders(<OrganisatiesScreen />, { ...auth, url: `/organisaties?open=${name}` });
  const panel = await screen.findByRole('dialog', { name });
  return { ...view, panel, status: within(panel).getByRole('region', { name: T.status }) };
}

// The list is behind the open panel (a modal drawer): hidden from the accessibility tree meanwhile.
const rowButton = (name: RegExp) =>
  within(screen.getByRole('table', { name: TITLES.organisaties, hidden: true })).getByRole('button', {
    name,
    hidden: true,
  });

describe("an organisation's status: 'Deactiveren' and 'Activeren' (issue 29)", () => {
  it('deactivates after saying what it means, marks the row and the panel, and activates again', async () => {
    const api = stubPanelApi();
    const { user, panel, status } = await openPanel('Aannemer_Alfa', STAFF_MANAGER);
    expect(status).toHaveTextContent(T.actief);

    await user.click(await within(status).findByRole('button', { name: T.deactivate }));
    const dialog = screen.getByRole('dialog', { name: T.deactivateTitle });
    expect(dialog).toHaveTextContent(
      'Gebruikers van Aannemer_Alfa kunnen dan niet meer inloggen en worden direct uitgelogd.',
    );
    expect(dialog).toHaveTextContent('krijgen geen tokens meer');
    expect(dialog).toHaveTextContent('berichten van en aan Aannemer_Alfa worden geweigerd');
    expect(dialog).toHaveTextContent('Alle gegevens blijven bewaard; met Activeren maakt u dit ongedaan.');
    expect(api.calls('POST', DEACTIVATE_PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.deactivate }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.deactivated);
    expect(alert).toHaveTextContent('Aannemer_Alfa');
    expect(await api.bodies('POST', DEACTIVATE_PATH)).toEqual([{ organisatie: 'Aannemer_Alfa' }]);
    await waitFor(() => expect(within(panel).getByText(T.gedeactiveerd)).toBeInTheDocument());
    expect(status).toHaveTextContent(T.gedeactiveerdUitleg);
    // The row's button says it too: a screen reader hears it with the name.
    expect(rowButton(/^Aannemer_Alfa/)).toHaveAccessibleName(`Aannemer_Alfa ${T.gedeactiveerd}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.deactivateTitle })).not.toBeInTheDocument());

    await user.click(within(status).getByRole('button', { name: T.activate }));
    const again = screen.getByRole('dialog', { name: T.activateTitle });
    expect(again).toHaveTextContent('Gebruikers van Aannemer_Alfa kunnen dan weer inloggen');
    await user.click(within(again).getByRole('button', { name: T.activate }));

    expect(await screen.findByText(T.activated)).toBeInTheDocument();
    expect(await api.bodies('POST', ACTIVATE_PATH)).toEqual([{ organisatie: 'Aannemer_Alfa' }]);
    await waitFor(() => expect(status).toHaveTextContent(T.actief));
    expect(rowButton(/^Aannemer_Alfa/)).toHaveAccessibleName('Aannemer_Alfa');
  });

  it('does nothing when cancelled', async () => {
    const api = stubPanelApi();
    const { user, status } = await openPanel('Aannemer_Alfa', ADMIN);
    await user.click(await within(status).findByRole('button', { name: T.deactivate }));
    await user.click(screen.getByRole('button', { name: LABELS.common.cancel }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.deactivateTitle })).not.toBeInTheDocument());
    expect(api.calls('POST', DEACTIVATE_PATH)).toHaveLength(0);
  });

  it("shows the server's refusal in Dutch", async () => {
    stubPanelApi({
      [`POST ${DEACTIVATE_PATH}`]: () =>
        Response.json({ message: ORGANISATION_TEXTS.alGedeactiveerd('Aannemer_Alfa') }, { status: 409 }),
    });
    const { user, status } = await openPanel('Aannemer_Alfa', ADMIN);
    await user.click(await within(status).findByRole('button', { name: T.deactivate }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.deactivateTitle })).getByRole('button', { name: T.deactivate }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.deactivateFailed);
    expect(alert).toHaveTextContent("Organisatie 'Aannemer_Alfa' is al gedeactiveerd.");
  });

  it("is not offered for an organisation of type Beheerder, nor to a participant's user manager", async () => {
    stubPanelApi();
    const beheer = await openPanel('Knooppunt_Beheer', ADMIN);
    // The offer waits for the organisations that tell whether the session is the operator's.
    await within(beheer.status).findByText(T.actief);
    expect(within(beheer.status).queryByRole('button')).not.toBeInTheDocument();
    beheer.unmount();

    const participant = await openPanel('Netbeheer_Noord', { roles: MANAGER, deelnemer: 'Netbeheer_Noord' });
    await waitFor(() =>
      expect(
        within(participant.panel).getByRole('region', { name: LABELS.organisaties.panel.partners }),
      ).toBeInTheDocument(),
    );
    expect(within(participant.status).queryByRole('button')).not.toBeInTheDocument();
  });
});
