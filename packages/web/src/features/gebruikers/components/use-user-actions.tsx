import type { User } from '@knooppunt/domain';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useBlockUser } from '../api/block-user';
import type { CreatedUser } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { useReinviteUser } from '../api/reinvite-user';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { useUnblockUser } from '../api/unblock-user';
import { useUnlockUser } from '../api/unlock-user';
import type { UserAction } from './user-row-menu';

const T = LABELS.gebruikers.userActions;

/**
 * The actions of a user's menu, each asked first with what it does (issue 29), then confirmed or
 * its failure shown. A new invitation goes to `onInvited`: demo mode answers its link.
 */
export function useUserActions(onInvited: (user: CreatedUser) => void) {
  const { notifyError, notifySuccess } = useNotify();
  const mutations = {
    block: useBlockUser(),
    unblock: useUnblockUser(),
    reinvite: useReinviteUser(),
    unlock: useUnlockUser(),
    resetSecondFactor: useResetSecondFactor(),
    remove: useDeleteUser(),
  };
  const [asked, setAsked] = useState<{ action: UserAction; user: User }>();
  // Stable, so the table's columns that offer it are not built anew every render.
  const ask = useCallback((action: UserAction, user: User) => setAsked({ action, user }), []);

  const confirm = () => {
    if (!asked) return;
    const { action, user } = asked;
    const texts = T[action];
    const done = {
      onError: (error: unknown) => notifyError(texts.failed, error),
      onSettled: () => setAsked(undefined),
    };
    const succeeded = () => notifySuccess(texts.done, texts.doneText(user.email));
    if (action === 'reinvite') {
      mutations.reinvite.mutate(user.userid, {
        ...done,
        onSuccess: (invited) => {
          succeeded();
          onInvited(invited);
        },
      });
    } else {
      mutations[action].mutate(user.userid, { ...done, onSuccess: succeeded });
    }
  };

  const confirmDialog = asked && (
    <ConfirmDialog
      open
      title={T[asked.action].title}
      text={T[asked.action].text(asked.user.email)}
      confirmLabel={T[asked.action].label}
      cancelLabel={LABELS.common.cancel}
      busy={mutations[asked.action].isPending}
      onConfirm={confirm}
      onCancel={() => setAsked(undefined)}
    />
  );

  return { ask, confirmDialog };
}
