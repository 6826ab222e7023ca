import { SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { actingCalls, LINKS_PATH, NO_LINKS, partnerWith } from '@/testing/implementation-links';
import { renderWithProviders } from '@/testing/render';
import { rowAction } from '@/testing/row-action';
import {
  BULK_JOB,
  BULK_RETRY,
  BULK_RETRY_COUNT,
  RETRY,
  SEARCH,
  stubMessageApi,
  VALUELIST,
} from '../testing/message-api-stub';
import { UitvalScreen } from './uitval-screen';

afterEach(() => vi.unstubAllGlobals());

/** partner@integra.example of the demo: it handles the uitval of the aannemers it implements for. */
const PARTNER = partnerWith('Configuraties Beheren', 'Uitval Beheren', 'Testtool Verzenden');
const NAMENS = LABELS.actingFor;

const namensSelect = () => screen.getByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) });
const rowOf = async (opdrachtId: string) =>
  within(await screen.findByRole('table', { name: TITLES.uitval })).findByRole('row', {
    name: new RegExp(opdrachtId),
  });
const requests = (api: ReturnType<typeof stubMessageApi>) => api.fetchMock.mock.calls.map(([request]) => request);

describe("Uitval for an implementation partner's user", () => {
  it('handles the uitval of the participant chosen under Namens, every call acting for it', async () => {
    const api = stubMessageApi();
    const { user, router } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { ...PARTNER, url: '/uitval' });

    await waitFor(() => expect(namensSelect()).toHaveTextContent('Aannemer_Alfa'));
    await user.click(within(await rowOf('OPD-FOUT')).getByRole('button', { name: rowAction(LABELS.berichten.resend) }));
    expect(await screen.findByText(SUCCESS_MESSAGES.messageRetried)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: LABELS.berichten.bulk.action }));
    const dialog = screen.getByRole('dialog', { name: LABELS.berichten.bulk.action });
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));
    expect(await screen.findByText(LABELS.berichten.bulk.finished)).toBeInTheDocument();

    const calls = actingCalls(requests(api));
    expect(calls.map(({ call }) => call)).toEqual(
      expect.arrayContaining([
        `POST ${SEARCH}`,
        `GET ${VALUELIST}`,
        `POST ${RETRY.aansluiting}`,
        `POST ${BULK_RETRY_COUNT}`,
        `POST ${BULK_RETRY}`,
        `GET ${BULK_JOB}`,
      ]),
    );
    expect(calls.filter(({ namens }) => namens !== 'Aannemer_Alfa')).toEqual([]);

    // Another participant: its own search, in the URL.
    await user.click(namensSelect());
    await user.click(screen.getByRole('option', { name: 'Combi_Gamma' }));
    expect(router.state.location.search).toBe('?namens=Combi_Gamma');
    await waitFor(() => expect(actingCalls(api.calls('POST', SEARCH)).at(-1)?.namens).toBe('Combi_Gamma'));
  });

  it('says why there is nothing when its organisation is linked to no one it implements for', async () => {
    const api = stubMessageApi({ links: () => Response.json(NO_LINKS) });
    renderWithProviders(<UitvalScreen flow="hoofdnet" />, { ...PARTNER, url: '/hoofdnet/uitval' });

    expect(await screen.findByText(NAMENS.uitval.none)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: TITLES.uitval })).not.toBeInTheDocument();
    expect(actingCalls(requests(api))).toEqual([]);
  });

  it('is no choice for a user who implements for no one: its calls act for no one', async () => {
    const api = stubMessageApi();
    renderWithProviders(<UitvalScreen flow="aansluiting" />, {
      roles: ['Uitval Beheren'],
      deelnemer: 'Aannemer_Alfa',
      url: '/uitval?namens=Combi_Gamma',
    });

    await rowOf('OPD-FOUT');
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) })).not.toBeInTheDocument();
    expect(api.calls('GET', LINKS_PATH)).toHaveLength(0);
    expect(actingCalls(requests(api)).filter(({ namens }) => namens !== null)).toEqual([]);
    expect(actingCalls(requests(api)).map(({ call }) => call)).toEqual(
      expect.arrayContaining([`POST ${SEARCH}`, `GET ${VALUELIST}`]),
    );
  });
});
