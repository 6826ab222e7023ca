import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const question = {
  title: 'Wilt u dit scenario verwijderen?',
  text: 'Het verwijderen van scenario Aansluiting gas kan niet ongedaan worden gemaakt.',
};

describe('ConfirmDialog', () => {
  it("asks the question with 'Nee' and 'Ja'", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open {...question} onConfirm={onConfirm} onCancel={onCancel} />);

    const dialog = screen.getByRole('dialog', { name: question.title });
    expect(dialog).toHaveTextContent(question.text);

    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Nee' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('uses other button labels when given', () => {
    render(
      <ConfirmDialog
        open
        {...question}
        confirmLabel="Verwijderen"
        cancelLabel="Annuleren"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );

    expect(screen.getByRole('button', { name: 'Verwijderen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeEnabled();
  });

  it('disables both buttons while the action runs', () => {
    render(<ConfirmDialog open busy {...question} onConfirm={() => {}} onCancel={() => {}} />);

    expect(screen.getByRole('button', { name: 'Nee' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Ja/ })).toBeDisabled();
  });

  it('only tells, with one button that closes it, when there is nothing to confirm', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open {...question} cancelLabel="Sluiten" onCancel={onCancel} />);

    const dialog = screen.getByRole('dialog', { name: question.title });
    expect(dialog).toHaveTextContent(question.text);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Sluiten']);
    await userEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
