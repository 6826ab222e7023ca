import {
  CONCURRENCY_TEXTS,
  CONFIG_TEXTS,
  mayWriteConfig,
  sameMoment,
  type ConfigListItem,
  type ConfigView,
  type configKeySchema,
  type createConfigSchema,
  type updateConfigSchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import { visibleDeelnemer } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { SecretCipher } from '../../secrets/cipher';
import { secretContext } from '../../secrets/context';
import {
  findNewest,
  findVersion,
  insertConfiguration,
  listConfigurations,
  lockVersions,
  updateConfiguration,
  type ConfigListQuery,
  type ConfigurationRow,
} from './repository';

type CreateBody = z.output<typeof createConfigSchema>;
type UpdateBody = z.output<typeof updateConfigSchema>;
type Key = z.output<typeof configKeySchema>;

export type ConfigsService = ReturnType<typeof createConfigsService>;

function assertVisible(user: AuthUser, deelnemer: string) {
  const only = visibleDeelnemer(user);
  if (only !== undefined && only !== deelnemer) throw new NotFoundError(CONFIG_TEXTS.notFound);
}

/** Without create-configuration a user writes drafts for their own participant only (spec 000 §5). */
function assertMayWrite(user: AuthUser, deelnemer: string) {
  if (!mayWriteConfig(user, deelnemer)) {
    throw new ForbiddenError(CONFIG_TEXTS.ownParticipantOnly);
  }
}

export function toView(row: ConfigurationRow): ConfigView {
  return {
    deelnemer: row.deelnemer,
    versienummer: row.versienummer,
    version: row.version,
    draft: row.draft,
    updated: row.updated.toISOString(),
    config: {
      clientId: row.clientId,
      clientSecretSet: row.clientSecretEncrypted !== '',
      tokenUrl: row.tokenUrl,
      scope: row.scope,
      emails: row.emails,
      useMtls: row.useMtls,
      urls: row.urls,
    },
  };
}

export function createConfigsService({
  db,
  audit,
  cipher,
  activationRefusal,
}: {
  db: Database;
  audit: AuditService;
  cipher: SecretCipher;
  /** Why a draft may not be activated yet (production: a required conformance run, decision 0040). */
  activationRefusal?: (deelnemer: string, versienummer: string) => Promise<string | undefined>;
}) {
  const encryptFor = (deelnemer: string, versienummer: string, secret: string) =>
    cipher.encrypt(secret, secretContext(deelnemer, versienummer));
  const fieldsOf = (config: CreateBody['config']) => ({
    clientId: config.clientId,
    tokenUrl: config.tokenUrl,
    scope: config.scope,
    emails: config.emails,
    useMtls: config.useMtls,
    urls: config.urls,
  });

  return {
    async search(user: AuthUser, query: Omit<ConfigListQuery, 'onlyDeelnemer'>) {
      const { items, count } = await listConfigurations(db, { ...query, onlyDeelnemer: visibleDeelnemer(user) });
      const list: ConfigListItem[] = items.map((row) => ({
        deelnemer: row.deelnemer,
        versienummer: row.versienummer,
        version: row.version,
        draft: row.draft,
        updated: row.updated.toISOString(),
        ...(row.senderVersion !== null && {
          sender: {
            version: row.senderVersion,
            running: row.senderRunning ?? false,
            maxMessages: row.senderMaxMessages ?? 0,
            maxPerSecond: row.senderMaxPerSecond ?? 0,
            changed: (row.senderChanged ?? row.updated).toISOString(),
          },
        }),
      }));
      return { items: list, count, skip: query.skip, limit: query.limit };
    },

    async get(user: AuthUser, key: Key & { version: number; draft: boolean }): Promise<ConfigView> {
      assertVisible(user, key.deelnemer);
      const row = await findVersion(db, key.deelnemer, key.versienummer, key.version, key.draft);
      if (!row) throw new NotFoundError(CONFIG_TEXTS.notFound);
      const newest = await findNewest(db, key.deelnemer, key.versienummer);
      const newer = newest && newest.id !== row.id ? { version: newest.version, draft: newest.draft } : undefined;
      return { ...toView(row), ...(newer && { newer }) };
    },

    /** The stored version with its secret readable, for the connection check. Never leaves the server. */
    async getWithSecret(user: AuthUser, key: Key & { version: number; draft: boolean }) {
      assertVisible(user, key.deelnemer);
      const row = await findVersion(db, key.deelnemer, key.versienummer, key.version, key.draft);
      if (!row) throw new NotFoundError(CONFIG_TEXTS.notFound);
      return {
        ...row,
        clientSecret: cipher.decrypt(row.clientSecretEncrypted, secretContext(row.deelnemer, row.versienummer)),
      };
    },

    async create(user: AuthUser, body: CreateBody): Promise<ConfigView> {
      assertMayWrite(user, body.deelnemer);
      return db.transaction(async (tx) => {
        const created = await insertConfiguration(tx, {
          deelnemer: body.deelnemer,
          versienummer: body.versienummer,
          version: 1,
          draft: true,
          clientSecretEncrypted: encryptFor(body.deelnemer, body.versienummer, body.config.clientSecret ?? ''),
          ...fieldsOf(body.config),
        });
        if (!created) throw new ConflictError(CONFIG_TEXTS.exists(body.deelnemer, body.versienummer));
        const view = toView(created);
        await audit.record(tx, user, { action: 'config.create', ...subject(body), after: view });
        return view;
      });
    },

    /**
     * Saves into the draft; without one, the edit becomes a new draft after the newest version.
     * Refused (409) unless it builds on the newest version as it is now.
     */
    async update(user: AuthUser, body: UpdateBody): Promise<ConfigView> {
      assertVisible(user, body.deelnemer);
      assertMayWrite(user, body.deelnemer);
      return db.transaction(async (tx) => {
        const versions = await lockVersions(tx, body.deelnemer, body.versienummer);
        const newest = versions[0];
        if (!newest) throw new NotFoundError(CONFIG_TEXTS.notFound);
        // The save replaces the newest version's content (the draft's, or a new draft after it):
        // it must build on exactly that version as it is now (decision 0025).
        if (newest.version !== body.basedOn.version) {
          throw new ConflictError(CONCURRENCY_TEXTS.configNewerVersion(newest.version, newest.draft));
        }
        if (!sameMoment(newest.updated, body.basedOn.updated)) throw new ConflictError(CONCURRENCY_TEXTS.configChanged);
        const draft = versions.find((row) => row.draft);
        const secret = body.config.clientSecret?.trim();
        const clientSecretEncrypted = secret
          ? encryptFor(body.deelnemer, body.versienummer, secret)
          : (draft ?? newest).clientSecretEncrypted;
        const changes = { ...fieldsOf(body.config), clientSecretEncrypted };
        const saved = draft
          ? await updateConfiguration(tx, draft.id, changes)
          : await insertConfiguration(tx, {
              deelnemer: body.deelnemer,
              versienummer: body.versienummer,
              version: newest.version + 1,
              draft: true,
              ...changes,
            });
        if (!saved) throw new ConflictError(CONFIG_TEXTS.exists(body.deelnemer, body.versienummer));
        const view = toView(saved);
        await audit.record(tx, user, {
          action: 'config.update',
          ...subject(body),
          before: draft ? toView(draft) : null,
          after: view,
        });
        return view;
      });
    },

    /** 'Concept activeren': the draft becomes the newest active version; earlier versions stay. */
    async activate(user: AuthUser, key: Key): Promise<ConfigView> {
      assertVisible(user, key.deelnemer);
      const refusal = await activationRefusal?.(key.deelnemer, key.versienummer);
      if (refusal) throw new ConflictError(refusal);
      return db.transaction(async (tx) => {
        const draft = (await lockVersions(tx, key.deelnemer, key.versienummer)).find((row) => row.draft);
        if (!draft) throw new ConflictError(CONFIG_TEXTS.noDraft);
        const view = toView(await updateConfiguration(tx, draft.id, { draft: false }));
        await audit.record(tx, user, {
          action: 'config.activate',
          ...subject(key),
          before: toView(draft),
          after: view,
        });
        return view;
      });
    },
  };
}

const subject = (key: Key) => ({
  subjectType: 'configuration',
  subjectId: secretContext(key.deelnemer, key.versienummer),
});
