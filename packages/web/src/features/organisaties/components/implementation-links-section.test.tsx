import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { ADMIN, LINKS_PATH, stubPanelApi, UNLINK_PATH } from '../testing/panel-api-stub';
import { OrganisatiesScreen } from './organisaties-screen';

const T = LABELS.organisaties.panel;
/** A participant's own user manager: links partners to its own organisation only (decision 0041). */
const ALFA_MANAGER = { roles: ['Beheer User Viewers', 'Beheer User Beheer'], deelnemer: 'Aannemer_Alfa' };

afterEach(() => vi.unstubAllGlobals());

async function openLinks(name: string, auth: { roles: string[]; deelnemer: string }, section: string = T.partners) {
  const view = renderWithProviders(<OrganisatiesScreen />, { ...auth, url: `/organisaties?open=${name}` });
  const panel = await screen.findByRole('dialog', { name });
  const region = within(panel).getByRole('region', { name: section });
  return { ...view, panel, region };
}

async function chooseIn(user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  return screen.findAllByRole('option');
}

describe('implementation partners on Organisaties (decision 0043)', () => {
  it("lists a participant's partners with when and by whom they were linked", async () => {
    stubPanelApi();
    const { region } = await openLinks('Aannemer_Alfa', ADMIN);

    const item = await within(region).findByRole('listitem');
    expect(item).toHaveTextContent('Implementatie_Partner_Integra');
    expect(item).toHaveTextContent(T.linkedOn('01-02-2026', 'beheer@knooppunt.example'));
  });

  it('links a partner chosen from the partners not linked yet, says so and shows it', async () => {
    const api = stubPanelApi();
    const { user, region } = await openLinks('Aannemer_Alfa', ALFA_MANAGER);
    await within(region).findByText('Implementatie_Partner_Integra');

    await user.click(within(region).getByRole('button', { name: T.link }));
    const dialog = screen.getByRole('dialog', { name: T.linkPartnerTitle('Aannemer_Alfa') });
    const options = await chooseIn(user, dialog, T.partner);
    expect(options.map((option) => option.textContent)).toEqual(['Implementatie_Partner_Koppelvlak']);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('button', { name: T.link }));

    expect(await screen.findByText(T.linked)).toBeInTheDocument();
    expect(await api.bodies('POST', LINKS_PATH)).toEqual([
      { partner: 'Implementatie_Partner_Koppelvlak', deelnemer: 'Aannemer_Alfa' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /koppelen aan/ })).not.toBeInTheDocument());
    expect(await within(region).findByText('Implementatie_Partner_Koppelvlak')).toBeInTheDocument();
  });

  it("links a participant to a partner from the partner's panel, offering the types it implements for", async () => {
    const api = stubPanelApi();
    const { user, region } = await openLinks('Implementatie_Partner_Koppelvlak', ADMIN, T.implementsFor);
    expect(await within(region).findByText(T.noParticipants)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: T.link }));
    const dialog = screen.getByRole('dialog', { name: T.linkParticipantTitle('Implementatie_Partner_Koppelvlak') });
    const options = await chooseIn(user, dialog, T.deelnemer);
    expect(options.map((option) => option.textContent)).toEqual(['Aannemer_Alfa', 'Aannemer_Beta', 'Netbeheer_Noord']);
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Noord' }));
    await user.click(within(dialog).getByRole('button', { name: T.link }));

    expect(await within(region).findByText('Netbeheer_Noord')).toBeInTheDocument();
    expect(await api.bodies('POST', LINKS_PATH)).toEqual([
      { partner: 'Implementatie_Partner_Koppelvlak', deelnemer: 'Netbeheer_Noord' },
    ]);
  });

  it("shows the server's refusal of the organisation chosen at the field, and keeps the dialog open", async () => {
    const refusal = "Organisatie 'Implementatie_Partner_Koppelvlak' is geen implementatiepartner.";
    stubPanelApi({
      [`POST ${LINKS_PATH}`]: () =>
        Response.json({ message: refusal, details: [{ field: 'partner', message: refusal }] }, { status: 422 }),
    });
    const { user, region } = await openLinks('Aannemer_Alfa', ADMIN);
    await within(region).findByText('Implementatie_Partner_Integra');
    await user.click(within(region).getByRole('button', { name: T.link }));
    const dialog = screen.getByRole('dialog', { name: T.linkPartnerTitle('Aannemer_Alfa') });
    await user.click((await chooseIn(user, dialog, T.partner))[0]!);

    await user.click(within(dialog).getByRole('button', { name: T.link }));

    const field = within(dialog).getByRole('combobox', { name: T.partner });
    await waitFor(() => expect(field).toHaveAccessibleDescription(refusal));
    expect(field).toBeInvalid();
    expect(dialog).toBeInTheDocument();
  });

  it('unlinks a partner after asking, says so and drops it from the list', async () => {
    const api = stubPanelApi();
    const { user, region } = await openLinks('Aannemer_Alfa', ADMIN);

    await user.click(
      await within(region).findByRole('button', {
        name: LABELS.common.forRow(T.unlink, 'Implementatie_Partner_Integra'),
      }),
    );
    const confirm = screen.getByRole('dialog', { name: T.unlinkTitle });
    expect(confirm).toHaveTextContent(T.unlinkText('Implementatie_Partner_Integra', 'Aannemer_Alfa'));
    await user.click(within(confirm).getByRole('button', { name: T.unlink }));

    expect(await screen.findByText(T.unlinked)).toBeInTheDocument();
    expect(api.calls('DELETE', UNLINK_PATH)).toHaveLength(1);
    expect(await within(region).findByText(T.noPartners)).toBeInTheDocument();
  });

  it('offers neither Koppelen nor Ontkoppelen without the right to manage users', async () => {
    stubPanelApi();
    const { region } = await openLinks('Aannemer_Alfa', {
      roles: ['Beheer ziet alles'],
      deelnemer: 'Knooppunt_Beheer',
    });

    expect(await within(region).findByText('Implementatie_Partner_Integra')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: T.link })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: new RegExp(T.unlink) })).not.toBeInTheDocument();
  });

  it("does not let a participant's user manager link for a partner, even its own", async () => {
    stubPanelApi();
    const { region } = await openLinks(
      'Implementatie_Partner_Integra',
      { roles: ['Beheer User Viewers', 'Beheer User Beheer'], deelnemer: 'Implementatie_Partner_Integra' },
      T.implementsFor,
    );

    expect(await within(region).findByText('Aannemer_Alfa')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: T.link })).not.toBeInTheDocument();
  });
});
