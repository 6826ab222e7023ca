import { CALL_FAILURE, EXAMPLE_BERICHTEN, TESTTOOL_TEXTS, type CheckAnswer, type ProbeAnswer } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import {
  CHECK_PATH,
  PARTICIPANT,
  PROBE_PATH,
  RUNS,
  RUNS_PATH,
  SEND_PATH,
  stubTesttoolApi,
} from '../testing/testtool-api-stub';
import { TesttoolScreen } from './testtool-screen';

const T = LABELS.testtool;
const C = T.compose;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Testtool on its 'Bericht samenstellen' tab. */
async function openComposer(overrides: Parameters<typeof stubTesttoolApi>[0] = {}) {
  const api = stubTesttoolApi(overrides);
  const view = renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool' });
  await view.user.click(screen.getByRole('tab', { name: T.tabs.compose }));
  const composer = screen.getByRole('region', { name: C.title });
  return { ...view, api, composer };
}

const dataField = (composer: HTMLElement) =>
  within(composer).getByRole<HTMLTextAreaElement>('textbox', { name: C.data });
const dataOf = (composer: HTMLElement): unknown => JSON.parse(dataField(composer).value);
/** The select's name is its label and the chosen option. */
const typeSelect = (composer: HTMLElement) =>
  within(composer).getByRole('combobox', { name: new RegExp(`^${C.type}`) });
const button = (composer: HTMLElement, name: string) => within(composer).getByRole('button', { name });

