import {
  CONFORMITY_TEXTS,
  CONCURRENCY_TEXTS,
  CONFIG_TEXTS,
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  TITLES,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { BEHEER, CONFIG_VIEW, EIGEN_BEHEER, KIJKER, ROWS, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

/** Opens the row of `deelnemer`, as a user of `userDeelnemer` (by default the row's own). */
async function openPanel(roles: string[], deelnemer = 'Aannemer_Alfa', userDeelnemer = deelnemer) {
  const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
    roles,
    url: '/configs',
    deelnemer: userDeelnemer,
  });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  await view.user.click(row as HTMLElement);
  const panel = screen.getByRole('dialog', { name: `${deelnemer} 2.0` });
  await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId);
  const field = (name: string) => within(panel).getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
  return { ...view, panel, field };
}

/** The configuration API whose save answers 409, someone else's change `after` served from then on. */
function stubConflictingSave(after: typeof CONFIG_VIEW) {
  let current = CONFIG_VIEW;
  return stubConfigApi({
    config: () => Response.json(current),
    save: () => {
      current = after;
      return Response.json({ message: CONCURRENCY_TEXTS.configChanged }, { status: 409 });
    },
  });
}

/** Opens Aannemer_Alfa's panel as BEHEER, types 'mijn' into Scope and saves. */
async function typeAndSave() {
  const opened = await openPanel(BEHEER);
  await opened.user.type(opened.field(LABELS.configForm.scope), 'mijn');
  const save = within(opened.panel).getByRole('button', { name: LABELS.configForm.save });
  await waitFor(() => expect(save).toBeEnabled());
  await opened.user.click(save);
  return opened;
}

