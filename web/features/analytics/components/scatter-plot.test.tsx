import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { correlationPlots } from '../lib/analytics-data';
import { opportunityRow } from '../test/analytics-fixtures';
import { CorrelationCharts } from './correlation-charts';

const plots = correlationPlots([
  opportunityRow({
    number: 7,
    title: 'A very long opportunity titles that go on',
    avgComposite: 3,
    avgTechnologyReadiness: 4,
    avgMarketPotential: 2.5,
  }),
  opportunityRow({ number: 9, title: 'Short one', avgComposite: 1 }),
]);

describe('correlation scatter plots', () => {
  it('draws the four plots of SPEC.md with a dot per reviewed opportunity on 0-5 axes', async () => {
    render(<CorrelationCharts plots={plots} />);
    const names = [
      'Technology Readiness vs Other Criteria chart',
      'Technology Readiness vs Market Potential chart',
      'Strategic Alignment vs Business Potential chart',
      'Sustainability vs Market Potential chart',
    ];
    for (const name of names) {
      const svg = await screen.findByRole('application', { name });
      await waitFor(() => expect(svg.querySelectorAll('circle')).toHaveLength(2));
      const ticks = (axis: string) =>
        [...svg.querySelectorAll(`[data-axis="${axis}"] text`)].map((text) => text.textContent);
      expect(ticks('bottom').slice(0, 6)).toEqual(['0', '1', '2', '3', '4', '5']);
      expect(ticks('left').slice(0, 6)).toEqual(['0', '1', '2', '3', '4', '5']);
    }

    // Technology Readiness 4 against Market Potential 2.5, by hand: the plot spans x 48..304
    // (320 px fallback width less 8 + 40 on the left and 16 on the right, 51.2 px a point) and
    // y 206..8 (260 px less 24 + 30 below and 8 above, 39.6 px a point).
    const svg = screen.getByRole('application', { name: names[1] });
    const dot = svg.querySelector('circle')!;
    expect(Number(dot.getAttribute('cx'))).toBeCloseTo(48 + 4 * 51.2, 9);
    expect(Number(dot.getAttribute('cy'))).toBeCloseTo(206 - 2.5 * 39.6, 9);
    expect(svg).toHaveTextContent('Technology Readiness');
    expect(svg).toHaveTextContent('Market Potential');
  });

  it("shows a dot's number, title cut to 30 characters and both values on hover and by keyboard", async () => {
    render(<CorrelationCharts plots={plots} />);
    const svg = await screen.findByRole('application', {
      name: 'Technology Readiness vs Market Potential chart',
    });
    await waitFor(() => expect(svg.querySelectorAll('circle')).toHaveLength(2));
    // Within the 10 px reach of the first dot (252.8, 107), then far from both.
    fireEvent.pointerMove(svg, { clientX: 258, clientY: 110 });
    expect(screen.getByText('#7 A very long opportunity titles...')).toBeInTheDocument();
    expect(screen.getByText('Technology Readiness: 4.00')).toBeInTheDocument();
    expect(screen.getByText('Market Potential: 2.50')).toBeInTheDocument();
    fireEvent.pointerMove(svg, { clientX: 100, clientY: 20 });
    expect(screen.queryByText('Market Potential: 2.50')).not.toBeInTheDocument();

    // The second plot is the second tab stop; focus shows its first point.
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(svg).toHaveFocus();
    expect(screen.getByText('Market Potential: 2.50')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('#9 Short one')).toBeInTheDocument();
    expect(screen.getByText('Technology Readiness: 1.00')).toBeInTheDocument();
  });
});
