import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS } from '@/lib/texts';
import { Page } from './page';

describe('the frame of a screen', () => {
  it("names the browser tab after the screen's heading, and follows when the heading changes", () => {
    document.title = LABELS.appName;
    const { rerender } = render(<Page title="Overzicht van berichten (Hoofdnet)" />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overzicht van berichten (Hoofdnet)');
    expect(document.title).toBe('Overzicht van berichten (Hoofdnet) – Knooppunt beheer');

    // A detail screen's heading arrives with its data (a scenario's omschrijving).
    rerender(<Page title="Aansluiting elektra" />);
    expect(document.title).toBe('Aansluiting elektra – Knooppunt beheer');
  });
});
