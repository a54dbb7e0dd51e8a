import { COMMENT_MAX_LENGTH, type DISCUSSION_MESSAGES } from '../../../api/discussions.ts';

/** French for the texts of discussions and annotations in `dam-app/api/discussions.ts`, key for key. */
export const discussionMessagesFr: Record<keyof typeof DISCUSSION_MESSAGES, string> = {
  commentRequired: 'Un commentaire ne peut pas être vide.',
  commentTooLong: `Un commentaire compte au plus ${COMMENT_MAX_LENGTH} caractères.`,
  regionOutside: 'Une zone annotée doit être à l’intérieur de l’image.',
  timeRange: 'Un intervalle annoté doit finir après son début.',
  annotationKind: 'Ce type d’annotation ne convient pas à cet élément.',
  replyAnnotation: 'Une réponse ne peut pas porter d’annotation ; annotez dans un nouveau commentaire.',
  versionMissing: 'L’élément n’a pas cette version.',
};
