import { z } from 'zod';
import { ORGANISATION_NAME_MAX } from '../constants';

/*
 * Conformance runs (issue 28 item 2): a participant's system plays one side of a catalogue
 * scenario against Knooppunt's simulator in the test environment; every step passes or fails
 * with its evidence.
 */

/** The simulated counterparties: the organisations Knooppunt's simulator sends and receives as. */
export const SIMULATOR = { opdrachtgever: 'Testtool_Netbeheerder', opdrachtnemer: 'Testtool_Aannemer' } as const;

/** How long a step waits for what it expects, unless set otherwise (TESTTOOL_STEP_TIMEOUT_SECONDS). */
export const TESTTOOL_STEP_TIMEOUT_MINUTES_DEFAULT = 10;

/** How long a behaviour scenario's 'stilte' step watches for a message that should not come. */
export const TESTTOOL_QUIET_SECONDS_DEFAULT = 15;

export const RUN_STATUSES = ['lopend', 'geslaagd', 'mislukt', 'gestopt'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Knooppunt refused a message of the participant about the run's order: its answer. */
export interface ConformanceRefusal {
  at: string;
  type: string;
  status: number;
  message: string;
}

/** The evidence of one step. */
export interface ConformanceStepReport {
  index: number;
  type: string;
  /** Who sends the step's message: the simulator, or the participant's system. */
  door: 'simulator' | 'deelnemer';
  status: 'lopend' | 'geslaagd' | 'mislukt';
  begonnen: string;
  klaar?: string;
  /** From the step's start to its end. */
  ms?: number;
  /** The message of the step (the simulator's, or the participant's that passed or failed it). */
  berichtId?: string;
  /** Delivery attempts of the simulator's message to the participant's test callback. */
  pogingen?: number;
  /** The last failed delivery attempt: Knooppunt's error and its trace id. */
  laatsteFout?: { msg: string; traceId: string };
  /** What the participant sent instead of what was expected. */
  ontvangen?: { type: string; akkoord?: unknown; leveringId?: unknown };
  weigeringen?: ConformanceRefusal[];
}

/** A step's waiting time in words: '10 minuten', '45 seconden'. */
export function wachttijd(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} ${seconds === 60 ? 'minuut' : 'minuten'}` : `${seconds} seconden`;
}

export const CONFORMANCE_TEXTS = {
  unknownScenario: (id: string) => `Scenario '${id}' bestaat niet.`,
  noSide: (organisatie: string, type: string) =>
    `Organisatie ${organisatie} (${type}) speelt geen kant van een opdracht: de Testtool test netbeheerders, gedelegeerd netbeheerders, aannemers en combi's.`,
  unknownParticipant: (organisatie: string) => `Organisatie '${organisatie}' bestaat niet.`,
  otherParticipant: 'U test alleen het systeem van uw eigen organisatie.',
  notFound: 'Deze testrun bestaat niet.',
  notRunning: 'Deze testrun loopt niet meer.',
  notDelivered: (seconds: number, error: string | undefined) =>
    `Het bericht is niet binnen ${wachttijd(seconds)} afgeleverd bij de testcallback` + (error ? `: ${error}` : '.'),
  noAnswer: (type: string, seconds: number) => `Geen ${type} ontvangen binnen ${wachttijd(seconds)}.`,
  timeoutNotAllowed: 'Alleen met Testtool Beheren stelt u de wachttijd van een stap in.',
  wrongAnswer: (expected: string, received: string) => `Verwacht: ${expected}; ontvangen: ${received}.`,
  simulatorRefused: (message: string) => `De simulator kon zijn bericht niet versturen: ${message}`,
  stopped: (by: string) => `Gestopt door ${by}.`,
  notQuiet: (received: string) =>
    `Uw systeem stuurde daarna nog ${received}: een dubbel afgeleverd bericht moet één keer worden verwerkt (de Idempotency-Key is het bericht-id), en een geweigerd bericht niet opnieuw worden verstuurd.`,
  retriesRefused: (type: string, count: number) =>
    `Uw systeem verstuurde ${type} ${count} keer terwijl Knooppunt het weigerde: herhaal een geweigerd bericht (4xx) niet, los eerst de oorzaak op.`,
  wrongSide: (side: string) => `Dit scenario is voor de ${side}.`,
} as const;

export const startRunSchema = z.object({
  scenario: z.string().min(1).max(200),
  /** Without it: the caller's own organisation. */
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
  /** How long each step waits (seconds); only with 'Testtool Beheren', else the platform's setting. */
  stapTimeoutSeconden: z
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .optional(),
});
export type StartRun = z.infer<typeof startRunSchema>;

export const runIdParamsSchema = z.object({ id: z.uuid({ error: 'Geen geldig testrun-id.' }) });
export const runListQuerySchema = z.object({
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
});

const refusalSchema = z.object({ at: z.string(), type: z.string(), status: z.number(), message: z.string() });

export const stepReportSchema = z.object({
  index: z.number().int(),
  type: z.string(),
  door: z.enum(['simulator', 'deelnemer']),
  status: z.enum(['lopend', 'geslaagd', 'mislukt']),
  begonnen: z.string(),
  klaar: z.string().optional(),
  ms: z.number().optional(),
  berichtId: z.string().optional(),
  pogingen: z.number().optional(),
  laatsteFout: z.object({ msg: z.string(), traceId: z.string() }).optional(),
  ontvangen: z
    .object({ type: z.string(), akkoord: z.unknown().optional(), leveringId: z.unknown().optional() })
    .optional(),
  weigeringen: z.array(refusalSchema).optional(),
});

