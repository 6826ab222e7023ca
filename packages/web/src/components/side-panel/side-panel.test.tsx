import { DRAWER_WIDTH_PX } from '@knooppunt/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { SidePanel } from './side-panel';

describe('SidePanel', () => {
  it('shows its title and content in a dialog of the spec width', () => {
    render(
      <SidePanel open title="Bericht 123" onClose={() => {}}>
        <pre>{'{ "type": "Opdracht" }'}</pre>
      </SidePanel>,
    );

    const panel = screen.getByRole('dialog', { name: 'Bericht 123' });
    expect(panel).toHaveTextContent('{ "type": "Opdracht" }');
    expect(panel).toHaveStyle({ width: `${DRAWER_WIDTH_PX}px` });
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    render(<SidePanel open title="Bericht 123" onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: LABELS.common.close }));

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows nothing while closed', () => {
    render(<SidePanel open={false} title="Bericht 123" onClose={() => {}} />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
