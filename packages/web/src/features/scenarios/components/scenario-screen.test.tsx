import { ERROR_TITLES, SUCCESS_MESSAGES, type RuleNode, type Scenario } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderRoutes } from '@/testing/render';
import { EDITOR, SCENARIO, stubScenarioApi, VIEWER, type ScenarioApi } from '../testing/scenario-api-stub';
import { ScenarioScreen } from './scenario-screen';

afterEach(() => vi.unstubAllGlobals());

const ROUTES = [
  { path: '/scenario/:id', element: <ScenarioScreen /> },
  { path: '/scenario/:id/compare/:compareId', element: <ScenarioScreen /> },
];

function renderScreen(roles: string[], options: { deelnemer?: string; url?: string; api?: ScenarioApi } = {}) {
  const api = stubScenarioApi(options.api);
  const view = renderRoutes(ROUTES, { roles, deelnemer: options.deelnemer, url: options.url ?? '/scenario/s1' });
  return { ...view, api };
}

const tree = async (tab: string = LABELS.scenarios.tabs.tg) => screen.findByRole('table', { name: tab });
const rowOf = async (label: string) => within(await tree()).getByRole('row', { name: new RegExp(`^${label}`) });
const choice = (label: string) => screen.queryByRole('group', { name: LABELS.scenarios.verplichtingOf(label) });

/** The scenario with one node's obligation set, as the server answers a PATCH. */
const withObligation = (scenario: Scenario, id: string, verplichting: string): Scenario => {
  const walk = (nodes: RuleNode[]): RuleNode[] =>
    nodes.map((node) => ({
      ...node,
      verplichting: node.id === id ? (verplichting as RuleNode['verplichting']) : node.verplichting,
      rules: walk(node.rules),
    }));
  return { ...scenario, tgRules: walk(scenario.tgRules), agaRules: walk(scenario.agaRules) };
};

