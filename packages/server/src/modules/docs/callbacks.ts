import { z } from 'zod';
import {
  EXAMPLE_BERICHTEN,
  KOPPELEN_PATH,
  MESSAGE_TYPES,
  berichtEnvelopeSchema,
  dataSchemaFor,
  flowOfMessageType,
  parseBericht,
  versienummerOf,
  type MessageType,
} from '@knooppunt/domain';
import { receiverOf, senderOf } from './facts';

export const BERICHTEN_PAGE_PATH = '/docs/berichten';

/**
 * The body Knooppunt POSTs to a callback URL for one message type (delivery/deliver.ts): the
 * message's id and order, its type and version number, the sending participant and the `data` as
 * accepted. A test delivers a message and checks its body against this schema.
 */
export function callbackBodySchema(type: MessageType) {
  return z.object({
    id: z.uuid().meta({
      description:
        'Het id van het bericht bij Knooppunt, gelijk aan de header Idempotency-Key: verwerk elk id één keer.',
    }),
    opdrachtId: berichtEnvelopeSchema.shape.opdrachtId.meta({ description: 'De opdracht waar het bericht over gaat.' }),
    type: z.literal(type),
    versienummer: z.literal(versienummerOf(type)),
    sender: z.string().meta({ description: 'De deelnemer die het bericht aanbood: de andere partij van de opdracht.' }),
    data: dataSchemaFor(type),
  });
}

/** The example of a type as it arrives: the example message as Knooppunt accepted and stored it. */
function deliveredExample(type: MessageType) {
  const parsed = parseBericht(EXAMPLE_BERICHTEN[type]);
  if (!parsed.success) throw new Error(`EXAMPLE_BERICHTEN.${type} is no valid message`);
  return {
    id: '0b7e5a52-3c1f-4f7e-9d6a-2f1c8e4b9a10',
    opdrachtId: parsed.data.opdrachtId,
    type,
    versienummer: parsed.data.versienummer,
    sender: senderOf(type) === 'opdrachtgever' ? 'Netbeheer_Noord' : 'Aannemer_Alfa',
    data: parsed.data.data,
  };
}

/**
 * A zod schema as the OpenAPI plugin turns a request body into JSON Schema
 * (fastify-type-provider-zod: zod 4's `toJSONSchema`, draft 2020-12 for OpenAPI 3.1, the input
 * side, unrepresentable types as any), without the root's `$schema`.
 */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  });
  return rest;
}

/** The Standard Webhooks headers come only to a receiver with a signing secret (decision 0061). */
const SIGNED =
  'Standard Webhooks: alleen als de deelnemer een ondertekeningsgeheim heeft (Configuraties, Ondertekening), naast het token.';

const FLOW_TAGS = { aansluiting: 'Aansluiting (2.0)', hoofdnet: 'Hoofdnet (h1.0)' } as const;

function operation(type: MessageType, publicUrl: string) {
  const receiver = receiverOf(type);
  return {
    operationId: `receive${type}`,
    tags: [FLOW_TAGS[flowOfMessageType(type)]],
    summary: `${type}: ${senderOf(type)} → ${receiver}`,
    description: [
      `De ${receiver} ontvangt dit bericht op de callback-URL voor \`${type}\` in zijn configuratie (Configuraties, versienummer \`${versienummerOf(type)}\`).`,
      `De velden van \`data\`: [berichttypen](${publicUrl}${BERICHTEN_PAGE_PATH}#${type.toLowerCase()}).`,
    ].join(' '),
    security: [{ tokenVanDeelnemer: [] }],
    parameters: [
      { $ref: '#/components/parameters/IdempotencyKey' },
      { $ref: '#/components/parameters/TraceId' },
      { $ref: '#/components/parameters/WebhookId' },
      { $ref: '#/components/parameters/WebhookTimestamp' },
      { $ref: '#/components/parameters/WebhookSignature' },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: jsonSchema(callbackBodySchema(type)), example: deliveredExample(type) },
      },
    },
    responses: {
      '2XX': { $ref: '#/components/responses/Afgeleverd' },
      '401': { $ref: '#/components/responses/TokenGeweigerd' },
      default: { $ref: '#/components/responses/NietAfgeleverd' },
    },
  };
}