/** What the participant's system must send next, when the run waits for it. */
export const expectedMessageSchema = z.object({
  type: z.string(),
  versienummer: z.string(),
  opdrachtId: z.string(),
  /** The fields the step asks for (with the type's other fields the participant's own). */
  data: z.record(z.string(), z.unknown()),
});
export type ExpectedMessage = z.infer<typeof expectedMessageSchema>;

export const runViewSchema = z.object({
  id: z.string(),
  deelnemer: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  side: z.enum(['opdrachtgever', 'opdrachtnemer']),
  scenario: z.object({ id: z.string(), naam: z.string(), stappen: z.number().int() }),
  opdrachtId: z.string(),
  status: z.enum(RUN_STATUSES),
  step: z.number().int(),
  stepTimeoutSeconds: z.number().int(),
  reason: z.string().nullable(),
  started: z.string(),
  startedBy: z.string(),
  ended: z.string().nullable(),
  steps: z.array(stepReportSchema),
  /** Present while the run waits for the participant's system. */
  verwacht: expectedMessageSchema.optional(),
});
export type RunView = z.infer<typeof runViewSchema>;

export const runListSchema = z.object({ items: z.array(runViewSchema) });

export const scenarioViewSchema = z.object({
  id: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  naam: z.string(),
  /** A behaviour scenario is for this side only. */
  kant: z.enum(['opdrachtgever', 'opdrachtnemer']).optional(),
  stappen: z.array(
    z.object({
      type: z.string(),
      senderSide: z.enum(['opdrachtgever', 'opdrachtnemer']),
      /** A behaviour step: the simulator's message again ('herhaal'), or nothing more from the participant ('stilte'). */
      actie: z.enum(['herhaal', 'stilte']).optional(),
      akkoord: z.boolean().optional(),
      leveringId: z.string().optional(),
    }),
  ),
});
export const scenarioListSchema = z.object({ items: z.array(scenarioViewSchema) });

/*
 * The Testtool's single messages (issue 28 item 3): check a message without sending it, send it
 * into the test environment as the own organisation's system, or let the simulator send one to the
 * own test callback and show the exact exchange.
 */

export const TESTTOOL_TEXTS = {
  noTestConfiguration: (deelnemer: string, versienummer: string) =>
    `${deelnemer} heeft geen actieve testconfiguratie voor versienummer ${versienummer}: stel die in onder Configuraties → Test.`,
  noCallback: (type: string) => `De testconfiguratie heeft geen callback-URL voor ${type}.`,
  noParticipant: 'Uw account hoort bij geen deelnemer.',
  unknownType: (type: string) => `Berichttype '${type}' bestaat niet.`,
  valid: 'Het bericht is geldig: Knooppunt zou het aannemen.',
} as const;

export const testtoolBerichtSchema = z.object({
  /** The message as a participant's system would POST it to /api/v1/berichten (checked as that call checks it). */
  bericht: z.unknown(),
  idempotencyKey: z.string().min(1).max(200).optional(),
  /** As implementation partner (or with 'Testtool Beheren'): the participant acted for. */
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
});

export const checkAnswerSchema = z.object({
  geldig: z.boolean(),
  /** The status /api/v1/berichten would answer: 202, or the refusal's. */
  status: z.number().int(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

export const probeRequestSchema = z.object({
  type: z.string().min(1).max(100),
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
});

export const probeAnswerSchema = z.object({
  /** The token step, when it failed (the callback is then not called). */
  token: z.object({ success: z.boolean(), message: z.string(), details: z.array(z.string()) }).optional(),
  verzoek: z
    .object({ method: z.literal('POST'), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() })
    .optional(),
  antwoord: z.object({ status: z.number().int(), statusText: z.string(), body: z.string(), ms: z.number() }).optional(),
  fout: z.string().optional(),
});
export type ProbeAnswer = z.infer<typeof probeAnswerSchema>;

/** Whether a participant passed the conformance runs of a flow (issue 28 item 2). */
export const flowConformitySchema = z.object({
  flow: z.enum(['aansluiting', 'hoofdnet']),
  /** The side the participant plays. */
  side: z.enum(['opdrachtgever', 'opdrachtnemer']),
  /** When the last of the flow's scenarios passed, once every one of them has; null before. */
  geslaagdOp: z.string().nullable(),
  /** The flow's scenarios without a passed run yet. */
  ontbrekend: z.array(z.object({ id: z.string(), naam: z.string() })),
});
export type FlowConformity = z.infer<typeof flowConformitySchema>;

export const conformitySchema = z.object({
  deelnemer: z.string(),
  /** Production configurations are activated only once the flow's runs have passed. */
  vereist: z.boolean(),
  /** Per flow; empty for an organisation that plays no side. */
  stromen: z.array(flowConformitySchema),
});
export type Conformity = z.infer<typeof conformitySchema>;

export const conformityQuerySchema = z.object({ deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX) });
export const conformityRequirementSchema = z.object({
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX),
  vereist: z.boolean({ error: 'Geef aan of geslaagde conformancetests vereist zijn (true of false).' }),
});

export const CONFORMITY_TEXTS = {
  label: (date: string) => `Conformiteit: geslaagd op ${date}`,
  notPassed: 'Conformiteit: nog niet geslaagd',
  required: (deelnemer: string, flow: string, missing: string[]) =>
    `${deelnemer} moet eerst de conformancetests van ${flow} halen voordat een productieconfiguratie wordt geactiveerd; nog niet geslaagd: ${missing.join(', ')}.`,
  notVisible: 'U ziet alleen de conformiteit van uw eigen organisatie.',
} as const;
