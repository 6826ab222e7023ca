import { CONFORMANCE_TEXTS, type RunView } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { PARTICIPANT, RUNS, runPath, stopPath, stubTesttoolApi } from '../testing/testtool-api-stub';
import { TesttoolScreen } from './testtool-screen';

const T = LABELS.testtool;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The Testtool with the report of `run` open, as a link to it opens it. */
async function openReport(run: RunView, overrides: Parameters<typeof stubTesttoolApi>[0] = {}) {
  const api = stubTesttoolApi(overrides);
  const view = renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: `/testtool?run=${run.id}` });
  const panel = await screen.findByRole('dialog', { name: `${run.scenario.naam} (${T.flows[run.flow]})` });
  await within(panel).findByRole('button', { name: T.report.copyOpdrachtId });
  return { ...view, api, panel };
}

/** The value beside a term of a description list. */
const fact = (container: HTMLElement, term: string) =>
  within(container)
    .getAllByText(term, { selector: 'dt' })
    .map((dt) => dt.nextElementSibling?.textContent);

/** The steps, each its own list item (a step's refusals are a list of their own inside it). */
const steps = (panel: HTMLElement) => [
  ...within(panel).getByRole('list', { name: T.steps.title }).querySelectorAll<HTMLElement>(':scope > li'),
];