describe('Bericht samenstellen', () => {
  it("offers all 22 types with their flow, prefilled with the type's example, which changes with the type", async () => {
    const { composer, user } = await openComposer();

    expect(typeSelect(composer)).toHaveTextContent('Aansluiting: Opdracht');
    expect(dataOf(composer)).toEqual(EXAMPLE_BERICHTEN.Opdracht.data);
    await user.click(typeSelect(composer));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(22);
    expect(options.slice(0, 2)).toEqual(['Aansluiting: Opdracht', 'Aansluiting: Bijstelling']);
    expect(options.at(-1)).toBe('Hoofdnet: PlanningHoofdnet');
    await user.click(screen.getByRole('option', { name: 'Hoofdnet: PlanningHoofdnet' }));

    await waitFor(() => expect(dataOf(composer)).toEqual(EXAMPLE_BERICHTEN.PlanningHoofdnet.data));
  });

  it('checks the message without sending it: geldig, or the refusals per field', async () => {
    const refusal: CheckAnswer = {
      geldig: false,
      status: 400,
      message: 'opdrachtId: Verplicht.; data.adres.postcode: Geen geldige postcode.',
      details: [
        { field: 'opdrachtId', message: 'Verplicht.' },
        { field: 'data.adres.postcode', message: 'Geen geldige postcode.' },
      ],
    };
    const { api, composer, user } = await openComposer({
      [`POST ${CHECK_PATH}`]: async (request) => {
        const { bericht } = (await request.json()) as { bericht: { opdrachtId: string } };
        return Response.json(
          bericht.opdrachtId ? { geldig: true, status: 202, message: TESTTOOL_TEXTS.valid, details: [] } : refusal,
        );
      },
    });

    await user.click(button(composer, C.check));
    const refused = await within(composer).findByRole('alert');
    expect(refused).toHaveTextContent(C.ongeldig(400));
    expect(
      within(within(refused).getByRole('list', { name: C.perVeld }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['opdrachtId: Verplicht.', 'data.adres.postcode: Geen geldige postcode.']);

    await user.type(within(composer).getByRole('textbox', { name: C.opdrachtId }), 'OPD-1');
    // The answer was about the message as it stood: it goes once the message changes.
    expect(within(composer).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button(composer, C.check));

    const valid = await within(composer).findByRole('alert');
    expect(valid).toHaveTextContent(C.geldig);
    expect(valid).toHaveTextContent(TESTTOOL_TEXTS.valid);
    expect(api.calls('POST', SEND_PATH)).toHaveLength(0);
  });

  it('shows JSON that does not parse as an error of the field and offers neither check nor send', async () => {
    const { composer, user } = await openComposer();

    await user.clear(dataField(composer));
    await user.click(dataField(composer));
    await user.paste('{"geplandeStartdatum": ');

    expect(dataField(composer)).toHaveAccessibleDescription(C.invalidJson);
    expect(dataField(composer)).toBeInvalid();
    expect(button(composer, C.check)).toBeDisabled();
    expect(button(composer, C.send)).toBeDisabled();
  });

  it('sends the envelope of the type into the test environment, shows its id and refreshes the runs', async () => {
    const { api, composer, user } = await openComposer({
      [`POST ${SEND_PATH}`]: () => Response.json({ id: 'msg-7f3a', duplicate: false }, { status: 202 }),
    });
    await waitFor(() => expect(api.calls('GET', RUNS_PATH)).toHaveLength(1));

    await user.type(within(composer).getByRole('textbox', { name: C.opdrachtId }), 'OPD-1');
    await user.click(button(composer, C.send));

    const sent = await within(composer).findByRole('alert');
    expect(sent).toHaveTextContent(C.sent);
    expect(sent).toHaveTextContent('msg-7f3a');
    expect(await api.bodies('POST', SEND_PATH)).toEqual([
      {
        bericht: { type: 'Opdracht', versienummer: '2.0', opdrachtId: 'OPD-1', data: EXAMPLE_BERICHTEN.Opdracht.data },
      },
    ]);
    // The message may have moved a run on.
    await waitFor(() => expect(api.calls('GET', RUNS_PATH)).toHaveLength(2));
  });

  it('says why Knooppunt refused to send it, per field', async () => {
    const { composer, user } = await openComposer({
      [`POST ${SEND_PATH}`]: () =>
        Response.json(
          {
            message: 'Geen geldige datum.',
            details: [{ field: 'data.gewensteUitvoerdatum', message: 'Geen geldige datum.' }],
          },
          { status: 422 },
        ),
    });

    await user.click(button(composer, C.send));

    const refused = await within(composer).findByRole('alert');
    expect(refused).toHaveTextContent(C.sendFailed);
    expect(refused).toHaveTextContent(CALL_FAILURE.errorResponse);
    expect(within(refused).getByRole('listitem')).toHaveTextContent('data.gewensteUitvoerdatum: Geen geldige datum.');
  });

  it('sends a probe to the own test callback and shows the exact request, the token masked, and the answer', async () => {
    const answer: ProbeAnswer = {
      verzoek: {
        method: 'POST',
        url: 'https://test.alfa.example/knooppunt/planning',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer ••••',
          'idempotency-key': '5d1e0c2a-0000-4000-8000-000000000009',
        },
        body: '{"id":"5d1e0c2a","type":"Planning","opdrachtId":"PROEF-5D1E0C2A"}',
      },
      antwoord: { status: 200, statusText: 'OK', body: '{"ontvangen":true}', ms: 1234 },
    };
    const { api, composer, user } = await openComposer({ [`POST ${PROBE_PATH}`]: () => Response.json(answer) });
    await user.click(typeSelect(composer));
    await user.click(await screen.findByRole('option', { name: 'Aansluiting: Planning' }));

    await user.click(button(composer, C.probe));

    const probe = await within(composer).findByRole('region', { name: T.probe.title('Planning') });
    expect(await api.bodies('POST', PROBE_PATH)).toEqual([{ type: 'Planning' }]);
    expect(within(probe).getByRole('alert')).toHaveTextContent(T.probe.answered(200, 'OK', '1.234'));
    const verzoek = within(probe).getByRole('region', { name: T.probe.verzoek });
    expect(verzoek).toHaveTextContent('POST https://test.alfa.example/knooppunt/planning');
    expect(
      within(within(verzoek).getByRole('table', { name: T.probe.headers }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      `${T.probe.header}${T.probe.waarde}`,
      'content-typeapplication/json',
      'authorizationBearer ••••',
      'idempotency-key5d1e0c2a-0000-4000-8000-000000000009',
    ]);
    expect(verzoek.querySelector('pre')?.textContent).toBe(
      JSON.stringify({ id: '5d1e0c2a', type: 'Planning', opdrachtId: 'PROEF-5D1E0C2A' }, null, 2),
    );
    const antwoord = within(probe).getByRole('region', { name: T.probe.antwoord });
    expect(antwoord).toHaveTextContent(`${T.probe.status}200 OK`);
    expect(antwoord).toHaveTextContent(`${T.probe.tijd}1.234 ms`);
    expect(antwoord.querySelector('pre')?.textContent).toBe(JSON.stringify({ ontvangen: true }, null, 2));
  });

  it("says why no probe went out: the token, or the server's reason behind 404", async () => {
    let answered = false;
    const { composer, user } = await openComposer({
      [`POST ${PROBE_PATH}`]: () => {
        if (answered) {
          const message = TESTTOOL_TEXTS.noTestConfiguration('Aannemer_Alfa', '2.0');
          return Response.json({ message }, { status: 404 });
        }
        answered = true;
        return Response.json({
          token: { success: false, message: 'Token URL antwoordde 401', details: ['invalid_client'] },
        } satisfies ProbeAnswer);
      },
    });

    await user.click(button(composer, C.probe));
    const token = await within(composer).findByRole('alert');
    expect(token).toHaveTextContent(T.probe.tokenFailed);
    expect(token).toHaveTextContent('Token URL antwoordde 401');
    expect(token).toHaveTextContent('invalid_client');

    await user.click(button(composer, C.probe));
    await waitFor(() => expect(within(composer).getByRole('alert')).toHaveTextContent(C.probeFailed));
    const missing = within(composer).getByRole('alert');
    expect(missing).toHaveTextContent(CALL_FAILURE.notFound);
    expect(missing).toHaveTextContent(TESTTOOL_TEXTS.noTestConfiguration('Aannemer_Alfa', '2.0'));
  });

  it("fills the composer from a run's 'Verwacht van uw systeem' with 'Samenstellen'", async () => {
    stubTesttoolApi();
    const { user, router } = renderWithProviders(<TesttoolScreen />, {
      ...PARTICIPANT,
      url: `/testtool?run=${RUNS.waiting.id}`,
    });
    const panel = await screen.findByRole('dialog', { name: 'Van opdracht tot gereed (Aansluiting)' });
    const verwacht = await within(panel).findByRole('region', { name: T.verwacht.title });

    await user.click(within(verwacht).getByRole('button', { name: T.verwacht.compose }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: T.tabs.compose })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=bericht');
    const composer = screen.getByRole('region', { name: C.title });
    await waitFor(() => expect(within(composer).getByRole('heading', { name: C.title })).toHaveFocus());
    expect(typeSelect(composer)).toHaveTextContent('Aansluiting: Planning');
    expect(within(composer).getByRole('textbox', { name: C.opdrachtId })).toHaveValue('CONF-1A2B3C4D');
    expect(dataOf(composer)).toEqual({ ...EXAMPLE_BERICHTEN.Planning.data, planDatum: '2026-03-09' });
  });
});
