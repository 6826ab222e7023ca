import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiErrorSchema,
  leveringPageSchema,
  messagePageSchema,
  monitoringValuelistSchema,
  opdrachtHistorySchema,
  opdrachtPageSchema,
} from '@knooppunt/domain';
import { isoTimestamp } from '../src/monitoring/statements';
import { compiledSerializer } from '../src/plugins/compiled-serializer';

/** The text both serializers write for `data` under `schema`. */
function bothWrite(schema: z.ZodType, data: unknown) {
  const route = { schema, method: 'POST', url: '/rest/test', httpStatus: '200' } as const;
  return { zod: serializerCompiler(route)(data), compiled: compiledSerializer(route)(data) };
}

const message = {
  _id: '077e0a0b-5f93-47aa-9b1a-36b33ac12120',
  opdrachtId: 'AS-1',
  sender: 'Aannemer_Alfa',
  receiver: 'Netbeheer_West',
  type: 'TG',
  versienummer: '2.0',
  created: '2026-11-21T04:33:52.203Z',
  failedAttempts: 6,
  lastAttempt: '2026-11-22T02:03:19.252Z',
  nextAttempt: null,
  deliveredAt: '2026-11-22T02:04:00.000Z',
  data: { meter: { standen: [{ stand: 0, telwerk: '1.8.1' }] }, tekst: 'regel 1\n"aanhalingstekens" \\ é', leeg: null },
  err: { msg: 'Token ophalen mislukt', traceId: 'e92d0f26' },
  dataRemoved: null,
};
const opdracht = {
  opdrachtId: 'HN-1',
  versienummer: 'h1.0',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  status: 100,
  statusText: 'Opdracht verstrekt',
  created: '2026-11-21T04:33:52.203Z',
  changed: '2026-11-21T04:33:52.203Z',
  type: 'Aanleg',
  planStatusText: 'Gepland',
};
const levering = {
  opdrachtId: 'HN-1',
  leveringId: 'L-1',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  messageType: 'Deellevering',
  type: 'Deel',
  statusText: 'Ontvangen',
  created: '2026-11-21T04:33:52.203Z',
  changed: '2026-11-21T04:33:52.203Z',
};
const { _id: id, opdrachtId: _opdrachtId, ...messageFields } = message;
/** An order's history (decision 0059): nullable texts, an enum, objects and lists inside lists. */
const history = {
  ...opdracht,
  flow: 'hoofdnet',
  inError: true,
  planStatusText: null,
  berichten: [
    {
      id,
      ...messageFields,
      status: 400,
      statusText: 'In uitvoering',
      planStatusText: 'Definitief',
      receipt: {
        index: 0,
        batch: 'header.leaves.signature',
        claims: {
          id,
          opdrachtId: 'HN-1',
          type: 'Opdracht',
          versienummer: 'h1.0',
          flow: 'hoofdnet',
          sender: 'Netbeheer_Noord',
          receiver: 'Aannemer_Alfa',
          sha256: 'a'.repeat(64),
          acceptedAt: '2026-11-21T04:33:52.203Z',
          deliveredAt: '2026-11-21T04:33:53.001Z',
          status: 202,
          attempt: 1,
          iat: 1795754033,
        },
      },
    },
    {
      id,
      ...messageFields,
      receipt: null,
      err: null,
      deliveredAt: null,
      status: null,
      statusText: null,
      planStatusText: null,
      data: {},
      dataRemoved: { at: '2027-02-20T03:00:00.000Z', afterDays: 90 },
    },
  ],
  leveringen: [levering],
  acties: [
    {
      at: '2026-11-22T02:04:00.000Z',
      action: 'message.bulk-retry',
      actionText: 'Alles opnieuw verstuurd',
      actor: 'beheer@knooppunt.example',
      actorDeelnemer: null,
      actingFor: 'Netbeheer_Noord',
      berichten: [id, id],
      toelichting: null,
    },
  ],
  termijnen: [
    {
      termijnId: id,
      omschrijving: 'BeoordelingLevering binnen 48 uur na Eindlevering',
      van: { berichtId: id, at: '2026-11-20T10:00:00.000Z' },
      uiterlijk: '2026-11-22T10:00:00.000Z',
      tot: null,
      stand: 'verlopen',
    },
  ],
};
const page = <T>(items: T[]) => ({ items, count: items.length, countIsLowerBound: false, skip: 0, limit: 50 });

describe('the compiled serializer of the monitoring searches and the order history', () => {
  it.each([
    [
      'messages',
      messagePageSchema,
      page([
        message,
        {
          ...message,
          err: null,
          lastAttempt: null,
          nextAttempt: 'x',
          deliveredAt: null,
          data: {},
          dataRemoved: { at: '2027-02-20T03:00:00.000Z', afterDays: 90 },
        },
      ]),
    ],
    ['orders', opdrachtPageSchema, page([opdracht, { ...opdracht, status: 'error', type: undefined }])],
    [
      'orders without the Hoofdnet fields',
      opdrachtPageSchema,
      page([{ ...opdracht, type: undefined, planStatusText: undefined }]),
    ],
    ['leveringen', leveringPageSchema, { ...page([levering]), count: 10_000, countIsLowerBound: true }],
    ['an empty page', messagePageSchema, page([])],
    ['an order history', opdrachtHistorySchema, history],
    [
      'an order history without messages',
      opdrachtHistorySchema,
      { ...history, berichten: [], acties: [], termijnen: [] },
    ],
    ['the value list', monitoringValuelistSchema, { senders: ['Aannemer_Alfa', 'Netbeheer_Noord'], receivers: [] }],
    [
      'an error',
      apiErrorSchema,
      { message: 'filters.0.name: ongeldig', details: [{ field: 'filters.0.name', message: 'ongeldig' }] },
    ],
    ['an error without details', apiErrorSchema, { message: 'Geen toegang.', details: undefined }],
  ])('writes %s as the zod serializer does', (_what, schema, data) => {
    const { zod, compiled } = bothWrite(schema, data);
    expect(compiled).toBe(zod);
  });

  it('leaves out what the schema does not declare, as the zod serializer does', () => {
    const { zod, compiled } = bothWrite(leveringPageSchema, page([{ ...levering, beoordeling: 'goed' }]));
    expect(compiled).toBe(zod);
    expect(compiled).not.toContain('beoordeling');
  });
});

describe('isoTimestamp', () => {
  it.each([
    '2026-11-21 04:33:52.203999+00',
    '2026-11-21 04:33:52.2+00',
    '2026-11-21 04:33:52.03+00',
    '2026-11-21 04:33:52+00',
    '2026-11-21 04:33:52.203999+01',
    '2026-11-21 04:33:52.203999+05:30',
    '2026-03-29 01:59:59.999999-02',
  ])('writes %s as Date#toISOString does', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });
});