describe('Configuration side panel', () => {
  it('shows the configuration read-only to users who may not create drafts', async () => {
    const api = stubConfigApi();
    const { panel, field } = await openPanel(KIJKER);

    expect(panel).toHaveTextContent(LABELS.configForm.readOnly);
    expect(field(LABELS.configForm.clientId)).toBeDisabled();
    expect(field(LABELS.configForm.tokenUrl)).toBeDisabled();
    expect(field(LABELS.configForm.emails)).toHaveValue('ops@alfa.example, it@alfa.example');
    expect(field('Opdracht')).toBeDisabled();
    expect(within(panel).getByRole('switch', { name: LABELS.configForm.useMtls })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: LABELS.configForm.save })).not.toBeInTheDocument();
    expect(api.calls('GET', '/rest/management/config')[0]?.url).toMatch(
      /deelnemer=Aannemer_Alfa&versienummer=2.0&version=3&draft=false$/,
    );
  });

  it("says whose credentials Client ID, Client Secret and Token URL are: Knooppunt's at the participant's token endpoint", async () => {
    stubConfigApi({
      config: () => Response.json({ ...CONFIG_VIEW, config: { ...CONFIG_VIEW.config, clientSecretSet: false } }),
    });
    const { field } = await openPanel(BEHEER);

    expect(field(LABELS.configForm.clientId)).toHaveAccessibleDescription(LABELS.configForm.clientIdHelper);
    expect(within(screen.getByRole('dialog')).getByLabelText(/^Client Secret/)).toHaveAccessibleDescription(
      LABELS.configForm.clientSecretHelper,
    );
    expect(field(LABELS.configForm.tokenUrl)).toHaveAccessibleDescription(LABELS.configForm.tokenUrlHelper);
  });

  it("shows an aannemer's opdrachtnemer URLs first, and a grid operator's opdrachtgever URLs first", async () => {
    stubConfigApi();
    const { panel, unmount } = await openPanel(BEHEER);
    // The URL groups of the form; 'Ondertekening' below it is no group of URLs.
    const groups = (within: HTMLElement) =>
      [...within.querySelectorAll('form section h3')].map((heading) => heading.textContent);
    // Aannemer_Alfa is one of the value list's aannemers.
    await waitFor(() =>
      expect(groups(panel)).toEqual([
        LABELS.configForm.urlGroups.opdrachtnemer,
        LABELS.configForm.urlGroups.opdrachtgever,
      ]),
    );
    unmount();

    const api = stubConfigApi({ config: () => Response.json({ ...CONFIG_VIEW, deelnemer: 'Netbeheer_Noord' }) });
    const noord = await openPanel(BEHEER, 'Netbeheer_Noord');
    await waitFor(() => expect(api.calls('GET', '/rest/valuelist')).toHaveLength(1));
    expect(groups(noord.panel)).toEqual([
      LABELS.configForm.urlGroups.opdrachtgever,
      LABELS.configForm.urlGroups.opdrachtnemer,
    ]);
  });

  it('says whether the participant passed its conformance runs of the flow, and whether that is required', async () => {
    stubConfigApi({
      conformity: () =>
        Response.json({
          deelnemer: 'Aannemer_Alfa',
          vereist: true,
          stromen: [
            { flow: 'aansluiting', side: 'opdrachtnemer', geslaagdOp: '2026-11-20T10:00:00Z', ontbrekend: [] },
            { flow: 'hoofdnet', side: 'opdrachtnemer', geslaagdOp: null, ontbrekend: [{ id: 'h', naam: 'H' }] },
          ],
        }),
    });
    const { panel } = await openPanel(BEHEER);
    expect(
      await within(panel).findByText(`${CONFORMITY_TEXTS.label('20-11-2026')} · ${LABELS.configs.conformityRequired}`),
    ).toBeInTheDocument();
  });

  it('checks a field when it loses focus and disables Opslaan while the form is invalid', async () => {
    stubConfigApi();
    const { panel, field, user } = await openPanel(EIGEN_BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(field(LABELS.configForm.clientId));
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
    expect(save).toBeDisabled();

    await user.clear(field(LABELS.configForm.tokenUrl));
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.tokenUrlRequired);

    await user.type(field(LABELS.configForm.clientId), 'nieuw');
    await user.type(field(LABELS.configForm.tokenUrl), 'https://auth.example/token');
    await user.tab();
    await waitFor(() => expect(save).toBeEnabled());
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
  });

  it("wants none or all URLs of a group, and keeps a group with an error on screen whatever 'Toon inputs voor' says", async () => {
    stubConfigApi();
    const { panel, field, user } = await openPanel(EIGEN_BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    const chooseView = async (view: string) => {
      await user.click(within(panel).getByRole('combobox', { name: LABELS.configForm.view }));
      await user.click(screen.getByRole('option', { name: view }));
    };

    await user.type(field('Planning'), 'https://alfa.example/planning');
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
    await waitFor(() => expect(save).toBeDisabled());

    // The opdrachtgever URLs are sent whatever the view: they stay on screen with their error.
    await chooseView(LABELS.configForm.views.opdrachtnemer);
    expect(within(panel).getByRole('textbox', { name: 'Planning' })).toHaveValue('https://alfa.example/planning');
    expect(panel).toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
    expect(panel).toHaveTextContent(LABELS.configForm.shownForError);
    expect(save).toBeDisabled();

    // Emptied again, the group is valid; it stays until the view changes, then goes.
    await user.clear(field('Planning'));
    await user.tab();
    await waitFor(() => expect(save).toBeEnabled());
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
    await chooseView(LABELS.configForm.views.alle);
    await chooseView(LABELS.configForm.views.opdrachtnemer);
    expect(within(panel).queryByRole('textbox', { name: 'Planning' })).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('offers editing exactly when the server takes the save: not another participant’s without the create-configuration right', async () => {
    stubConfigApi();
    const verbindingen = ['Beheer ziet alles', 'Verbindingen Beheren'];
    const { panel, field } = await openPanel(verbindingen, 'Aannemer_Alfa', 'Knooppunt_Beheer');

    expect(panel).toHaveTextContent(LABELS.configForm.readOnlyOtherParticipant);
    expect(field(LABELS.configForm.clientId)).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: LABELS.configForm.save })).not.toBeInTheDocument();
  });

  it('shows a version read-only when a newer one (a draft) exists: edits go there', async () => {
    stubConfigApi({ config: () => Response.json({ ...CONFIG_VIEW, newer: { version: 4, draft: true } }) });
    const { panel, field } = await openPanel(BEHEER);

    expect(panel).toHaveTextContent(CONCURRENCY_TEXTS.olderVersion(4, true));
    expect(field(LABELS.configForm.clientId)).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: LABELS.configForm.save })).not.toBeInTheDocument();
  });

  it('saves into the draft: e-mails split, the secret kept when left empty', async () => {
    const api = stubConfigApi();
    const { panel, field, user } = await openPanel(BEHEER);
    expect(panel).toHaveTextContent(LABELS.configForm.secretSet);
    expect(within(panel).getByPlaceholderText(LABELS.configForm.secretPlaceholder)).toHaveValue('');

    await user.clear(field(LABELS.configForm.emails));
    await user.type(field(LABELS.configForm.emails), 'ops@alfa.example , nieuw @alfa.example');
    await user.type(field(LABELS.configForm.scope), 'berichten');
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.configUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('PUT', '/rest/management/config')).toEqual([
      {
        deelnemer: 'Aannemer_Alfa',
        versienummer: '2.0',
        config: {
          clientId: 'alfa-client',
          tokenUrl: 'https://auth.alfa.example/token',
          scope: 'berichten',
          emails: ['ops@alfa.example', 'nieuw@alfa.example'],
          useMtls: false,
          urls: CONFIG_VIEW.config.urls,
        },
        basedOn: { version: CONFIG_VIEW.version, updated: CONFIG_VIEW.updated },
      },
    ]);
  });

  it('confirms the save and closes even when the saved configuration is on screen before the list has refetched', async () => {
    // The CI failure of session 28: the refetched configuration (a new 'updated') replaced the form
    // while the save still waited for the list, and the save's confirmation went with the old form.
    const saved = { ...CONFIG_VIEW, updated: '2025-02-05T11:12:13Z' };
    let current = CONFIG_VIEW;
    let releaseSearch = () => {};
    const searchHeld = new Promise<void>((resolve) => (releaseSearch = resolve));
    let saving = false;
    stubConfigApi({
      config: () => Response.json(current),
      save: () => {
        current = saved;
        saving = true;
        return Response.json(saved);
      },
      search: async () => {
        if (saving) await searchHeld;
        return Response.json({ items: Object.values(ROWS), count: 5, skip: 0, limit: 10 });
      },
    });
    const { panel, field, user } = await openPanel(BEHEER);
    await user.type(field(LABELS.configForm.scope), 'berichten');
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    // The form shows the saved configuration's time while the list is still being fetched.
    await within(panel).findByText(new RegExp(formatDateTime(saved.updated)));
    releaseSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.configUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the panel open and says why when saving fails', async () => {
    stubConfigApi({ save: () => Response.json({ message: 'Ongeldige configuratie' }, { status: 400 }) });
    const { panel, user } = await openPanel(BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.updateConfig);
    expect(alert).toHaveTextContent('Ongeldige configuratie');
    expect(panel).toBeInTheDocument();
  });

  it("shows a failed fetch in the panel, not a spinner that never ends, and loads it with 'Opnieuw proberen'", async () => {
    let fails = true;
    const api = stubConfigApi({
      config: () =>
        fails ? Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) : Response.json(CONFIG_VIEW),
    });
    const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      roles: BEHEER,
      url: '/configs',
      deelnemer: 'Aannemer_Alfa',
    });
    const table = screen.getByRole('table', { name: TITLES.configs });
    const [row] = await within(table).findAllByRole('row', { name: /Aannemer_Alfa/ });
    await user.click(row as HTMLElement);
    const panel = screen.getByRole('dialog', { name: 'Aannemer_Alfa 2.0' });

    expect(await within(panel).findByText('Database niet bereikbaar')).toBeInTheDocument();
    expect(panel).toHaveTextContent(ERROR_TITLES.fetchConfig);
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    // Said once, in the panel: no alert over the page besides (decision 0058).
    expect(screen.getAllByRole('alert')).toEqual([within(panel).getByRole('alert')]);
    expect(screen.getAllByText('Database niet bereikbaar')).toHaveLength(1);

    fails = false;
    await user.click(within(panel).getByRole('button', { name: LABELS.common.retry }));
    expect(await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId)).toBeInTheDocument();
    expect(api.calls('GET', '/rest/management/config')).toHaveLength(2);
  });

  it('says when someone else changed the configuration meanwhile, keeps the input and offers to load it again', async () => {
    const changed = {
      ...CONFIG_VIEW,
      updated: '2025-02-05T09:00:00.000Z',
      config: { ...CONFIG_VIEW.config, scope: 'nieuw' },
    };
    const api = stubConflictingSave(changed);
    const { panel, field, user } = await typeAndSave();

    const conflict = await within(panel).findByText(CONCURRENCY_TEXTS.configChanged);
    expect(conflict).toBeInTheDocument();
    expect(field(LABELS.configForm.scope)).toHaveValue('mijn');
    await user.click(within(panel).getByRole('button', { name: CONCURRENCY_TEXTS.reload }));
    await waitFor(() => expect(field(LABELS.configForm.scope)).toHaveValue('nieuw'));
    expect(api.calls('GET', '/rest/management/config')).toHaveLength(2);
    expect(within(panel).queryByText(CONCURRENCY_TEXTS.configChanged)).not.toBeInTheDocument();
  });

  it('loaded again after a conflict into a version with a newer draft, keeps the input read-only and still asks before Escape throws it away', async () => {
    // Someone else saved a draft over the same version: this one stays, with a newer version.
    stubConflictingSave({ ...CONFIG_VIEW, newer: { version: 2, draft: true } });
    const { panel, field, user } = await typeAndSave();
    await user.click(await within(panel).findByRole('button', { name: CONCURRENCY_TEXTS.reload }));
    await within(panel).findByText(CONCURRENCY_TEXTS.olderVersion(2, true));
    expect(field(LABELS.configForm.scope)).toHaveValue(`${CONFIG_VIEW.config.scope}mijn`);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle })).toBeInTheDocument();
  });

  it('asks before a click beside the panel or Escape throws away typed input', async () => {
    stubConfigApi();
    const { panel, field, user } = await openPanel(BEHEER);

    await user.type(field(LABELS.configForm.scope), 'half');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle });
    await user.click(within(question).getByRole('button', { name: CONCURRENCY_TEXTS.discardCancel }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(field(LABELS.configForm.scope)).toHaveValue('half');

    await user.click(document.querySelector('.MuiBackdrop-root') as HTMLElement);
    const again = await screen.findByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle });
    await user.click(within(again).getByRole('button', { name: CONCURRENCY_TEXTS.discardConfirm }));
    await waitFor(() => expect(panel).not.toBeInTheDocument());
  });

  it('closes at once on Escape when nothing was changed', async () => {
    stubConfigApi();
    const { panel, user } = await openPanel(BEHEER);

    await user.keyboard('{Escape}');

    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle })).not.toBeInTheDocument();
  });

  it("titles a draft's panel with '(Concept)'", async () => {
    stubConfigApi({ config: () => Response.json({ ...CONFIG_VIEW, deelnemer: 'Netbeheer_Noord', draft: true }) });
    const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles: BEHEER, url: '/configs' });
    const table = screen.getByRole('table', { name: TITLES.configs });
    const rows = await within(table).findAllByRole('row', { name: /Netbeheer_Noord/ });
    await user.click(rows.find((row) => row.textContent?.includes(CONFIG_TEXTS.draftCaption)) as HTMLElement);

    expect(screen.getByRole('dialog', { name: 'Netbeheer_Noord 2.0 (Concept)' })).toBeInTheDocument();
  });
});
