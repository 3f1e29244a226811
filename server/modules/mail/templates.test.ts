import { describe, expect, it } from 'vitest';
import { escapeHtml, invitationEmail, newOpportunityEmail, reviewReminderEmail } from './templates';

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
});
