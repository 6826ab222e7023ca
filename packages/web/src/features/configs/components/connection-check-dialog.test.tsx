import { CONFIG_TEXTS, ERROR_TITLES, TITLES, type ConnectionCheck } from '@knooppunt/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { EIGEN_BEHEER, OPDRACHTGEVER_TYPES, OPDRACHTNEMER_TYPES, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';
import { rowAction } from '@/testing/row-action';

afterEach(() => vi.unstubAllGlobals());

const LONG = 'De server antwoordde met een status die niet als geslaagd telt, namelijk 502 Bad Gateway';

async function runCheck(answer: () => Response | Promise<Response>) {
  const api = stubConfigApi({ check: answer });
  const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles: EIGEN_BEHEER, url: '/configs' });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: /Aannemer_Alfa/ });
  await user.click(within(row as HTMLElement).getByRole('button', { name: rowAction(LABELS.configs.checkConnection) }));
  const dialog = screen.getByRole('dialog', { name: LABELS.connectionCheck.title });
  const item = async (label: string) =>
    within(await within(dialog).findByRole('list', { name: LABELS.connectionCheck.title })).getByRole('listitem', {
      name: label,
    });
  return { api, user, dialog, item };
}

describe('Resultaten verbindingcontrole', () => {
  it('shows a progress bar while the server checks', async () => {
    const { dialog, api } = await runCheck(() => new Promise<Response>(() => undefined));

    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(await api.bodies('POST', '/rest/management/connection-check')).toEqual([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', version: 3, draft: false },
    ]);
  });

  it("shows each item as succeeded, failed (details inline or behind 'Details') or not checked", async () => {
    const results: ConnectionCheck['results'] = {
      tokenUrl: { success: true, message: 'Token ontvangen', details: [] },
      Opdracht: { success: true, message: 'Bereikbaar', details: [] },
      Bijstelling: { success: false, message: 'Niet bereikbaar', details: ['connect ECONNREFUSED'] },
      Planning: { success: false, message: 'Fout antwoord', details: [LONG] },
      TG: { success: false, message: 'Fout antwoord', details: ['regel 1', 'regel 2'] },
    };
    const { item, user } = await runCheck(() => Response.json({ results }));

    expect(await item(LABELS.connectionCheck.tokenUrl)).toHaveTextContent('Token ontvangen');
    expect(within(await item('Opdracht')).getByTestId('CheckCircleIcon')).toBeInTheDocument();
    const short = await item('Bijstelling');
    expect(within(short).getByTestId('CancelIcon')).toBeInTheDocument();
    expect(short).toHaveTextContent('connect ECONNREFUSED');
    expect(within(short).queryByRole('button', { name: LABELS.connectionCheck.details })).toBeNull();

    for (const [type, hidden] of [
      ['Planning', LONG],
      ['TG', 'regel 2'],
    ] as const) {
      const collapsed = await item(type);
      expect(collapsed).not.toHaveTextContent(hidden);
      await user.click(within(collapsed).getByRole('button', { name: LABELS.connectionCheck.details }));
      expect(collapsed).toHaveTextContent(hidden);
    }

    for (const type of [...OPDRACHTGEVER_TYPES.slice(3), ...OPDRACHTNEMER_TYPES.slice(1)]) {
      expect(await item(type)).toHaveTextContent(CONFIG_TEXTS.noCheck);
    }
  });

  it('shows detail that looks like JSON, XML or HTML as code, JSON pretty-printed', async () => {
    const results: ConnectionCheck['results'] = {
      tokenUrl: { success: false, message: 'Token niet geldig', details: ['{"error":"invalid_client","status":401}'] },
      Opdracht: { success: false, message: 'Fout antwoord', details: ['<html><body>502</body></html>'] },
    };
    const { item } = await runCheck(() => Response.json({ results }));

    const token = await item(LABELS.connectionCheck.tokenUrl);
    expect(token.querySelector('pre')?.textContent).toBe('{\n  "error": "invalid_client",\n  "status": 401\n}');
    expect((await item('Opdracht')).querySelector('pre')?.textContent).toBe('<html><body>502</body></html>');
  });

  it('reports a failed call: the token URL as not reached, the callbacks as not checked', async () => {
    const { item } = await runCheck(() => Response.json({ message: 'Time-out' }, { status: 504 }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.checkConnection);
    expect(alert).toHaveTextContent('Time-out');
    const token = await item(LABELS.connectionCheck.tokenUrl);
    expect(within(token).getByTestId('CancelIcon')).toBeInTheDocument();
    expect(token).toHaveTextContent('Token URL niet bereikt: de verbinding kon niet worden gecontroleerd');
    expect(token).not.toHaveTextContent(CONFIG_TEXTS.noCheck);
    expect(await item('Opdracht')).toHaveTextContent(CONFIG_TEXTS.noCheck);
  });
});
