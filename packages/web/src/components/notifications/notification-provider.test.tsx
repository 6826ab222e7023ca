import { CALL_FAILURE, ERROR_TITLES, SUCCESS_MESSAGES } from '@knooppunt/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { NotificationProvider } from './notification-provider';
import { useNotify, type Notify } from './notify-context';

function renderProvider() {
  const ref: { notify?: Notify } = {};
  function Capture() {
    ref.notify = useNotify();
    return null;
  }
  render(
    <NotificationProvider>
      <Capture />
    </NotificationProvider>,
  );
  if (!ref.notify) throw new Error('no notify');
  return ref.notify;
}

describe('notifications', () => {
  it('shows a failed call with its title, message and detail', () => {
    const notify = renderProvider();

    act(() =>
      notify.notifyError(ERROR_TITLES.fetchOrganisations, new ApiCallError(CALL_FAILURE.noResponse, 'ERR_NETWORK')),
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchOrganisations);
    expect(alert).toHaveTextContent(CALL_FAILURE.noResponse);
    expect(alert).toHaveTextContent('ERR_NETWORK');
  });

  it('shows a success message', () => {
    const notify = renderProvider();

    act(() => notify.notifySuccess(SUCCESS_MESSAGES.organisationCreated));

    expect(screen.getByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.organisationCreated);
  });

  it('lets a newer alert replace the current one, and can be closed', async () => {
    const notify = renderProvider();

    act(() => {
      notify.notifyError(ERROR_TITLES.fetchOrganisations, { message: 'eerste' });
      notify.notifyError(ERROR_TITLES.createOrganisation, { message: 'tweede' });
    });

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('tweede'));
    await userEvent.click(screen.getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
