/** Email content: a plain-text and an HTML part, user content HTML-escaped, product name Assay. */

export const PRODUCT_NAME = 'Assay';

export type EmailContent = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A subject line never carries a line break (header injection) and stays readable. */
function subjectLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').slice(0, 200);
}

type Block = { text: string } | { link: string; label: string } | { quote: string };

function render(subject: string, greeting: string, blocks: Block[]): EmailContent {
  const textParts = [greeting, ''];
  const htmlParts = [`<p>${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if ('link' in block) {
      textParts.push(`${block.label}: ${block.link}`, '');
      htmlParts.push(
        `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a><br>${escapeHtml(block.link)}</p>`,
      );
    } else if ('quote' in block) {
      textParts.push(...block.quote.split(/\r?\n/).map((line) => `> ${line}`), '');
      htmlParts.push(
        `<blockquote>${escapeHtml(block.quote).replace(/\r?\n/g, '<br>')}</blockquote>`,
      );
    } else {
      textParts.push(block.text, '');
      htmlParts.push(`<p>${escapeHtml(block.text)}</p>`);
    }
  }
  textParts.push(`-- ${PRODUCT_NAME}`);
  htmlParts.push(`<p>&mdash; ${PRODUCT_NAME}</p>`);
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...htmlParts,
    '</body></html>',
  ].join('\n');
  return { subject: subjectLine(subject), text: `${textParts.join('\n')}\n`, html };
}

export function invitationEmail(input: {
  name: string;
  invitedByName: string | null;
  link: string;
  expiresAt: Date;
  customMessage: string | null;
}): EmailContent {
  const inviter = input.invitedByName ?? 'An administrator';
  const blocks: Block[] = [
    { text: `${inviter} has invited you to review opportunities on ${PRODUCT_NAME}.` },
  ];
  if (input.customMessage) blocks.push({ quote: input.customMessage });
  blocks.push(
    { text: 'Open the link below to choose a password and activate your account.' },
    { link: input.link, label: 'Accept the invitation' },
    {
      text: `The link can be used once and expires on ${input.expiresAt.toUTCString()}. If you did not expect this invitation, you can ignore this email.`,
    },
  );
  return render(
    `You are invited to review opportunities on ${PRODUCT_NAME}`,
    `Hello ${input.name},`,
    blocks,
  );
}

export function newOpportunityEmail(input: {
  name: string;
  number: number;
  title: string;
  link: string;
}): EmailContent {
  return render(
    `${PRODUCT_NAME}: new opportunity #${input.number} ${input.title}`,
    `Hello ${input.name},`,
    [
      { text: `Opportunity #${input.number} "${input.title}" has been published for review.` },
      { link: input.link, label: 'Review it now' },
    ],
  );
}

export function reviewReminderEmail(input: {
  name: string;
  remaining: number;
  link: string;
}): EmailContent {
  const what = input.remaining === 1 ? '1 opportunity' : `${input.remaining} opportunities`;
  return render(`${PRODUCT_NAME}: ${what} still waiting for your review`, `Hello ${input.name},`, [
    { text: `A friendly reminder: ${what} still waiting for your review.` },
    { link: input.link, label: 'Open your opportunities' },
  ]);
}

/**
 * The new-opportunity email of 'assigned' mode (issue 18): one per reviewer for a batch of
 * assignments, listing every opportunity it assigned to them.
 */
export function assignmentEmail(input: {
  name: string;
  opportunities: ReadonlyArray<{ number: number; title: string }>;
  link: string;
}): EmailContent {
  const [first] = input.opportunities;
  const count = input.opportunities.length;
  const subject =
    count === 1
      ? `${PRODUCT_NAME}: opportunity #${first!.number} ${first!.title} assigned to you`
      : `${PRODUCT_NAME}: ${count} opportunities assigned to you`;
  const list = input.opportunities.map((o) => `#${o.number} "${o.title}"`).join('\n');
  return render(subject, `Hello ${input.name},`, [
    {
      text:
        count === 1
          ? 'This opportunity has been assigned to you for review:'
          : `These ${count} opportunities have been assigned to you for review:`,
    },
    { quote: list },
    { link: input.link, label: count === 1 ? 'Review it now' : 'Open your opportunities' },
  ]);
}

/** How many owed opportunities a deadline reminder names, each with its link (issue 34). */
export const REMINDER_LISTED_MAX = 10;

