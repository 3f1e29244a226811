import { makeOpportunity } from '@web/test/fake-reviewer-server';
import { describe, expect, it } from 'vitest';
import { filterOpportunities, formatComposite, neighboursOf } from './filter-opportunities';

const solar = makeOpportunity({ number: 1, title: 'Solar Roofs', description: 'Panels' });
const wind = makeOpportunity({
  number: 2,
  title: 'Offshore',
  description: 'WIND turbines',
  reviewStatus: 'done',
});
const water = makeOpportunity({ number: 3, title: 'Water', reviewStatus: 'in_progress' });
const all = [solar, wind, water];

describe('filterOpportunities', () => {
  it('searches title and description without case', () => {
    expect(filterOpportunities(all, { search: 'SOLAR', status: 'all' })).toEqual([solar]);
    expect(filterOpportunities(all, { search: ' wind ', status: 'all' })).toEqual([wind]);
    expect(filterOpportunities(all, { search: '', status: 'all' })).toEqual(all);
  });

  it('filters by review status, together with the search', () => {
    expect(filterOpportunities(all, { search: '', status: 'done' })).toEqual([wind]);
    expect(filterOpportunities(all, { search: '', status: 'in_progress' })).toEqual([water]);
    expect(filterOpportunities(all, { search: 'solar', status: 'done' })).toEqual([]);
  });
});

describe('neighboursOf', () => {
  it('follows list order and stops at the ends', () => {
    expect(neighboursOf(all, solar.id)).toEqual({ previous: null, next: wind });
    expect(neighboursOf(all, wind.id)).toEqual({ previous: solar, next: water });
    expect(neighboursOf(all, water.id)).toEqual({ previous: wind, next: null });
    expect(neighboursOf(undefined, wind.id)).toEqual({ previous: null, next: null });
  });
});

it('formats a composite with 2 decimals', () => {
  expect(formatComposite('3.4000')).toBe('3.40');
  expect(formatComposite('4.6667')).toBe('4.67');
});
