import { CONCURRENCY_TEXTS, TERMIJN_HOLIDAY_NOTE, TERMIJN_TEXTS } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { rowAction } from '@/testing/row-action';
import { EDITOR, LEVERING, OTHER, OWN, PLANNING, SUPER, VIEWER, stubTermijnApi } from '../testing/termijn-api-stub';
import { TermijnenScreen } from './termijnen-screen';

const T = LABELS.termijnen;
const OWN_PATH = `/rest/termijnen/${OWN}`;

afterEach(() => vi.unstubAllGlobals());

function renderScreen(roles: string[], options: { url?: string; deelnemer?: string } = {}) {
  return renderWithProviders(<TermijnenScreen />, { roles, url: '/termijnen', deelnemer: OWN, ...options });
}

type User = ReturnType<typeof renderScreen>['user'];

const table = () => screen.getByRole('table', { name: TERMIJN_TEXTS.title });
const rowOf = (omschrijving: string) => within(table()).findByRole('row', { name: new RegExp(omschrijving) });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** A required field's name ends in its asterisk. */
const named = (label: string) => new RegExp(`^${label}`);

async function choose(user: User, within_: HTMLElement, label: string, option: string) {
  await user.click(within(within_).getByRole('combobox', { name: named(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openRowMenu(user: User, omschrijving: string, action: string) {
  await user.click(within(await rowOf(omschrijving)).getByRole('button', { name: rowAction(T.options) }));
  await user.click(screen.getByRole('menuitem', { name: action }));
}

async function openNew(user: User) {
  await user.click(await screen.findByRole('button', { name: T.newTermijn }));
  return screen.getByRole('dialog', { name: T.createTitle });
}

describe('Termijnen', () => {
  it("shows the user's own netbeheerder's deadlines, the mail setting and the holiday note; a viewer changes nothing", async () => {
    const api = stubTermijnApi();
    renderScreen(VIEWER);

    expect(screen.getByRole('heading', { name: TERMIJN_TEXTS.title })).toBeInTheDocument();
    expect(cellsOf(await rowOf(PLANNING.omschrijving))).toEqual([
      'Planning binnen 10 werkdagen na Opdracht',
      'Aansluiting',
      '10 werkdagen',
      formatDateTime(PLANNING.changed),
    ]);
    expect(cellsOf(await rowOf(LEVERING.omschrijving)).slice(1, 3)).toEqual(['Hoofdnet', '48 uur']);
    expect(screen.getByRole('combobox', { name: T.netbeheerder })).toHaveTextContent(OWN);
    expect(api.calls('GET', OWN_PATH)).toHaveLength(1);
    expect(screen.getByText(TERMIJN_HOLIDAY_NOTE)).toBeInTheDocument();

    const mail = screen.getByRole('switch', { name: T.mail });
    expect(mail).not.toBeChecked();
    expect(mail).toBeDisabled();
    expect(mail).toHaveAccessibleDescription(T.mailHelper);
    expect(screen.queryByRole('button', { name: T.newTermijn })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: rowAction(T.options) })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: T.options })).not.toBeInTheDocument();
  });

  it('starts on the first netbeheerder for a user of none, keeps the one chosen in the URL and says when it has none', async () => {
    const api = stubTermijnApi();
    const { user, router } = renderScreen(['Business rules Zoeken'], { deelnemer: 'Aannemer_Alfa' });

    expect(await within(table()).findByText(T.empty(OTHER))).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.mail })).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: T.netbeheerder }));
    await user.click(await screen.findByRole('option', { name: OWN }));

    expect(router.state.location.search).toBe(`?netbeheerder=${OWN}`);
    expect(await rowOf(PLANNING.omschrijving)).toBeInTheDocument();
    expect(api.calls('GET', `/rest/termijnen/${OTHER}`)).toHaveLength(1);
  });

  it('starts on the netbeheerder in the URL', async () => {
    const api = stubTermijnApi();
    renderScreen(VIEWER, { url: `/termijnen?netbeheerder=${OTHER}` });

    expect(await within(table()).findByText(T.empty(OTHER))).toBeInTheDocument();
    expect(api.calls('GET', OWN_PATH)).toHaveLength(0);
  });

  it("offers an editor no changes to another netbeheerder's deadlines", async () => {
    stubTermijnApi();
    renderScreen(EDITOR, { url: `/termijnen?netbeheerder=${OTHER}` });

    expect(await within(table()).findByText(T.empty(OTHER))).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.mail })).toBeDisabled();
    expect(screen.queryByRole('button', { name: T.newTermijn })).not.toBeInTheDocument();
  });

  it("lets a super-role user change any netbeheerder's deadlines, acting for it (decision 0029)", async () => {
    stubTermijnApi();
    renderScreen(SUPER, { deelnemer: 'Knooppunt_Beheer', url: `/termijnen?netbeheerder=${OWN}` });

    expect(
      within(await rowOf(PLANNING.omschrijving)).getByRole('button', { name: rowAction(T.options) }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: T.newTermijn })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.mail })).toBeEnabled();
    expect(screen.getByText(LABELS.namens.helper)).toBeInTheDocument();
  });

  it('says in the table when the deadlines could not be loaded, with Opnieuw proberen', async () => {
    const api = stubTermijnApi({
      overrides: { [`GET ${OWN_PATH}`]: () => Response.json({ message: 'Database weg' }, { status: 503 }) },
    });
    const { user } = renderScreen(VIEWER);

    const failure = await within(table()).findByRole('alert');
    expect(failure).toHaveTextContent(T.fetchFailed);
    expect(failure).toHaveTextContent('Database weg');
    await user.click(within(table()).getByRole('button', { name: LABELS.common.retry }));
    await waitFor(() => expect(api.calls('GET', OWN_PATH)).toHaveLength(2));
  });

  it('turns the daily mail on and off for an editor, and says so', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const mail = await screen.findByRole('switch', { name: T.mail });

    await user.click(mail);
    expect(await screen.findByText(TERMIJN_TEXTS.mailOn)).toBeInTheDocument();
    await waitFor(() => expect(mail).toBeChecked());
    await user.click(mail);
    expect(await screen.findByText(TERMIJN_TEXTS.mailOff)).toBeInTheDocument();
    await waitFor(() => expect(mail).not.toBeChecked());

    expect(await api.bodies('PUT', `${OWN_PATH}/mail`)).toEqual([{ dagelijkseMail: true }, { dagelijkseMail: false }]);
  });
});