/**
 * The reminder before the deadline (issue 34): how many opportunities the reviewer still owes,
 * up to ten of them by name with their links, and the deadline in words at its own offset with
 * how long is left.
 */
export function deadlineReminderEmail(input: {
  name: string;
  owed: ReadonlyArray<{ number: number; title: string; link: string }>;
  deadlineInWords: string;
  /** '2 days', the reminder's offset. */
  timeLeft: string;
  listLink: string;
}): EmailContent {
  const count = input.owed.length;
  const what = count === 1 ? '1 opportunity' : `${count} opportunities`;
  const listed = input.owed.slice(0, REMINDER_LISTED_MAX);
  const blocks: Block[] = [
    {
      text: `Reviewing closes on ${input.deadlineInWords}, in ${input.timeLeft}. You still have ${what} to review:`,
    },
    ...listed.map((o) => ({ link: o.link, label: `#${o.number} ${o.title}` })),
  ];
  if (count > listed.length) blocks.push({ text: `and ${count - listed.length} more.` });
  blocks.push(
    { link: input.listLink, label: 'Open your opportunities' },
    {
      text: 'Scores and comments saved before the deadline are kept; after it, reviewing is closed.',
    },
  );
  return render(
    `${PRODUCT_NAME}: ${what} to review before ${input.deadlineInWords}`,
    `Hello ${input.name},`,
    blocks,
  );
}

/**
 * The decision letter to an opportunity's owner (issue 35): the outcome, the admin's message, the
 * band of the calibrated rank when chosen, and the comments the admin included, grouped by field.
 * It names no reviewer: the items carry their text only.
 */
export function decisionLetterEmail(input: {
  ownerName: string | null;
  number: number;
  title: string;
  outcomeLabel: string;
  message: string;
  band: string | null;
  sections: Array<{ heading: string; texts: string[] }>;
}): EmailContent {
  const blocks: Block[] = [
    {
      text: `The review panel has reached its decision on opportunity #${input.number} "${input.title}": ${input.outcomeLabel}.`,
    },
  ];
  if (input.message.trim() !== '') blocks.push({ quote: input.message.trim() });
  if (input.band) {
    blocks.push({
      text: `Among the opportunities the panel ranked, yours placed in ${input.band}.`,
    });
  }
  if (input.sections.length > 0) blocks.push({ text: 'Comments from the panel:' });
  for (const section of input.sections) {
    blocks.push({ text: `${section.heading}:` }, ...section.texts.map((quote) => ({ quote })));
  }
  return render(
    `Decision on #${input.number} "${input.title}": ${input.outcomeLabel}`,
    input.ownerName ? `Dear ${input.ownerName},` : 'Dear applicant,',
    blocks,
  );
}

/** A post as a digest quotes it: its author as the recipient knows them, and its text. */
export type DigestPost = { author: string; body: string; mentionsYou: boolean };

/**
 * The discussion digest (issue 36): the threads with posts new to the recipient since their last
 * digest, each post quoted under its author's name or label as the recipient would see it in the
 * thread, and a link to each thread.
 */
export function discussionDigestEmail(input: {
  name: string;
  threads: ReadonlyArray<{
    number: number;
    title: string;
    link: string;
    posts: readonly DigestPost[];
  }>;
  /** discussion_digest_minutes: the most often these come. */
  minutes: number;
}): EmailContent {
  const postCount = input.threads.reduce((n, thread) => n + thread.posts.length, 0);
  const what = postCount === 1 ? '1 new post' : `${postCount} new posts`;
  const [first] = input.threads;
  const where =
    input.threads.length === 1
      ? `the discussion of #${first!.number} ${first!.title}`
      : `${input.threads.length} discussions`;
  const blocks: Block[] = [
    { text: `There ${postCount === 1 ? 'is' : 'are'} ${what} in ${where}.` },
  ];
  for (const thread of input.threads) {
    blocks.push({ text: `#${thread.number} ${thread.title}` });
    for (const post of thread.posts) {
      blocks.push(
        { text: `${post.author}${post.mentionsYou ? ' mentioned you' : ' wrote'}:` },
        { quote: post.body },
      );
    }
    blocks.push({ link: thread.link, label: `Open the discussion of #${thread.number}` });
  }
  blocks.push({
    text: `You get at most one of these emails every ${input.minutes} minutes, about posts that mention you or threads you posted on.`,
  });
  return render(`${PRODUCT_NAME}: ${what} in ${where}`, `Hello ${input.name},`, blocks);
}