describe('scenario detail', () => {
  it('shows the scenario and its Technisch Gereed tree, children under their parent', async () => {
    renderScreen(VIEWER);

    expect(await screen.findByRole('heading', { name: SCENARIO.omschrijving })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Technisch Gereed', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Administratief Gereed Assets' })).toBeInTheDocument();
    const rows = within(await tree())
      .getAllByRole('row')
      .slice(1);
    // A child says its parent in words (a table row has no aria-level).
    expect(rows.map((row) => row.textContent)).toEqual([
      'UitvoerdatumJa',
      'MeterOptioneel',
      'Meter: MeternummerOptioneel',
      'Meter: FabrikantOptioneel',
      'Meter: Type meterOptioneel',
      'Meter: MeterstandenOptioneel',
      'Kabel of leidingJa',
      'Kabel of leiding: TypeJa',
      'Kabel of leiding: Lengte (m)Ja',
      'Kabel of leiding: Diameter (mm)Optioneel',
      'DrukklasseNee',
      "Foto'sJa",
    ]);
    rows.forEach((row) => expect(row).not.toHaveAttribute('aria-level'));
  });

  it('shows the Administratief Gereed Assets tree on its tab', async () => {
    const { user } = renderScreen(VIEWER);
    await tree();

    await user.click(screen.getByRole('tab', { name: 'Administratief Gereed Assets' }));
    const aga = await tree(LABELS.scenarios.tabs.aga);
    expect(
      within(aga)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'AssetsJa',
      'Assets: SoortJa',
      'Assets: Object IDJa',
      'Assets: Coördinaten (RD)Ja',
      'Assets: MateriaalJa',
      'Assets: Lengte (m)Optioneel',
    ]);
  });

  it("lets an editor of the scenario's own grid operator set an obligation", async () => {
    // The server keeps what was saved: the scenario fetched again after the change has it too.
    let stored = SCENARIO;
    const { user, api } = renderScreen(EDITOR, {
      api: {
        patch: async (request) => {
          const body = (await request.clone().json()) as { id: string; verplichting: string };
          stored = withObligation(stored, body.id, body.verplichting);
          return Response.json(stored);
        },
        scenario: () => Response.json(stored),
      },
    });
    await tree();
    expect(screen.queryByText(LABELS.scenarios.readOnly)).not.toBeInTheDocument();

    const fotos = choice("Foto's");
    expect(within(fotos!).getByRole('button', { name: 'Ja' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(fotos!).getByRole('button', { name: 'Nee' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.verplichtingSaved);
    expect(await Promise.all(api.callsOn('PATCH').map((request) => request.json()))).toEqual([
      { id: 'gas-tg-fotos', verplichting: 'Nee', basedOn: { changed: SCENARIO.changed } },
    ]);
    await waitFor(() =>
      expect(within(choice("Foto's")!).getByRole('button', { name: 'Nee' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it("lets a super-role user set another grid operator's obligation, acting for it (decision 0029)", async () => {
    const { user, api } = renderScreen(['Beheer ziet alles'], { deelnemer: 'Knooppunt_Beheer' });
    await tree();
    expect(screen.queryByText(LABELS.scenarios.readOnly)).not.toBeInTheDocument();

    await user.click(within(choice("Foto's")!).getByRole('button', { name: 'Nee' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.verplichtingSaved);
    expect(api.callsOn('PATCH')).toHaveLength(1);
  });

  it('keeps a fixed node required and unchangeable', async () => {
    renderScreen(EDITOR);
    await tree();

    const uitvoerdatum = choice('Uitvoerdatum')!;
    expect(within(uitvoerdatum).getByRole('button', { name: 'Ja' })).toHaveAttribute('aria-pressed', 'true');
    within(uitvoerdatum)
      .getAllByRole('button')
      .forEach((button) => expect(button).toBeDisabled());
    expect(within(await rowOf('Uitvoerdatum')).getByLabelText(LABELS.scenarios.fixed)).toBeInTheDocument();
    expect(within(choice('Meter')!).getByRole('button', { name: 'Optioneel' })).toBeEnabled();
  });

  it('reports a failed save and keeps the obligation', async () => {
    const { user } = renderScreen(EDITOR, {
      api: { patch: () => Response.json({ message: 'Scenario is gepubliceerd' }, { status: 409 }) },
    });
    await tree();

    await user.click(within(choice('Drukklasse')!).getByRole('button', { name: 'Ja' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.saveVerplichting);
    expect(alert).toHaveTextContent('Scenario is gepubliceerd');
    expect(within(choice('Drukklasse')!).getByRole('button', { name: 'Nee' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['a viewer', VIEWER, 'Netbeheer_Noord', SCENARIO],
    ['an editor of another grid operator', EDITOR, 'Netbeheer_Zuid', SCENARIO],
    ['an editor of no grid operator', ['Business Rules Editor'], 'Aannemer_Alfa', SCENARIO],
    ['the super role, for a published scenario', ['Beheer ziet alles'], 'Knooppunt_Beheer', { ...SCENARIO, versie: 2 }],
    ['an editor, for a published scenario', EDITOR, 'Netbeheer_Noord', { ...SCENARIO, versie: 2 }],
  ])('is read-only for %s', async (_who, roles, deelnemer, scenario) => {
    renderScreen(roles, { deelnemer, api: { scenario: () => Response.json(scenario) } });

    expect(await rowOf("Foto's")).toHaveTextContent('Ja');
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(screen.getByText(LABELS.scenarios.readOnly)).toBeInTheDocument();
  });

  it('shows the equal-scenarios chip only from two on', async () => {
    renderScreen(VIEWER, { api: { scenario: () => Response.json({ ...SCENARIO, gelijk: 2 }) } });
    expect(await screen.findByText(LABELS.scenarios.gelijk(2))).toBeInTheDocument();
  });

  it('shows no equal-scenarios chip for a scenario alone in its configuration', async () => {
    renderScreen(VIEWER);
    await tree();
    expect(screen.queryByText(/met gelijke configuratie/)).not.toBeInTheDocument();
  });

  it('compares: both scenarios side by side and every obligation old → new', async () => {
    const old = { ...withObligation(SCENARIO, 'gas-tg-fotos', ''), _id: 's0', omschrijving: 'Oud', versie: 1 };
    const current = { ...SCENARIO, versie: 2 };
    const { api } = renderScreen(EDITOR, {
      url: '/scenario/s1/compare/s0',
      api: { pair: () => Response.json({ scenario: current, compared: old }) },
    });

    const fotos = await rowOf("Foto's");
    expect(fotos).toHaveTextContent("Foto'sOptioneelJa");
    expect(fotos.querySelector('[data-testid="ArrowForwardIcon"]')).not.toBeNull();
    expect(await rowOf('Drukklasse')).toHaveTextContent('DrukklasseNeeNee');
    const sideBySide = screen.getByRole('table', { name: 'Vergeleken scenario → Huidig scenario' });
    expect(
      within(sideBySide)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', LABELS.scenarios.compared, LABELS.scenarios.current]);
    expect(within(sideBySide).getByRole('row', { name: /^Omschrijving/ })).toHaveTextContent(
      `OmschrijvingOud${SCENARIO.omschrijving}`,
    );
    expect(within(sideBySide).getByRole('row', { name: /^Versie/ })).toHaveTextContent('Versieversie 1versie 2');
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(api.fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual([
      '/rest/rules/s1/compare/s0',
    ]);
  });

  it('tells a user who may only search that the scenario is a concept, with no error alert and no empty list', async () => {
    const forbidden = () => Response.json({ message: 'Onvoldoende rechten' }, { status: 403 });
    // A contractor who may search published rules only (aannemer@alfa.example in the demo).
    renderScreen(['Coordinerende Aannemer', 'Business rules Zoeken'], { api: { scenario: forbidden } });

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(LABELS.scenarios.conceptHiddenTitle);
    expect(note).toHaveTextContent(LABELS.scenarios.conceptHidden);
    expect(screen.getByRole('heading', { name: LABELS.screens.scenario })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
  });

  it('shows a failing scenario as an error alert', async () => {
    renderScreen(VIEWER, { api: { scenario: () => new Response('weg', { status: 404 }) } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchScenario);
    expect(alert).toHaveTextContent('Niets gevonden');
  });
});
