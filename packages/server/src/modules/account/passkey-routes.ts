import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSKEYS_MAX,
  PASSKEY_TEXTS,
  addPasskeySchema,
  addedPasskeySchema,
  apiErrorSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyParamsSchema,
  secondFactorRequired,
  type Passkey,
  type SecondFactorPolicy,
} from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { Database } from '../../db/client';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import {
  addPasskey,
  createPasskeys,
  newChallenge,
  passkeysOf,
  removePasskey,
  type RelyingParty,
} from '../../idp/passkeys';
import type { SecretCipher } from '../../secrets/cipher';
import { ownAccount, userTickets } from './own-account';

const invalid = (field: string, message: string) => new AppError(400, message, [{ field, message }]);
const TAG = ['Gebruikers'];

const asPasskey = (row: { id: string; name: string; created: Date; lastUsed: Date | null }): Passkey => ({
  id: row.id,
  naam: row.name,
  aangemaakt: row.created.toISOString(),
  laatstGebruikt: row.lastUsed?.toISOString() ?? null,
});

/**
 * The signed-in user's own passkeys and security keys (issue 31, decision 0054 'Passkeys'), for
 * the account menu: list, add (WebAuthn registration in two calls) and remove. Registered only
 * with the embedded provider, whose login uses them.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  audit: AuditService;
  cipher: SecretCipher;
  policy: SecondFactorPolicy;
  rp: RelyingParty;
}> = async (app, { db, audit, cipher, policy, rp }) => {
  const passkeys = createPasskeys(db, rp);

  // The challenge of 'Passkey toevoegen' waits for the browser's answer in a ticket: nothing is stored before.
  const tickets = userTickets(cipher, 'passkey-registration', z.object({ challenge: z.string() }));
  const own = (request: FastifyRequest) => ownAccount(db, request, PASSKEY_TEXTS.geenAccount);

  app.get(
    '/rest/account/passkeys',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: "One's own passkeys and security keys",
        description:
          "The signed-in user of the embedded provider: its passkeys and security keys (WebAuthn), oldest first, each with its `naam`, when it was added and when it last confirmed a login (`laatstGebruikt`, null when never). A system's token is refused (403).",
        response: { 200: passkeyListSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await own(request);
      return { items: (await passkeysOf(db, user.id)).map(asPasskey) };
    },
  );

  app.post(
    '/rest/account/passkeys/options',
    {
      // Changing how one logs in needs a recent login (decision 0055).
      config: { access: 'authenticated', recentLogin: true },
      schema: {
        tags: TAG,
        summary: "'Passkey toevoegen', first call: the browser's registration options",
        description:
          "The options for the browser's `navigator.credentials.create` (WebAuthn's PublicKeyCredentialCreationOptionsJSON, as @simplewebauthn/browser's `startRegistration` takes them: the relying party is PUBLIC_URL's host, the user's own passkeys are excluded) and a `ticket` holding their challenge, sealed for this user and valid for 10 minutes: send it back with the browser's answer to `POST /rest/account/passkeys`. Changes nothing. A system's token is refused (403).",
        // Nothing to send: the body may be empty.
        body: z.object({}).nullish(),
        response: { 200: passkeyOptionsSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await own(request);
      const challenge = newChallenge();
      const options = await passkeys.registrationOptions(user, challenge);
      return { ticket: tickets.seal(user.id, { challenge }), options: { ...options } };
    },
  );

  app.post(
    '/rest/account/passkeys',
    {
      // Changing how one logs in needs a recent login (decision 0055).
      config: { access: 'authenticated', recentLogin: true },
      schema: {
        tags: TAG,
        summary: "'Passkey toevoegen', second call: registers the passkey",
        description: `\`ticket\` is the first call's, \`response\` the browser's answer (WebAuthn's RegistrationResponseJSON: what \`startRegistration\` answers), \`naam\` optional (1 to 64 characters; 'Passkey <n>' without one). The answer must be for the ticket's challenge, from PUBLIC_URL's origin and for its host (400 naming \`response\` otherwise; an expired or another user's ticket: 400 naming \`ticket\`). 409 when that passkey is registered already or the user has ${PASSKEYS_MAX}. Answers 201 with the passkey and, when the user had no unused recovery codes, ten new ones (\`herstelcodes\`, shown once). Audited (\`user.passkey.added\`). A system's token is refused (403).`,
        body: addPasskeySchema,
        response: { 201: addedPasskeySchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { actor, user } = await own(request);
      const { ticket, response, naam } = request.body;
      const challenge = tickets.open(user.id, ticket)?.challenge;
      if (!challenge) throw invalid('ticket', PASSKEY_TEXTS.ticket);
      const passkey = await passkeys.verifyRegistration(response, challenge);
      if (!passkey) throw invalid('response', PASSKEY_TEXTS.response);
      const added = await db.transaction(async (tx) => {
        const row = await addPasskey(tx, user.id, passkey, naam);
        if (row === 'too-many') throw new ConflictError(PASSKEY_TEXTS.tooMany);
        if (row === 'exists') throw new ConflictError(PASSKEY_TEXTS.exists);
        await audit.record(tx, actor, {
          action: 'user.passkey.added',
          subjectType: 'user',
          subjectId: user.email,
          after: { naam: row.name },
        });
        return row;
      });
      return reply.code(201).send({
        ...asPasskey({ ...added, lastUsed: null }),
        ...(added.recoveryCodes && { herstelcodes: added.recoveryCodes }),
      });
    },
  );

  app.delete(
    '/rest/account/passkeys/:id',
    {
      // Changing how one logs in needs a recent login (decision 0055).
      config: { access: 'authenticated', recentLogin: true },
      schema: {
        tags: TAG,
        summary: 'Removes one of the own passkeys',
        description:
          "Removes the signed-in user's passkey `id` (404 when the user has none with that id). Refused (409) when it is the user's last second factor (no authenticator app, no other passkey) and the policy `MFA_REQUIRED` requires one for the user's roles; when it is the last where none is required, the recovery codes go with it. Audited (`user.passkey.removed`). Answers 204. A system's token is refused (403).",
        params: passkeyParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { actor, user } = await own(request);
      await db.transaction(async (tx) => {
        const removed = await removePasskey(tx, user.id, request.params.id, secondFactorRequired(user.roles, policy));
        if (removed === 'not-found') throw new NotFoundError(PASSKEY_TEXTS.notFound);
        if (removed === 'last') throw new ConflictError(PASSKEY_TEXTS.lastFactor);
        await audit.record(tx, actor, {
          action: 'user.passkey.removed',
          subjectType: 'user',
          subjectId: user.email,
          before: { naam: removed.name },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
