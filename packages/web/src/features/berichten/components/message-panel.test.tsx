import { MESSAGE_INDENT, type MessageView } from '@knooppunt/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { MESSAGES } from '../testing/message-api-stub';
import { MessagePanel } from './message-panel';

const removed: MessageView = {
  ...MESSAGES.deliveredAfterAll,
  data: {},
  dataRemoved: { at: '2025-06-01T03:00:00.000Z', afterDays: 90 },
};

describe('MessagePanel', () => {
  it("says that retention removed the payload, with the days that applied, above the message's JSON", () => {
    renderWithProviders(<MessagePanel message={removed} onClose={() => {}} />);

    const panel = screen.getByRole('dialog', { name: LABELS.berichten.panelTitle('Opdracht', 'OPD-LATER') });
    expect(panel).toHaveTextContent('Inhoud verwijderd na 90 dagen');
    expect(panel.querySelector('pre')?.textContent).toBe(JSON.stringify(removed, null, MESSAGE_INDENT));
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
