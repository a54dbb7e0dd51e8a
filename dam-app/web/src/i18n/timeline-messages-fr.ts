import type { TIMELINE_TEXTS } from '../../../api/video-timeline.ts';

/** Placeholder names for the values of the timeline texts that are built, in the order of their parameters. */
export const TIMELINE_PLACEHOLDERS = { exportFailed: ['fileName', 'reason'] } as const;

/** French for the video timeline's texts of `TIMELINE_TEXTS`, key for key (built ones as templates). */
export const timelineMessagesFr: Record<keyof typeof TIMELINE_TEXTS, string> = {
  notVideo: 'Seule une vidéo a une ligne de temps.',
  cueNotFound: 'Ce point de repère n’existe pas.',
  clipNotFound: 'Ce clip n’existe pas.',
  cuePastEnd: 'Un point de repère doit se trouver dans la vidéo.',
  clipNotExported: 'Ce clip n’a pas encore été exporté pour téléchargement.',
  exportRunning: 'Ce clip est en cours d’export ; attendez qu’il soit terminé.',
  exportFailed: '{fileName} : l’export du clip a échoué ({reason}).',
  sourceMissing: 'son fichier manque dans le stockage',
};
