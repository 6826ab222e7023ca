import { and, eq, or } from 'drizzle-orm';
import {
  IMPLEMENTATION_PARTNER_TYPE,
  IMPLEMENTATION_TEXTS,
  IMPLEMENTED_TYPES,
  implementsFor,
  userManagementPolicy,
  type ImplementationLink,
} from '@knooppunt/domain';
import type { AuditService } from '../audit/service';
import { isOperator } from '../auth/tenancy';
import type { AuthUser } from '../auth/verifier';
import type { Database } from '../db/client';
import { implementationLinks, organisations } from '../db/schema';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { organisationOfDeelnemer } from '../modules/system-clients/repository';

/** A refusal naming the field at fault (422). */
const unprocessable = (field: string, message: string) => new AppError(422, message, [{ field, message }]);

/**
 * Implementation partners (issue 28 item 4, decision 0041): which participants a partner
 * implements for, and whether a user acts for a participant through such a link.
 */
export function createImplementationPartners({ db, audit }: { db: Database; audit: AuditService }) {
  const policyOf = async (user: AuthUser) =>
    userManagementPolicy({
      roles: user.roles,
      deelnemer: user.deelnemer,
      operator: await isOperator(db, user.deelnemer),
    });

  /** Who may link or unlink: the super role's user manager, or the participant's own. */
  async function assertMayLink(user: AuthUser, deelnemer: string) {
    const policy = await policyOf(user);
    const own = deelnemer === user.deelnemer && user.permissions.canCreateUser;
    if (!(policy.platformAdministrator || (policy.seesAllOrganisations && user.permissions.canCreateUser) || own)) {
      throw new ForbiddenError(IMPLEMENTATION_TEXTS.forbidden);
    }
  }

  async function checkedPair(partner: string, deelnemer: string) {
    const partnerOrganisation = await organisationOfDeelnemer(db, partner);
    if (!partnerOrganisation) throw unprocessable('partner', IMPLEMENTATION_TEXTS.unknown(partner));
    if (partnerOrganisation.type !== IMPLEMENTATION_PARTNER_TYPE) {
      throw unprocessable('partner', IMPLEMENTATION_TEXTS.notAPartner(partner));
    }
    const participant = await organisationOfDeelnemer(db, deelnemer);
    if (!participant) throw unprocessable('deelnemer', IMPLEMENTATION_TEXTS.unknown(deelnemer));
    if (!IMPLEMENTED_TYPES.includes(participant.type)) {
      throw unprocessable('deelnemer', IMPLEMENTATION_TEXTS.notImplementable(deelnemer, participant.type));
    }
  }

  return {
    /**
     * The links of one organisation (either side): the own, or any for the super role and the
     * operator's own staff, whose user managers may link any (decision 0014); without
     * `organisatie`, every link for the super role.
     */
    async list(user: AuthUser, organisatie: string | undefined): Promise<{ items: ImplementationLink[] }> {
      const all = user.permissions.canSeeAllParticipants;
      const of = organisatie ?? (all ? undefined : user.deelnemer);
      // Another organisation's: read only then whether the caller is of the operator's own.
      if (!all && of !== user.deelnemer && !(await policyOf(user)).seesAllOrganisations) {
        throw new ForbiddenError(IMPLEMENTATION_TEXTS.notVisible);
      }
      const rows = await db
        .select({
          partner: implementationLinks.partner,
          deelnemer: implementationLinks.deelnemer,
          type: organisations.type,
          created: implementationLinks.created,
          createdBy: implementationLinks.createdBy,
        })
        .from(implementationLinks)
        .innerJoin(organisations, eq(organisations.organisatie, implementationLinks.deelnemer))
        .where(
          of === undefined ? undefined : or(eq(implementationLinks.partner, of), eq(implementationLinks.deelnemer, of)),
        )
        .orderBy(implementationLinks.partner, implementationLinks.deelnemer);
      return { items: rows.map((row) => ({ ...row, created: row.created.toISOString() })) };
    },

    async link(user: AuthUser, partner: string, deelnemer: string): Promise<ImplementationLink> {
      await assertMayLink(user, deelnemer);
      await checkedPair(partner, deelnemer);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(implementationLinks)
          .values({ partner, deelnemer, createdBy: user.email ?? user.sub })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ConflictError(IMPLEMENTATION_TEXTS.exists);
        await audit.record(tx, user, {
          action: 'implementatiepartner.koppelen',
          subjectType: 'implementatiepartner',
          subjectId: `${partner} → ${deelnemer}`,
          after: { partner, deelnemer },
        });
        const organisation = await organisationOfDeelnemer(tx, deelnemer);
        return {
          partner,
          deelnemer,
          type: organisation!.type,
          created: row.created.toISOString(),
          createdBy: row.createdBy,
        };
      });
    },

    async unlink(user: AuthUser, partner: string, deelnemer: string): Promise<void> {
      await assertMayLink(user, deelnemer);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(implementationLinks)
          .where(and(eq(implementationLinks.partner, partner), eq(implementationLinks.deelnemer, deelnemer)))
          .returning();
        if (gone.length === 0) throw new NotFoundError(IMPLEMENTATION_TEXTS.notFound);
        await audit.record(tx, user, {
          action: 'implementatiepartner.ontkoppelen',
          subjectType: 'implementatiepartner',
          subjectId: `${partner} → ${deelnemer}`,
          before: { partner, deelnemer },
        });
      });
    },

    /**
     * Whether the user acts for `deelnemer` as its implementation partner: the user's organisation
     * is linked to it, and the user has the 'Implementeert voor …' role of its kind.
     */
    async actsFor(user: AuthUser, deelnemer: string): Promise<boolean> {
      if (!user.deelnemer || deelnemer === user.deelnemer) return false;
      const [link] = await db
        .select({ type: organisations.type })
        .from(implementationLinks)
        .innerJoin(organisations, eq(organisations.organisatie, implementationLinks.deelnemer))
        .where(and(eq(implementationLinks.partner, user.deelnemer), eq(implementationLinks.deelnemer, deelnemer)));
      return !!link && implementsFor(user.roles, link.type);
    },

    /** The participants a user acts for as implementation partner. */
    async actedFor(user: AuthUser): Promise<string[]> {
      if (!user.deelnemer) return [];
      const rows = await db
        .select({ deelnemer: implementationLinks.deelnemer, type: organisations.type })
        .from(implementationLinks)
        .innerJoin(organisations, eq(organisations.organisatie, implementationLinks.deelnemer))
        .where(eq(implementationLinks.partner, user.deelnemer));
      return rows.filter((row) => implementsFor(user.roles, row.type)).map((row) => row.deelnemer);
    },
  };
}

export type ImplementationPartners = ReturnType<typeof createImplementationPartners>;