/**
 * The callbacks as an OpenAPI 3.1 document of `webhooks`: one per message type, each with the
 * headers Knooppunt sends, the body schema generated from the domain's zod schemas and the
 * answers it acts on (decision 0039). docs/koppelen.md says the same in prose.
 */
export function callbacksDocument({ version, publicUrl }: { version: string; publicUrl: string }) {
  const koppelen = `${publicUrl}${KOPPELEN_PATH}`;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Knooppunt callbacks',
      version,
      description: [
        `Wat Knooppunt aan de callback-URL's van een deelnemer aflevert: per berichttype één POST met een JSON-body, een access token dat Knooppunt bij de Token URL van de configuratie ophaalt, en de headers hieronder. Een 2xx-antwoord is afgeleverd; elk ander antwoord probeert Knooppunt later opnieuw, en latere berichten van dezelfde opdracht wachten zolang.`,
        `Het token, de herhalingen, de volgorde per opdracht, de verbindingscontrole en de testomgeving: [Koppelen met Knooppunt](${koppelen}).`,
      ].join('\n\n'),
    },
    externalDocs: { description: 'Koppelen met Knooppunt', url: koppelen },
    tags: [
      { name: FLOW_TAGS.aansluiting, description: 'Berichten over een aansluiting (versienummer 2.0).' },
      { name: FLOW_TAGS.hoofdnet, description: 'Berichten over werk aan het hoofdnet (versienummer h1.0).' },
    ],
    webhooks: Object.fromEntries(MESSAGE_TYPES.map((type) => [type, { post: operation(type, publicUrl) }])),
    components: {
      securitySchemes: {
        tokenVanDeelnemer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Het access token van de deelnemer zelf: Knooppunt haalt het met de grant client_credentials bij de Token URL van de configuratie (`client_id` en `client_secret` in de form-body, `scope` als die is ingesteld) en bewaart het tot kort voor het verloopt.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'Het id van het bericht (gelijk aan `id` in de body). Hetzelfde bericht kan vaker komen — na een storing, of als beheer het opnieuw verstuurt —, altijd met dezelfde sleutel: verwerk het één keer en antwoord ook op een herhaling met 2xx.',
          schema: { type: 'string', format: 'uuid' },
        },
        TraceId: {
          name: 'X-Trace-Id',
          in: 'header',
          required: true,
          description:
            'Nieuw bij elke poging. Bij een mislukte poging staat hij in Knooppunt bij de foutmelding van het bericht (Berichten, Uitval): log hem, dan vinden beide kanten dezelfde poging terug.',
          schema: { type: 'string', format: 'uuid' },
        },
        WebhookId: {
          name: 'webhook-id',
          in: 'header',
          required: false,
          description: `${SIGNED} Het id van het bericht, gelijk aan Idempotency-Key.`,
          schema: { type: 'string', format: 'uuid' },
        },
        WebhookTimestamp: {
          name: 'webhook-timestamp',
          in: 'header',
          required: false,
          description: `${SIGNED} Het moment van deze poging in seconden sinds 1970 (UTC); weiger een bericht waarvan het meer dan 5 minuten afwijkt van uw klok.`,
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        WebhookSignature: {
          name: 'webhook-signature',
          in: 'header',
          required: false,
          description: `${SIGNED} \`v1,\` en de base64 van de HMAC-SHA256 van \`<webhook-id>.<webhook-timestamp>.<body>\` met de bytes van uw geheim (de base64 na \`whsec_\`); na een nieuw geheim een tijd lang twee, gescheiden door een spatie. Eén die klopt is genoeg.`,
          schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
        },
      },
      responses: {
        Afgeleverd: {
          description:
            'Afgeleverd: Knooppunt leest de body niet en stuurt daarna het volgende bericht van dezelfde opdracht. Antwoord pas als het bericht veilig is opgeslagen.',
        },
        TokenGeweigerd: {
          description:
            'Knooppunt haalt één keer een nieuw token en verstuurt het bericht opnieuw, met dezelfde Idempotency-Key en X-Trace-Id. Weer 401: een mislukte poging.',
        },
        NietAfgeleverd: {
          description:
            'Elk ander antwoord — ook een redirect (niet gevolgd), 400, 404, 409, 422 en 5xx — en geen antwoord binnen de tijdslimiet zijn een mislukte poging: Knooppunt probeert het later opnieuw, zonder einde, en latere berichten van dezelfde opdracht wachten zolang.',
        },
      },
    },
  };
}