describe('Nieuwe termijn', () => {
  it('creates a deadline as the preview says it, says so and shows it in the list', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);
    const preview = within(dialog).getByRole('status');
    expect(preview).toHaveTextContent(T.voorbeeldLeeg);
    expect(within(dialog).getByRole('combobox', { name: named(T.stroom) })).toHaveTextContent('Aansluiting');

    await choose(user, dialog, T.van, 'Planning');
    await choose(user, dialog, T.tot, 'TG');
    await user.type(within(dialog).getByRole('spinbutton', { name: named(T.aantal) }), '5');
    expect(preview).toHaveTextContent('TG binnen 5 werkdagen na Planning');
    await choose(user, dialog, T.eenheid, T.eenheden.uren);
    expect(preview).toHaveTextContent('TG binnen 5 uur na Planning');
    await user.click(within(dialog).getByRole('button', { name: T.add }));

    expect(await screen.findByText(TERMIJN_TEXTS.created)).toBeInTheDocument();
    expect(await api.bodies('POST', OWN_PATH)).toEqual([
      { flow: 'aansluiting', van: 'Planning', tot: 'TG', aantal: 5, eenheid: 'uren' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellsOf(await rowOf('TG binnen 5 uur na Planning')).slice(1, 3)).toEqual(['Aansluiting', '5 uur']);
  });

  it('checks before sending: both types chosen and different, a whole number the unit allows', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);
    const add = within(dialog).getByRole('button', { name: T.add });

    await user.click(add);
    expect(await within(dialog).findAllByText(T.typeKiezen)).toHaveLength(2);

    await choose(user, dialog, T.van, 'Opdracht');
    await choose(user, dialog, T.tot, 'Planning');
    await user.click(add);
    expect(await within(dialog).findByText(TERMIJN_TEXTS.aantal('werkdagen'))).toBeInTheDocument();

    await user.type(within(dialog).getByRole('spinbutton', { name: named(T.aantal) }), '9000');
    await choose(user, dialog, T.eenheid, T.eenheden.uren);
    await user.click(add);
    expect(await within(dialog).findByText(TERMIJN_TEXTS.aantal('uren'))).toBeInTheDocument();
    expect(api.calls('POST', OWN_PATH)).toHaveLength(0);
  });

  it('offers the Hoofdnet types once Hoofdnet is chosen, and the types are chosen again', async () => {
    stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);
    await choose(user, dialog, T.van, 'Opdracht');

    await choose(user, dialog, T.stroom, 'Hoofdnet');

    const van = within(dialog).getByRole('combobox', { name: named(T.van) });
    expect(van).not.toHaveTextContent('Opdracht');
    await user.click(van);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('OpdrachtHoofdnet');
    expect(options).not.toContain('Planning');
  });

  it('offers no type that creates an order to end a deadline', async () => {
    stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);

    await user.click(within(dialog).getByRole('combobox', { name: named(T.tot) }));

    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Planning');
    expect(options).not.toContain('Opdracht');
  });

  it('shows a deadline that already exists at Tot and keeps the dialog open', async () => {
    stubTermijnApi({
      overrides: {
        [`POST ${OWN_PATH}`]: () =>
          Response.json({ message: TERMIJN_TEXTS.exists('Opdracht', 'Planning') }, { status: 409 }),
      },
    });
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);
    await choose(user, dialog, T.van, 'Opdracht');
    await choose(user, dialog, T.tot, 'Planning');
    await user.type(within(dialog).getByRole('spinbutton', { name: named(T.aantal) }), '3');

    await user.click(within(dialog).getByRole('button', { name: T.add }));

    const tot = within(dialog).getByRole('combobox', { name: named(T.tot) });
    await waitFor(() => expect(tot).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(TERMIJN_TEXTS.exists('Opdracht', 'Planning'))).toBeInTheDocument();
    // Said once, at the field: no alert besides.
    expect(screen.queryByText(T.createFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: T.createTitle })).toBeInTheDocument();
  });

  it('asks before Escape throws away a choice; Annuleren closes without asking', async () => {
    stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    const dialog = await openNew(user);
    await choose(user, dialog, T.van, 'Opdracht');

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle });
    await user.click(within(question).getByRole('button', { name: CONCURRENCY_TEXTS.discardCancel }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(within(dialog).getByRole('combobox', { name: named(T.van) })).toHaveTextContent('Opdracht');

    await user.click(within(dialog).getByRole('button', { name: LABELS.common.cancel }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle })).not.toBeInTheDocument();
  });
});