describe('the report of a run', () => {
  it('shows what the run waits for, every step with its evidence, and the steps not begun greyed', async () => {
    const { panel } = await openReport(RUNS.waiting);

    expect(fact(panel, T.status)).toEqual(['Lopend']);
    expect(fact(panel, T.stap)).toEqual(['2 van 4']);
    expect(fact(panel, T.gestart)).toEqual([`${formatDateTime(RUNS.waiting.started)} door dev@alfa.example`]);
    expect(fact(panel, T.report.wachttijd)).toEqual(['10 minuten']);
    expect(within(panel).getByRole('button', { name: T.report.copyOpdrachtId })).toBeInTheDocument();

    const verwacht = within(panel).getByRole('region', { name: T.verwacht.title });
    expect(fact(verwacht, T.verwacht.type)).toEqual(['Planning']);
    expect(fact(verwacht, T.verwacht.versienummer)).toEqual(['2.0']);
    expect(fact(verwacht, T.report.opdrachtId)).toEqual(['CONF-1A2B3C4D']);
    expect(verwacht).toHaveTextContent('"planDatum": "2026-03-09"');

    expect(
      within(panel)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stap 1: Opdracht', 'Stap 2: Planning', 'Stap 3: TG', 'Stap 4: BeoordelingTG']);
    const [first, second, third, fourth] = steps(panel);
    expect(first).toHaveTextContent('Simulator → u');
    expect(first).toHaveTextContent(T.steps.statuses.geslaagd);
    expect(first).toHaveTextContent('1.250 ms');
    expect(fact(first!, T.steps.berichtId)).toEqual(['msg-opdracht-1']);
    expect(fact(first!, T.steps.pogingen)).toEqual(['1']);
    expect(second).toHaveTextContent('U → simulator');
    expect(second).toHaveTextContent(T.steps.statuses.lopend);
    expect(second).toHaveTextContent(T.steps.weigeringen);
    expect(second).toHaveTextContent('TG (409): TG past niet bij status 100 van de opdracht.');
    // Not begun: from the catalogue, who sends them follows from the participant's side.
    expect(third).toHaveTextContent(`U → simulator${T.steps.statuses.open}`);
    expect(fourth).toHaveTextContent(`Simulator → u${T.steps.statuses.open}`);
  });

  it('shows the step under way as begun before anything happened in it', async () => {
    const fresh: RunView = { ...RUNS.waiting, id: 'fresh-run', step: 0, steps: [] };
    const { panel } = await openReport(fresh, { [`GET ${runPath(fresh.id)}`]: () => Response.json(fresh) });

    const [opdracht, planning] = steps(panel);
    expect(opdracht).toHaveTextContent(`Stap 1: OpdrachtSimulator → u${T.steps.statuses.lopend}`);
    expect(planning).toHaveTextContent(`Stap 2: PlanningU → simulator${T.steps.statuses.open}`);
  });

  it("gives the reason of a failed run, the simulator's delivery attempts and its last error", async () => {
    const { panel } = await openReport(RUNS.undelivered);

    expect(fact(panel, T.status)).toEqual(['Mislukt']);
    expect(fact(panel, T.report.beeindigd)).toEqual([formatDateTime(RUNS.undelivered.ended)]);
    expect(within(panel).getByText(CONFORMANCE_TEXTS.notDelivered(600, 'HTTP 500'))).toBeInTheDocument();
    const [opdracht] = steps(panel);
    expect(opdracht).toHaveTextContent(T.steps.statuses.mislukt);
    expect(fact(opdracht!, T.steps.pogingen)).toEqual(['4']);
    expect(fact(opdracht!, T.steps.laatsteFout)).toEqual(['HTTP 500Trace ID trace-9f8e7d']);
    expect(within(panel).queryByRole('region', { name: T.verwacht.title })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: T.report.stop })).not.toBeInTheDocument();
  });

  it('shows what the participant sent instead of what the step expected', async () => {
    const { panel } = await openReport(RUNS.wrongAnswer);

    expect(within(panel).getByText(RUNS.wrongAnswer.reason!)).toBeInTheDocument();
    const [, beoordeling] = steps(panel);
    expect(fact(beoordeling!, T.steps.ontvangen)).toEqual(['PlanningHoofdnet']);
    expect(fact(beoordeling!, T.steps.berichtId)).toEqual(['msg-planning-3']);
  });

  it('stops a run under way once the user confirms', async () => {
    const stopped: RunView = {
      ...RUNS.waiting,
      status: 'gestopt',
      ended: '2026-03-02T10:05:00Z',
      reason: CONFORMANCE_TEXTS.stopped('dev@alfa.example'),
      verwacht: undefined,
    };
    let running = true;
    const { api, panel, user } = await openReport(RUNS.waiting, {
      [`POST ${stopPath(RUNS.waiting.id)}`]: () => {
        running = false;
        return Response.json(stopped);
      },
      [`GET ${runPath(RUNS.waiting.id)}`]: () => Response.json(running ? RUNS.waiting : stopped),
    });

    await user.click(within(panel).getByRole('button', { name: T.report.stop }));
    const confirm = screen.getByRole('dialog', { name: T.report.stopTitle });
    expect(confirm).toHaveTextContent(T.report.stopText('CONF-1A2B3C4D'));
    expect(api.calls('POST', stopPath(RUNS.waiting.id))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: T.report.stop }));

    expect(await screen.findByText(T.report.stopped)).toBeInTheDocument();
    expect(api.calls('POST', stopPath(RUNS.waiting.id))).toHaveLength(1);
    await waitFor(() => expect(fact(panel, T.status)).toEqual(['Gestopt']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.report.stopTitle })).not.toBeInTheDocument());
    // The step it was stopped at says so; the steps after it never began.
    const [, planning, tg] = steps(panel);
    expect(planning).toHaveTextContent(`Stap 2: PlanningU → simulator${T.steps.statuses.gestopt}`);
    expect(tg).toHaveTextContent(`Stap 3: TGU → simulator${T.steps.statuses.open}`);
    expect(within(panel).getByText('Gestopt door dev@alfa.example.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: T.report.stop })).not.toBeInTheDocument();
  });

  it('downloads the report as testrun-<opdrachtId>.json', async () => {
    const blobs: Blob[] = [];
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: a URL class that hands out one and says which blob it was for.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:rapport';
        }
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { panel, user } = await openReport(RUNS.undelivered);

    await user.click(within(panel).getByRole('button', { name: T.report.download }));

    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([
      ['testrun-CONF-5E6F7A8B.json', 'blob:rapport'],
    ]);
    expect(blobs[0]?.type).toBe('application/json');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(RUNS.undelivered);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:rapport'));
  });

  it('follows a run under way by itself, until it has ended', async () => {
    let fetched = 0;
    const passed: RunView = { ...RUNS.waiting, status: 'geslaagd', step: 4, verwacht: undefined };
    const { api, panel } = await openReport(RUNS.waiting, {
      [`GET ${runPath(RUNS.waiting.id)}`]: () => Response.json(++fetched > 1 ? passed : RUNS.waiting),
    });

    await waitFor(() => expect(fact(panel, T.status)).toEqual(['Geslaagd']));
    expect(within(panel).queryByRole('region', { name: T.verwacht.title })).not.toBeInTheDocument();
    expect(api.calls('GET', runPath(RUNS.waiting.id))).toHaveLength(2);
  });
});
