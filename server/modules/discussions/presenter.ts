import { ADMIN_LABEL, POST_EDIT_WINDOW_MINUTES, type PostState } from '@shared/discussion';
import type {
  DiscussionPerson,
  DiscussionPost,
  DiscussionThread,
} from '@shared/discussion-schemas';
import { reviewerLabel } from '../reviewer-workspace/comments-visibility';
import type { ThreadPerson } from './people';
import type { PostRow, RevisionRow } from './queries';
import type { ThreadHead } from './thread-queries';

/** Who an answer or a digest is for: what they may learn of the others follows from it. */
export type Viewer = { userId: string; role: 'admin' | 'reviewer'; showReviewerNames: boolean };

/** Admins, and reviewers while names are shown, know people by id and name. */
export const seesNames = (viewer: Viewer) => viewer.role === 'admin' || viewer.showReviewerNames;

const ADMIN_PERSON: DiscussionPerson = { handle: ADMIN_LABEL, label: ADMIN_LABEL, role: 'admin' };

/**
 * A person as the viewer may know them: by id and shown name, or (a reviewer with names hidden)
 * by their label, every admin as "Admin". The viewer always knows themselves.
 */
export function presentPerson(person: ThreadPerson, viewer: Viewer): DiscussionPerson {
  if (person.id === viewer.userId || seesNames(viewer)) {
    return { handle: person.id, label: person.shownName, role: person.role };
  }
  if (person.role === 'admin') return ADMIN_PERSON;
  const label = reviewerLabel(person.labelIndex ?? 0);
  return { handle: label, label, role: 'reviewer' };
}

/** Each person once, as the viewer knows them (every admin is one "Admin" with names hidden). */
function distinctPeople(people: DiscussionPerson[]): DiscussionPerson[] {
  const seen = new Map<string, DiscussionPerson>();
  for (const person of people) if (!seen.has(person.handle)) seen.set(person.handle, person);
  return [...seen.values()];
}

export function postStateOf(post: Pick<PostRow, 'deletedAt' | 'hiddenAt'>): PostState {
  if (post.deletedAt) return 'deleted';
  if (post.hiddenAt) return 'hidden';
  return 'visible';
}

export type PostContext = {
  viewer: Viewer;
  people: ReadonlyMap<string, ThreadPerson>;
  /** The posts' revisions, for an admin viewer. */
  revisions: readonly RevisionRow[];
};

export function presentPost(post: PostRow, context: PostContext): DiscussionPost {
  const { viewer, people } = context;
  const isAdmin = viewer.role === 'admin';
  const state = postStateOf(post);
  // A deleted post's text is gone for everyone (admins read it in the history); a hidden one's
  // only for admins.
  const body = state === 'visible' || (state === 'hidden' && isAdmin) ? post.body : null;
  const mentioned = body === null ? [] : post.mentions.flatMap((id) => people.get(id) ?? []);
  return {
    id: post.id,
    author: presentPerson(people.get(post.authorId)!, viewer),
    mine: post.authorId === viewer.userId,
    state,
    body,
    mentions: distinctPeople(mentioned.map((person) => presentPerson(person, viewer))),
    createdAt: post.createdAt.toISOString(),
    editedAt: post.editedAt?.toISOString() ?? null,
    editableUntil: post.isEditable
      ? new Date(post.createdAt.getTime() + POST_EDIT_WINDOW_MINUTES * 60_000).toISOString()
      : null,
    hiddenReason: isAdmin ? post.hiddenReason : null,
    history: isAdmin
      ? context.revisions
          .filter((revision) => revision.postId === post.id)
          .map((revision) => ({
            kind: revision.kind,
            body: revision.body,
            changedAt: revision.changedAt.toISOString(),
          }))
      : null,
  };
}

/** Readers the viewer may mention: admins first, then reviewers, the viewer left out. */
export function presentMentionable(
  people: readonly ThreadPerson[],
  viewer: Viewer,
): DiscussionPerson[] {
  const readers = people
    .filter((person) => person.mayRead && person.id !== viewer.userId)
    .sort(
      (a, b) =>
        Number(a.role === 'reviewer') - Number(b.role === 'reviewer') ||
        (seesNames(viewer)
          ? a.shownName.localeCompare(b.shownName, 'en')
          : (a.labelIndex ?? 0) - (b.labelIndex ?? 0)),
    );
  return distinctPeople(readers.map((person) => presentPerson(person, viewer)));
}

export function presentThread(
  head: ThreadHead,
  context: {
    viewer: Viewer;
    people: readonly ThreadPerson[];
    posts: readonly PostRow[];
    revisions: readonly RevisionRow[];
    unread: number;
  },
): DiscussionThread {
  const byId = new Map(context.people.map((person) => [person.id, person]));
  const postContext = { viewer: context.viewer, people: byId, revisions: context.revisions };
  return {
    opportunityId: head.opportunityId,
    number: head.number,
    title: head.title,
    state: head.state ?? 'open',
    summary: head.state ? head.summary : null,
    resolvedAt: head.resolvedAt?.toISOString() ?? null,
    posts: context.posts.map((post) => presentPost(post, postContext)),
    unread: context.unread,
    mentionable: presentMentionable(context.people, context.viewer),
  };
}