describe('Termijn wijzigen and verwijderen', () => {
  it('saves an edit built on the deadline as loaded, says so and shows it', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    await openRowMenu(user, PLANNING.omschrijving, T.edit);
    const dialog = screen.getByRole('dialog', { name: T.editTitle });
    expect(within(dialog).getByRole('combobox', { name: named(T.van) })).toHaveTextContent('Opdracht');
    expect(within(dialog).getByRole('combobox', { name: named(T.tot) })).toHaveTextContent('Planning');
    const aantal = within(dialog).getByRole('spinbutton', { name: named(T.aantal) });
    expect(aantal).toHaveValue(10);

    await user.clear(aantal);
    await user.type(aantal, '1');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Planning binnen 1 werkdag na Opdracht');
    await user.click(within(dialog).getByRole('button', { name: T.save }));

    expect(await screen.findByText(TERMIJN_TEXTS.saved)).toBeInTheDocument();
    expect(await api.bodies('PUT', `${OWN_PATH}/t-1`)).toEqual([
      {
        termijn: { flow: 'aansluiting', van: 'Opdracht', tot: 'Planning', aantal: 1, eenheid: 'werkdagen' },
        basedOn: { changed: PLANNING.changed },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellsOf(await rowOf('Planning binnen 1 werkdag na Opdracht'))[2]).toBe('1 werkdag');
  });

  it('shows a refused field at that field, and a deadline changed since as an alert beside the open dialog', async () => {
    let answer = Response.json(
      { message: 'termijn.aantal: te veel', details: [{ field: 'termijn.aantal', message: 'Te veel.' }] },
      { status: 400 },
    );
    stubTermijnApi({ overrides: { [`PUT ${OWN_PATH}/t-1`]: () => answer } });
    const { user } = renderScreen(EDITOR);
    await openRowMenu(user, PLANNING.omschrijving, T.edit);
    const dialog = screen.getByRole('dialog', { name: T.editTitle });
    const save = within(dialog).getByRole('button', { name: T.save });

    await user.click(save);
    expect(await within(dialog).findByText('Te veel.')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: named(T.aantal) })).toHaveAttribute('aria-invalid', 'true');

    answer = Response.json({ message: TERMIJN_TEXTS.changed }, { status: 409 });
    await user.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.saveFailed);
    expect(alert).toHaveTextContent(TERMIJN_TEXTS.changed);
    expect(screen.getByRole('dialog', { name: T.editTitle })).toBeInTheDocument();
  });

  it('deletes after confirmation, says so and leaves it out of the list', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    await openRowMenu(user, LEVERING.omschrijving, T.delete);
    const dialog = screen.getByRole('dialog', { name: T.deleteTitle });
    expect(dialog).toHaveTextContent(LEVERING.omschrijving);

    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));

    expect(await screen.findByText(TERMIJN_TEXTS.deleted)).toBeInTheDocument();
    expect(api.calls('DELETE', `${OWN_PATH}/t-2`)).toHaveLength(1);
    await waitFor(() => expect(within(table()).queryByText(LEVERING.omschrijving)).not.toBeInTheDocument());
    expect(await rowOf(PLANNING.omschrijving)).toBeInTheDocument();
  });

  it('deletes nothing when the user says Nee', async () => {
    const api = stubTermijnApi();
    const { user } = renderScreen(EDITOR);
    await openRowMenu(user, LEVERING.omschrijving, T.delete);

    await user.click(screen.getByRole('button', { name: LABELS.common.no }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', `${OWN_PATH}/t-2`)).toHaveLength(0);
  });
});
