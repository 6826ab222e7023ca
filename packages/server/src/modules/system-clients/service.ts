import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CLIENT_ORGANISATION_TYPES,
  SUPER_ROLE,
  SYSTEM_CLIENT_TEXTS,
  type ClientAuthMethod,
  type Omgeving,
  type ConnectionInfo,
  type IssuedSystemClient,
  type SystemClient,
  type SystemClientList,
  type createSystemClientSchema,
} from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { hashPassword } from '../../idp/passwords';
import { checkedJwks } from './jwks';
import {
  activeClientCount,
  allClients,
  clientById,
  clientsOf,
  insertClient,
  lockOrganisation,
  organisationByName,
  organisationOfDeelnemer,
  updateClient,
  type ClientOrganisation,
  type SystemClientRow,
} from './repository';

export type SystemClientsService = ReturnType<typeof createSystemClientsService>;
type CreateBody = z.output<typeof createSystemClientSchema>;

/** Algorithms a private_key_jwt client may sign its assertion with (idp/provider.ts offers the same). */
export const CLIENT_ASSERTION_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384'] as const;
/** 32 random bytes: 256 bits, base64url (43 characters). */
const SECRET_BYTES = 32;
const ID_ATTEMPTS = 5;

const AUDIT_SUBJECT = 'systeemclient';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A new secret: shown once, stored only as its scrypt hash. */
export const newClientSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

/**
 * `Netbeheer_Noord` → `netbeheer_noord-1f2e3d4c` (a test client: `netbeheer_noord-test-1f2e3d4c`):
 * readable, and unguessable enough not to collide.
 */
export function newClientId(organisatie: string, omgeving: Omgeving = 'productie'): string {
  const slug =
    organisatie
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9_.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'client';
  return `${slug}${omgeving === 'test' ? '-test' : ''}-${randomBytes(4).toString('hex')}`;
}

function toSystemClient(row: SystemClientRow, organisatie: string, now = new Date()): SystemClient {
  const previousValid = row.previousSecretExpires && row.previousSecretExpires > now ? row.previousSecretExpires : null;
  return {
    clientId: row.clientId,
    organisatie,
    omschrijving: row.omschrijving,
    methode: row.authMethod as ClientAuthMethod,
    omgeving: row.omgeving,
    status: row.revoked ? 'ingetrokken' : 'actief',
    aangemaakt: row.created.toISOString(),
    aangemaaktDoor: row.createdBy,
    geheimVernieuwd: iso(row.secretRotated),
    vorigGeheimGeldigTot: iso(previousValid),
    laatstGebruikt: iso(row.lastUsed),
    ingetrokken: iso(row.revoked),
    ingetrokkenDoor: row.revokedBy,
  };
}

/**
 * Participants' system clients (decision 0019): the OAuth clients with which a grid operator's or
 * contractor's system gets tokens for /api/v1 from the embedded provider. Rights: with the super
 * role ('Connectiviteit Beheren') every organisation's; without it ('Beheer connectiviteit') only
 * the caller's own organisation's, and another's is indistinguishable from one that does not exist.
 */
