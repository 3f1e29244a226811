import type { DiscussionPerson } from '@shared/discussion-schemas';
import { describe, expect, it } from 'vitest';
import { insertMention, matchingPeople, mentionedHandles, mentionQueryAt } from './mentions';

const admin: DiscussionPerson = { handle: 'a1', label: 'Admin', role: 'admin' };
const b: DiscussionPerson = { handle: 'Reviewer B', label: 'Reviewer B', role: 'reviewer' };
const bb: DiscussionPerson = { handle: 'Reviewer BB', label: 'Reviewer BB', role: 'reviewer' };
const grace: DiscussionPerson = { handle: 'u7', label: 'Grace Hopper', role: 'reviewer' };

describe('mentionQueryAt', () => {
  it('reads the @ being typed before the caret', () => {
    expect(mentionQueryAt('Hi @Rev', 7)).toEqual({ start: 3, query: 'Rev' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Reviewer B', 14)).toEqual({ start: 3, query: 'Reviewer B' });
  });

  it('ignores an email address, a line break and a space right after the @', () => {
    expect(mentionQueryAt('mail ann@example', 16)).toBeNull();
    expect(mentionQueryAt('@Rev\nnext', 9)).toBeNull();
    expect(mentionQueryAt('@ Rev', 5)).toBeNull();
    expect(mentionQueryAt('no mention', 10)).toBeNull();
  });
});

describe('matchingPeople', () => {
  it('matches the start of the label or of one of its words, ignoring case', () => {
    const people = [admin, b, grace];
    expect(matchingPeople(people, '')).toEqual(people);
    expect(matchingPeople(people, 'rev')).toEqual([b]);
    expect(matchingPeople(people, 'hop')).toEqual([grace]);
    expect(matchingPeople(people, 'x')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('writes @Label and a space in place of the query, the caret after it', () => {
    const text = 'Ask @rev about it';
    expect(insertMention(text, 8, { start: 4, query: 'rev' }, b)).toEqual({
      text: 'Ask @Reviewer B about it',
      caret: 16,
    });
    expect(insertMention('@gr', 3, { start: 0, query: 'gr' }, grace)).toEqual({
      text: '@Grace Hopper ',
      caret: 14,
    });
  });
});

describe('mentionedHandles', () => {
  it('sends the handles whose @Label is still there, once each, the longest label winning', () => {
    const people = [admin, b, bb, grace];
    expect(mentionedHandles('@Reviewer BB and @Admin, @Admin again', people)).toEqual([
      'Reviewer BB',
      'a1',
    ]);
    expect(mentionedHandles('Reviewer B was here; @Grace Hoppers is not Grace', people)).toEqual(
      [],
    );
  });
});
