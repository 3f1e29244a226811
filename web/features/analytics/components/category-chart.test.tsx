import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { opportunityChartData, reviewerActivityData } from '../lib/analytics-data';
import { opportunityRow, reviewerRow } from '../test/analytics-fixtures';
import { CompositeTrendChart } from './composite-trend-chart';
import { CriteriaBreakdownChart } from './criteria-breakdown-chart';
import { ReviewerActivityChart } from './reviewer-activity-chart';

// Nothing has a size in the test DOM, so every chart is drawn at its fallback width, 640 px.
const WIDTH = 640;

const data = opportunityChartData([
  opportunityRow({ number: 1, title: 'Modular heat pumps for district heating', avgComposite: 2 }),
  opportunityRow({
    number: 2,
    title: 'Recyclable battery casings',
    avgComposite: 4.5,
    avgMarketPotential: 5,
  }),
  opportunityRow({ number: 3, title: 'Not reviewed', avgComposite: null }),
  opportunityRow({ number: 4, title: 'Vertical farming kit', avgComposite: 3.25 }),
]);

/** The chart's SVG once it is drawn (after its width is known). */
async function chart(name: string) {
  const svg = await screen.findByRole('application', { name });
  await waitFor(() => expect(svg.querySelector('[data-axis]')).not.toBeNull());
  return svg;
}
const texts = (element: Element, selector: string) =>
  [...element.querySelectorAll(selector)].map((node) => node.textContent);
const attr = (element: Element, name: string) => Number(element.getAttribute(name));

