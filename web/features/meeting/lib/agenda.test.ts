import { describe, expect, it } from 'vitest';
import { agendaItemOf, opportunity, resultsOf } from '../test/meeting-fixtures';
import { agendaEntriesOf, agendaIdsOf, movedTo, publishedEntriesOf } from './agenda';

const tidal = opportunity({ number: 12, title: 'Tidal kites', reasons: ['disagreement'] });
const kelp = opportunity({ number: 7, title: 'Kelp forests', postCount: 2 });
const unknown = '40000000-0000-4000-8000-999999999999';

const meeting = (fields: Partial<Parameters<typeof agendaIdsOf>[0]> = {}) => ({
  active: false,
  version: 1,
  currentIndex: 0,
  agenda: [],
  suggested: [],
  ...fields,
});

describe('the agenda', () => {
  it('moves an id to another place', () => {
    expect(movedTo(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movedTo(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedTo(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });

  it('is the suggested queue (known to Results) until one is saved or the meeting runs', () => {
    const published = publishedEntriesOf(resultsOf([tidal, kelp]));
    expect(agendaIdsOf(meeting({ suggested: [kelp.id, unknown, tidal.id] }), published)).toEqual({
      ids: [kelp.id, tidal.id],
      isSuggested: true,
    });
    const saved = meeting({ agenda: [agendaItemOf(tidal)], suggested: [kelp.id] });
    expect(agendaIdsOf(saved, published)).toEqual({ ids: [tidal.id], isSuggested: false });
    expect(agendaIdsOf(meeting({ active: true, suggested: [kelp.id] }), published)).toEqual({
      ids: [],
      isSuggested: false,
    });
  });

  it('names each id by the saved item (with its thread), else by Results', () => {
    const published = publishedEntriesOf(resultsOf([tidal, kelp]));
    const entries = agendaEntriesOf(
      [tidal.id, unknown, kelp.id],
      meeting({ agenda: [agendaItemOf(kelp)] }),
      published,
    );
    expect(entries).toEqual([
      {
        opportunityId: tidal.id,
        number: 12,
        title: 'Tidal kites',
        reasons: ['disagreement'],
        thread: null,
      },
      {
        opportunityId: kelp.id,
        number: 7,
        title: 'Kelp forests',
        reasons: [],
        thread: { state: 'open', postCount: 2 },
      },
    ]);
  });
});
