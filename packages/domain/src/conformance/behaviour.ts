import type { MessageType, Side } from '../messageTypes';
import { lifecycleStep, scenariosOf, type ConformanceScenario, type ScenarioStep } from './catalogue';

/**
 * The behaviour scenarios (issue 28): a message of the simulator delivered twice must be handled
 * once. For a contractor the Opdracht comes twice and one Planning must follow; for a grid
 * operator the TG comes twice and one BeoordelingTG must follow — and then nothing more.
 */
export function behaviourScenarios(): ConformanceScenario[] {
  const herhaal = (type: MessageType, senderSide: Side): ScenarioStep => ({
    type,
    senderSide,
    transition: '',
    actie: 'herhaal',
  });
  const stilte = (type: MessageType, senderSide: Side): ScenarioStep => ({
    type,
    senderSide,
    transition: '',
    actie: 'stilte',
  });
  const opdrachtnemer: MessageType[] = ['Opdracht', 'Planning'];
  const opdrachtgever: MessageType[] = ['Opdracht', 'Planning', 'TG', 'BeoordelingTG'];
  const steps = (path: MessageType[]) => path.map((_, index) => lifecycleStep('aansluiting', path, index));
  const [opdracht, planning] = steps(opdrachtnemer);
  const [eigenOpdracht, gepland, tg, beoordeling] = steps(opdrachtgever);
  return [
    {
      id: 'gedrag-dubbele-aflevering-opdrachtnemer',
      flow: 'aansluiting',
      naam: 'Dubbel afgeleverde Opdracht: één keer verwerkt',
      kant: 'opdrachtnemer',
      steps: [opdracht!, herhaal('Opdracht', 'opdrachtgever'), planning!, stilte('Planning', 'opdrachtnemer')],
    },
    {
      id: 'gedrag-dubbele-aflevering-opdrachtgever',
      flow: 'aansluiting',
      naam: 'Dubbel afgeleverde TG: één keer verwerkt',
      kant: 'opdrachtgever',
      steps: [
        eigenOpdracht!,
        gepland!,
        tg!,
        herhaal('TG', 'opdrachtnemer'),
        beoordeling!,
        stilte('BeoordelingTG', 'opdrachtgever'),
      ],
    },
  ];
}

let catalogue: readonly ConformanceScenario[] | undefined;

/** The whole catalogue: both flows' lifecycle scenarios and the behaviour scenarios; made at first use and kept. */
export function conformanceScenarios(): readonly ConformanceScenario[] {
  catalogue ??= [...scenariosOf('aansluiting'), ...scenariosOf('hoofdnet'), ...behaviourScenarios()];
  return catalogue;
}
