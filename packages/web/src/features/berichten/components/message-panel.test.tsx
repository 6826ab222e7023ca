import { MESSAGE_INDENT, type MessageView } from '@knooppunt/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { MESSAGES } from '../testing/message-api-stub';
import { MessagePanel } from '@/components/message-panel/message-panel';

const removed: MessageView = {
  ...MESSAGES.deliveredAfterAll,
  data: {},
  dataRemoved: { at: '2025-06-01T03:00:00.000Z', afterDays: 90 },
};

const D = LABELS.berichten.delivery;

/** The panel's delivery section as term → value, in order. */
function deliveryFacts() {
  const section = screen.getByRole('region', { name: D.title });
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('MessagePanel', () => {
  it('says above the message when it was delivered and after how many failed attempts, in the list’s times', () => {
    renderWithProviders(<MessagePanel message={MESSAGES.deliveredAfterAll} onClose={() => {}} />);
    const section = screen.getByRole('region', { name: D.title });
    expect(within(section).getByText(D.delivered)).toBeInTheDocument();
    expect(deliveryFacts()).toEqual({
      [D.deliveredAt]: formatDateTime('2025-02-03T09:07:30Z'),
      [LABELS.monitoring.created]: formatDateTime('2025-02-03T09:00:00Z'),
      [LABELS.berichten.failedAttempts]: '1',
      [D.lastFailedAttempt]: formatDateTime('2025-02-03T09:05:00Z'),
      [D.lastError]: 'Afleveren mislukt: HTTP 500',
      [D.traceId]: 'trace-456',
    });
    // The section comes before the message's JSON, which keeps the specs' fields.
    const pre = screen.getByRole('dialog').querySelector('pre')!;
    expect(section.compareDocumentPosition(pre) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(pre.textContent).not.toContain('deliveredAt');
  });

  it('says a failed message is not delivered yet, with its attempts, last error and next attempt', () => {
    renderWithProviders(<MessagePanel message={MESSAGES.failed} onClose={() => {}} />);
    expect(within(screen.getByRole('region', { name: D.title })).getByText(D.notDelivered)).toBeInTheDocument();
    expect(deliveryFacts()).toEqual({
      [LABELS.monitoring.created]: formatDateTime('2025-02-03T09:00:00Z'),
      [LABELS.berichten.failedAttempts]: '3',
      [D.lastFailedAttempt]: formatDateTime('2025-02-03T09:05:00Z'),
      [LABELS.berichten.nextAttempt]: formatDateTime('2025-02-03T09:10:00Z'),
      [D.lastError]: 'Token ophalen mislukt: geen geldigheid',
      [D.traceId]: 'trace-123',
    });
  });

  it('shows only what a waiting message has: no failed attempt, no error', () => {
    renderWithProviders(<MessagePanel message={MESSAGES.waiting} onClose={() => {}} />);
    expect(deliveryFacts()).toEqual({
      [LABELS.monitoring.created]: formatDateTime('2025-02-03T09:00:00Z'),
      [LABELS.berichten.failedAttempts]: '0',
      [LABELS.berichten.nextAttempt]: formatDateTime('2025-02-03T09:00:00Z'),
    });
  });

  it("says that retention removed the payload, with the days that applied, above the message's JSON", () => {
    renderWithProviders(<MessagePanel message={removed} onClose={() => {}} />);

    const panel = screen.getByRole('dialog', { name: LABELS.berichten.panelTitle('Opdracht', 'OPD-LATER') });
    expect(panel).toHaveTextContent('Inhoud verwijderd na 90 dagen');
    const { deliveredAt: _deliveredAt, ...fields } = removed;
    expect(panel.querySelector('pre')?.textContent).toBe(JSON.stringify(fields, null, MESSAGE_INDENT));
  });

  it('names another configured number, and says nothing of removal while the payload is kept', () => {
    const { unmount } = renderWithProviders(
      <MessagePanel
        message={{ ...removed, dataRemoved: { at: removed.dataRemoved!.at, afterDays: 30 } }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Inhoud verwijderd na 30 dagen');
    unmount();

    renderWithProviders(<MessagePanel message={MESSAGES.waiting} onClose={() => {}} />);
    const panel = screen.getByRole('dialog', { name: LABELS.berichten.panelTitle('TG', 'OPD-WACHT') });
    expect(panel).toHaveTextContent('"omschrijving": "Nieuwe aansluiting"');
    expect(panel).not.toHaveTextContent('Inhoud verwijderd');
  });
});
