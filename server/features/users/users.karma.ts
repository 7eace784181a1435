/**
 * Karma rewards contribution (docs/decisions/006-karma.md): each live comment and, above all,
 * each good point other members give one's comments.
 */
export const karmaPerComment = 2;
export const karmaPerGoodPointReceived = 5;
