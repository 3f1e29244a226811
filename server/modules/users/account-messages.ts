// The account rules users meet wherever they are enforced (sign-in, every request, creation by
// an admin or through an invitation): one wording each, so that the client sees one message.

/** A deactivated account is refused at sign-in and on every request (403). */
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated. Contact an administrator.';

/** Emails are unique whatever their case (the users_email_lower_unique index). */
export const DUPLICATE_EMAIL = 'A user with this email already exists';