export function createSystemClientsService({
  db,
  audit,
  config,
}: {
  db: Database;
  audit: AuditService;
  config: Pick<Config, 'oidc' | 'systemClients'>;
}) {
  const { oidc } = config;
  const external = oidc.externalIssuer !== undefined;
  const graceMs = config.systemClients.secretGraceHours * 60 * 60 * 1000;
  const { maxPerOrganisation } = config.systemClients;
  // With an external provider its discovery document names the token endpoint; we do not fetch it.
  const tokenEndpoint = external
    ? `${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
    : `${oidc.issuer}/token`;
  const connection: ConnectionInfo = {
    extern: external,
    issuer: oidc.issuer,
    tokenEndpoint,
    audience: oidc.audience,
    deelnemerClaim: oidc.claims.deelnemer,
    systeemClaim: oidc.system.claim,
    systeemClaimWaarde: oidc.system.value,
    respijtUren: config.systemClients.secretGraceHours,
    tokenLevensduurSeconden: oidc.accessTokenTtlSeconds,
  };

  const hasSuperRole = (actor: AuthUser) => actor.roles.includes(SUPER_ROLE);
  const actorName = (actor: AuthUser) => actor.email ?? actor.sub;

  /**
   * The organisation a call concerns: the named one, else the caller's own. Without the super role
   * only the caller's own (403 for any other, existing or not); organisation types without systems: 400.
   */
  async function targetOrganisation(actor: AuthUser, name: string | undefined): Promise<ClientOrganisation> {
    const organisation =
      name !== undefined
        ? await organisationByName(db, name)
        : actor.deelnemer
          ? await organisationOfDeelnemer(db, actor.deelnemer)
          : undefined;
    if (!hasSuperRole(actor)) {
      if (!organisation || !actor.deelnemer || organisation.deelnemer !== actor.deelnemer) {
        throw new ForbiddenError(SYSTEM_CLIENT_TEXTS.otherOrganisation);
      }
    } else if (!organisation) {
      throw new NotFoundError(SYSTEM_CLIENT_TEXTS.organisationNotFound(name ?? actor.deelnemer ?? ''));
    }
    if (!(CLIENT_ORGANISATION_TYPES as readonly string[]).includes(organisation.type)) {
      throw new ValidationError('organisatie', SYSTEM_CLIENT_TEXTS.organisationTypeWithoutClients(organisation.type));
    }
    return organisation;
  }

  /** A client the caller may manage, locked for its change; 404 when unknown or another organisation's. */
  async function managedClient(tx: Database, actor: AuthUser, clientId: string) {
    const found = await clientById(tx, clientId, true);
    if (!found || (!hasSuperRole(actor) && found.organisation.deelnemer !== actor.deelnemer)) {
      throw new NotFoundError(SYSTEM_CLIENT_TEXTS.notFound);
    }
    return found;
  }

  return {
    connection,

    async list(actor: AuthUser, organisatie: string | undefined): Promise<SystemClientList> {
      // The super role's own organisation has no systems: without a choice it sees every one's.
      if (organisatie === undefined && hasSuperRole(actor)) {
        const now = new Date();
        const rows = external ? [] : await allClients(db);
        return {
          organisatie: null,
          type: null,
          items: rows.map((row) => toSystemClient(row.client, row.organisatie, now)),
          verbinding: connection,
        };
      }
      const organisation = await targetOrganisation(actor, organisatie);
      // With an external provider clients are registered there; rows from before are not in use.
      const rows = external ? [] : await clientsOf(db, organisation.id);
      const now = new Date();
      return {
        organisatie: organisation.organisatie,
        type: organisation.type,
        items: rows.map((row) => toSystemClient(row, organisation.organisatie, now)),
        verbinding: connection,
      };
    },

    async create(actor: AuthUser, body: CreateBody): Promise<IssuedSystemClient> {
      if (external) throw new ConflictError(SYSTEM_CLIENT_TEXTS.external);
      const organisation = await targetOrganisation(actor, body.organisatie);
      const withSecret = body.methode === 'client_secret_basic';
      const jwks = withSecret ? null : checkedJwks(body.jwks!, config.systemClients.keys);
      const secret = withSecret ? newClientSecret() : undefined;
      // scrypt outside the transaction: no row is locked while it runs.
      const secretHash = secret ? await hashPassword(secret) : null;
      const row = await db.transaction(async (tx) => {
        // Locked, so that two requests at once cannot both take the last place.
        await lockOrganisation(tx, organisation.id);
        if ((await activeClientCount(tx, organisation.id)) >= maxPerOrganisation) {
          throw new ConflictError(SYSTEM_CLIENT_TEXTS.tooManyClients(organisation.organisatie, maxPerOrganisation));
        }
        for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
          const inserted = await insertClient(tx, {
            clientId: newClientId(organisation.organisatie, body.omgeving),
            organisationId: organisation.id,
            omschrijving: body.omschrijving,
            authMethod: body.methode,
            omgeving: body.omgeving,
            secretHash,
            jwks,
            createdBy: actorName(actor),
          });
          if (!inserted) continue;
          await audit.record(tx, actor, {
            action: 'systemclient.create',
            subjectType: AUDIT_SUBJECT,
            subjectId: inserted.clientId,
            after: {
              organisatie: organisation.organisatie,
              omschrijving: inserted.omschrijving,
              methode: inserted.authMethod,
              omgeving: inserted.omgeving,
              ...(jwks && { sleutels: jwks.keys.map((key) => key.kid ?? null) }),
            },
          });
          return inserted;
        }
        throw new Error(`no free client id for ${organisation.organisatie} after ${ID_ATTEMPTS} attempts`);
      });
      return {
        client: toSystemClient(row, organisation.organisatie),
        ...(secret && { geheim: secret }),
        tokenEndpoint,
      };
    },

    /**
     * 'Nieuw geheim': a new secret; the one it replaces keeps working for the grace period
     * (CLIENT_SECRET_GRACE_HOURS), the one before that stops at once.
     */
    async rotate(actor: AuthUser, clientId: string): Promise<IssuedSystemClient> {
      if (external) throw new ConflictError(SYSTEM_CLIENT_TEXTS.external);
      const secret = newClientSecret();
      const secretHash = await hashPassword(secret);
      return db.transaction(async (tx) => {
        const { client, organisation } = await managedClient(tx, actor, clientId);
        if (client.revoked) throw new ConflictError(SYSTEM_CLIENT_TEXTS.revoked);
        if (client.authMethod !== 'client_secret_basic') throw new ConflictError(SYSTEM_CLIENT_TEXTS.noSecret);
        const now = new Date();
        const previousSecretExpires = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
        const updated = await updateClient(tx, clientId, {
          secretHash,
          previousSecretHash: previousSecretExpires ? client.secretHash : null,
          previousSecretExpires,
          secretRotated: now,
        });
        await audit.record(tx, actor, {
          action: 'systemclient.rotate',
          subjectType: AUDIT_SUBJECT,
          subjectId: clientId,
          before: { geheimVernieuwd: iso(client.secretRotated) },
          after: { geheimVernieuwd: iso(now), vorigGeheimGeldigTot: iso(previousSecretExpires) },
        });
        return { client: toSystemClient(updated, organisation.organisatie, now), geheim: secret, tokenEndpoint };
      });
    },

    /**
     * 'Intrekken': the provider issues the client no token from now on; tokens it has are JWTs that
     * stay valid until they expire (ACCESS_TOKEN_TTL_SECONDS). Its secrets and public keys are forgotten.
     */
    async revoke(actor: AuthUser, clientId: string): Promise<SystemClient> {
      return db.transaction(async (tx) => {
        const { client, organisation } = await managedClient(tx, actor, clientId);
        if (client.revoked) throw new ConflictError(SYSTEM_CLIENT_TEXTS.revoked);
        const now = new Date();
        const updated = await updateClient(tx, clientId, {
          revoked: now,
          revokedBy: actorName(actor),
          secretHash: null,
          previousSecretHash: null,
          previousSecretExpires: null,
          jwks: null,
        });
        await audit.record(tx, actor, {
          action: 'systemclient.revoke',
          subjectType: AUDIT_SUBJECT,
          subjectId: clientId,
          before: { status: 'actief' },
          after: { status: 'ingetrokken', ingetrokken: iso(now) },
        });
        return toSystemClient(updated, organisation.organisatie, now);
      });
    },
  };
}
