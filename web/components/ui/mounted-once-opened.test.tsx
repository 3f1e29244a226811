import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountedOnceOpened } from './mounted-once-opened';

let builds = 0;

function Probe({ open, label }: { open: boolean; label: string }) {
  builds++;
  return <p>{`${label}: ${open ? 'open' : 'closed'}`}</p>;
}

const Dialog = mountedOnceOpened(Probe, (props) => props.open);

describe('mountedOnceOpened', () => {
  it('builds nothing while never opened, then stays once opened', () => {
    builds = 0;
    const { rerender } = render(<Dialog open={false} label="Invite" />);
    rerender(<Dialog open={false} label="Invite" />);
    expect(builds).toBe(0);
    expect(screen.queryByText(/Invite/)).toBeNull();

    rerender(<Dialog open label="Invite" />);
    expect(screen.getByText('Invite: open')).toBeInTheDocument();

    // Closed again: still rendered (closed), so that its closing and its focus return run.
    rerender(<Dialog open={false} label="Invite" />);
    expect(screen.getByText('Invite: closed')).toBeInTheDocument();
  });

  it('renders at once when it starts open', () => {
    render(<Dialog open label="Set Password" />);
    expect(screen.getByText('Set Password: open')).toBeInTheDocument();
  });
});