describe('composite trend chart', () => {
  it('draws a point per reviewed opportunity on a 0-5 axis, names cut to 20 characters', async () => {
    render(<CompositeTrendChart data={data} />);
    const svg = await chart('Composite Score Trend chart');
    expect(texts(svg, '[data-axis="left"] text')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(texts(svg, '[data-axis="names"] text')).toEqual([
      'Modular heat pumps f...',
      'Recyclable battery c...',
      'Vertical farming kit',
    ]);

    // Worked out by hand: plot from x 56 + 32 = 88 to 640 - 24 = 616, three categories of
    // 176 px, points at their centres; y from 320 - 8 - 90 = 222 (score 0) up to 8 (score 5),
    // 42.8 px a point.
    const dots = [...svg.querySelectorAll('[data-series="Composite"] circle')];
    const expected = [
      [176, 222 - 2 * 42.8],
      [352, 222 - 4.5 * 42.8],
      [528, 222 - 3.25 * 42.8],
    ];
    expect(dots).toHaveLength(3);
    dots.forEach((dot, index) => {
      expect(attr(dot, 'cx')).toBeCloseTo(expected[index]![0]!, 9);
      expect(attr(dot, 'cy')).toBeCloseTo(expected[index]![1]!, 9);
    });
    // The line starts at the first point and ends at the last.
    const line = svg.querySelector('[data-series="Composite"] path')!.getAttribute('d')!;
    const numbers = line.match(/-?\d+(\.\d+)?/g)!.map(Number);
    expect(numbers[0]).toBe(176);
    expect(numbers[1]).toBeCloseTo(expected[0]![1]!, 9);
    expect(numbers.at(-2)).toBe(528);
    expect(numbers.at(-1)).toBeCloseTo(expected[2]![1]!, 9);
  });

  it('shows the tooltip of the opportunity under the pointer, and hides it when the pointer leaves', async () => {
    render(<CompositeTrendChart data={data} />);
    const svg = await chart('Composite Score Trend chart');
    // x 360 lies in the second category (264-440); y 100 inside the plot.
    fireEvent.pointerMove(svg, { clientX: 360, clientY: 100 });
    expect(screen.getByText('#2 Recyclable battery casings')).toBeInTheDocument();
    expect(screen.getByText('Composite: 4.50')).toBeInTheDocument();
    fireEvent.pointerLeave(svg);
    expect(screen.queryByText('Composite: 4.50')).not.toBeInTheDocument();
  });

  it('keeps the tooltip of a tapped opportunity after the finger leaves', async () => {
    render(<CompositeTrendChart data={data} />);
    const svg = await chart('Composite Score Trend chart');
    fireEvent.pointerDown(svg, { clientX: 530, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerLeave(svg, { pointerType: 'touch' });
    expect(screen.getByText('Composite: 3.25')).toBeInTheDocument();
  });

  it('moves between opportunities with the arrow keys once focused', async () => {
    render(<CompositeTrendChart data={data} />);
    const user = userEvent.setup();
    await user.tab(); // the sideways scroller
    await user.tab();
    expect(await chart('Composite Score Trend chart')).toHaveFocus();
    expect(screen.getByText('Composite: 2.00')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Composite: 4.50')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('#4 Vertical farming kit')).toBeInTheDocument();
    expect(screen.getByText('Composite: 3.25')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByText(/^Composite: /)).not.toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByText('Composite: 2.00')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByText(/^Composite: /)).not.toBeInTheDocument();
  });
});

describe('score breakdown chart', () => {
  it('draws five bars per opportunity at their scores, with a legend and a tooltip', async () => {
    render(<CriteriaBreakdownChart data={data} />);
    const svg = await chart('Score Breakdown by Criteria chart');
    expect(texts(svg, '[data-axis="left"] text')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(svg.querySelectorAll('path[d]')).toHaveLength(15);
    const legend = screen.getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Strategic Alignment',
      'Sustainability',
      'Technology Readiness',
      'Market Potential',
      'Business Potential',
    ]);

    // By hand: plot from 40 + 32 = 72 to 640 - 16 = 624 (184 px a category), baseline at
    // 360 - 28 (legend) - 8 - 90 = 234, top at 8: 45.2 px a point. In a category, 18.4 px clear
    // on each side and 4 px gaps leave (184 - 36.8 - 16) / 5 = 26.24 px a bar. Market Potential
    // is the fourth bar: the second opportunity's (5.0) starts at 72 + 184 + 18.4 + 3 x 30.24.
    const market = svg.querySelectorAll('[data-series="Market Potential"] path')[1]!;
    const numbers = market
      .getAttribute('d')!
      .match(/-?\d+(\.\d+)?/g)!
      .map(Number);
    expect(numbers[0]).toBeCloseTo(72 + 184 + 18.4 + 3 * 30.24, 9); // left edge
    expect(numbers[1]).toBe(234); // from the baseline
    expect(numbers[2]).toBeCloseTo(8 + 2, 9); // up to score 5, less the 2 px corner
    const sustainability = svg.querySelectorAll('[data-series="Sustainability"] path')[0]!;
    expect(Number(sustainability.getAttribute('d')!.match(/V(-?[\d.]+)/)![1])).toBeCloseTo(
      234 - 2 * 45.2 + 2,
      9,
    );

    fireEvent.pointerMove(svg, { clientX: 72 + 2 * 184 + 5, clientY: 100 });
    expect(screen.getByText('#4 Vertical farming kit')).toBeInTheDocument();
    for (const line of [
      'Strategic Alignment: 3.25',
      'Sustainability: 3.25',
      'Technology Readiness: 3.25',
      'Market Potential: 3.25',
      'Business Potential: 3.25',
    ]) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    // Below the plot (on the names) shows nothing.
    fireEvent.pointerMove(svg, { clientX: 300, clientY: 300 });
    expect(screen.queryByText('#4 Vertical farming kit')).not.toBeInTheDocument();
  });
});

describe('reviewer activity chart', () => {
  const reviewers = reviewerActivityData([
    reviewerRow({ name: 'Alexandra Konstantinopoulou', reviewCount: 7, avgComposite: 3.5 }),
    reviewerRow({ name: 'Bo', reviewCount: 0, avgComposite: null }),
  ]);

  it('measures reviews on the left and the average (0-5) on the right, names cut to 15', async () => {
    render(<ReviewerActivityChart data={reviewers} />);
    const svg = await chart('Reviewer Activity & Average Scores chart');
    expect(texts(svg, '[data-axis="left"] text')).toEqual(['0', '2', '4', '6', '8', 'Reviews']);
    expect(texts(svg, '[data-axis="right"] text')).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      'Avg Score',
    ]);
    expect(texts(svg, '[data-axis="names"] text')).toEqual(['Alexandra Konst...', 'Bo']);
    // Bo has no average: one bar for his reviews (0 tall), none for the average.
    expect(svg.querySelectorAll('[data-series="Reviews"] path')).toHaveLength(2);
    expect(svg.querySelectorAll('[data-series="Avg Score"] path')).toHaveLength(1);

    // By hand: 7 reviews on a 0-8 axis and 3.5 on a 0-5 axis from the baseline
    // 360 - 28 - 8 - 70 = 254 up to 8 (246 px): tops at 254 - 246 x 7/8 and 254 - 246 x 0.7.
    const top = (series: string) =>
      Number(
        svg
          .querySelector(`[data-series="${series}"] path`)!
          .getAttribute('d')!
          .match(/V(-?[\d.]+)/)![1],
      ) - 2;
    expect(top('Reviews')).toBeCloseTo(254 - (246 * 7) / 8, 9);
    expect(top('Avg Score')).toBeCloseTo(254 - 246 * 0.7, 9);

    // The second reviewer's half: 72 + (640 - 8 - 40 - 72) / 2 = 332 onwards.
    fireEvent.pointerMove(svg, { clientX: 340, clientY: 100 });
    expect(screen.getByText('Reviews: 0')).toBeInTheDocument();
    expect(screen.getByText('Avg Score: -')).toBeInTheDocument();
    fireEvent.pointerMove(svg, { clientX: 100, clientY: 100 });
    expect(screen.getByText('Alexandra Konstantinopoulou')).toBeInTheDocument();
    expect(screen.getByText('Avg Score: 3.50')).toBeInTheDocument();
  });

  it.each([[WIDTH]])(
    'draws at the %i px fallback width where nothing is measured',
    async (width) => {
      render(<ReviewerActivityChart data={reviewers} />);
      expect(await chart('Reviewer Activity & Average Scores chart')).toHaveAttribute(
        'width',
        String(width),
      );
    },
  );
});
