import type { WORKFLOW_MESSAGES } from '../../../api/messages.ts';

/** Placeholder names for the values of the workflow texts that are built, in the order of their parameters. */
export const WORKFLOW_PLACEHOLDERS = {
  scriptTimedOut: ['ms'],
  scriptOutOfMemory: ['mb'],
  scriptFailed: ['message'],
  workflowMoveTargetMissing: ['folder'],
  workflowMoveTargetTaken: ['path'],
} as const;

/** French for the Workflow Manager's texts of `WORKFLOW_MESSAGES`, key for key (built ones as templates). */
export const workflowMessagesFr: Record<keyof typeof WORKFLOW_MESSAGES, string> = {
  workflowNameExists: 'Un flux de travail porte déjà ce nom.',
  workflowNotFound: 'Ce flux de travail n’existe pas.',
  workflowFolderMissing: 'Le dossier que surveille le flux de travail n’existe pas.',
  scriptTimedOut: 'Le script a été arrêté : il a dépassé son délai maximal de {ms} ms.',
  scriptOutOfMemory: 'Le script a été arrêté : il a dépassé sa limite de mémoire de {mb} Mo.',
  scriptFailed: 'Le script a échoué : {message}',
  scriptBadChange: 'Le script a demandé une modification que le DAM ne connaît pas.',
  workflowMoveTargetMissing: 'Le dossier « {folder} » n’existe pas.',
  workflowMoveTargetTaken: 'Un fichier « {path} » existe déjà.',
  workflowAssetGone: 'La ressource n’est plus dans la bibliothèque.',
};
