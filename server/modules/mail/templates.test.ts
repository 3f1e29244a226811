import { describe, expect, it } from 'vitest';
import {
  discussionDigestEmail,
  escapeHtml,
  invitationEmail,
  newOpportunityEmail,
  reviewReminderEmail,
} from './templates';

describe('email templates', () => {
  it('escape user content in the HTML part and keep it readable in the text part', () => {
    const email = newOpportunityEmail({
      name: '<script>alert(1)</script>',
      number: 7,
      title: 'Fish & "chips" <b>',
      link: 'http://assay.test/reviewer/opportunities/abc?x=1&y=2',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('Fish &amp; &quot;chips&quot; &lt;b&gt;');
    expect(email.html).toContain('href="http://assay.test/reviewer/opportunities/abc?x=1&amp;y=2"');
    expect(email.text).toContain('Opportunity #7 "Fish & "chips" <b>" has been published');
    expect(email.text).toContain('http://assay.test/reviewer/opportunities/abc?x=1&y=2');
    expect(email.subject).toBe('Assay: new opportunity #7 Fish & "chips" <b>');
  });

  it('never lets a line break into the subject', () => {
    const email = newOpportunityEmail({
      name: 'A',
      number: 1,
      title: 'Title\r\nBcc: victim@example.test',
      link: 'http://assay.test/x',
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('name the product and carry the invitation link and the custom message', () => {
    const expiresAt = new Date('2026-12-01T10:00:00Z');
    const email = invitationEmail({
      name: 'Ivy',
      invitedByName: 'Grace',
      link: 'http://assay.test/invite/TOKEN',
      expiresAt,
      customMessage: 'Line one\nLine <two>',
    });
    expect(email.subject).toContain('Assay');
    expect(email.text).toContain('Grace has invited you');
    expect(email.text).toContain('> Line one\n> Line <two>');
    expect(email.text).toContain('http://assay.test/invite/TOKEN');
    expect(email.text).toContain(expiresAt.toUTCString());
    expect(email.html).toContain('Line one<br>Line &lt;two&gt;');
    expect(email.html).toContain('<a href="http://assay.test/invite/TOKEN">');
  });

  it('says how many opportunities remain in a reminder', () => {
    expect(reviewReminderEmail({ name: 'R', remaining: 1, link: 'l' }).subject).toBe(
      'Assay: 1 opportunity still waiting for your review',
    );
    expect(reviewReminderEmail({ name: 'R', remaining: 3, link: 'l' }).text).toContain(
      '3 opportunities still waiting',
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('a discussion digest: each thread with its posts quoted under their authors, and its link', () => {
    const email = discussionDigestEmail({
      name: 'Rae',
      minutes: 15,
      threads: [
        {
          number: 3,
          title: 'Heat <pumps>\r\nBcc: x@example.test',
          link: 'http://assay.test/reviewer/opportunities/o3#discussion',
          posts: [
            { author: 'Reviewer B', body: 'Costs?\nAnd <b>risks</b>', mentionsYou: false },
            { author: 'Admin', body: 'Rae, your view', mentionsYou: true },
          ],
        },
        {
          number: 9,
          title: 'Wind',
          link: 'http://assay.test/reviewer/opportunities/o9#discussion',
          posts: [{ author: 'Reviewer A', body: 'Agreed', mentionsYou: false }],
        },
      ],
    });
    expect(email.subject).toBe('Assay: 3 new posts in 2 discussions');
    expect(email.text).toContain('Reviewer B wrote:\n\n> Costs?\n> And <b>risks</b>');
    expect(email.text).toContain('Admin mentioned you:\n\n> Rae, your view');
    expect(email.text).toContain(
      'Open the discussion of #9: http://assay.test/reviewer/opportunities/o9#discussion',
    );
    expect(email.html).toContain('Costs?<br>And &lt;b&gt;risks&lt;/b&gt;');
    expect(email.html).toContain('Heat &lt;pumps&gt;');
    expect(email.html).not.toContain('<b>risks');
    const one = discussionDigestEmail({
      name: 'Rae',
      minutes: 15,
      threads: [
        {
          number: 3,
          title: 'Heat\r\npumps',
          link: 'l',
          posts: [{ author: 'Admin', body: 'x', mentionsYou: false }],
        },
      ],
    });
    expect(one.subject).toBe('Assay: 1 new post in the discussion of #3 Heat pumps');
  });
});
