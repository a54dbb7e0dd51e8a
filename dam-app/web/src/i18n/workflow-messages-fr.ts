import type { WORKFLOW_MESSAGES } from '../../../api/messages.ts';

/** Placeholder names for the values of the workflow texts that are built, in the order of their parameters. */
export const WORKFLOW_PLACEHOLDERS = {
  scriptTimedOut: ['ms'],
  scriptOutOfMemory: ['mb'],
  scriptFailed: ['message'],
  workflowMoveTargetMissing: ['folder'],
  workflowMoveTargetTaken: ['path'],
  stepUrlFailed: ['status'],
  stepBadRecipient: ['to'],
  permissionDenied: ['name', 'reason'],
  permissionNotAllowed: ['name'],
  permissionNoAnswer: ['name', 'error'],
  stepUrlPortBlocked: ['port'],
  stepUrlRefused: ['address'],
  stepUrlUnknownHost: ['host'],
  stepUrlTimedOut: ['seconds'],
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
  workflowUsedForPermission:
    'Un flux de travail ne peut pas être supprimé tant qu’il est utilisé pour une permission.',
  workflowFolderNotFound: 'Ce dossier de flux de travail n’existe pas.',
  workflowFolderExists: 'Un dossier de flux de travail porte déjà ce nom ici.',
  workflowFolderNotEmpty: 'Le dossier de flux de travail contient encore des flux ou des dossiers.',
  workflowFolderCycle: 'Un dossier de flux de travail ne peut pas être déplacé dans lui-même.',
  workflowCancelled: 'Le flux de travail a été annulé.',
  workflowNotManual: 'Ce flux de travail ne se lance pas à la main.',
  runNotFound: 'Cette exécution de flux de travail n’existe pas.',
  workflowOnlyFailedReplay: 'Seule une exécution terminée en erreur peut être rejouée.',
  workflowAclMissing: 'L’une des ACL n’existe pas.',
  stepNeedsAsset: 'Cette étape a besoin d’une ressource, et l’exécution n’en a pas.',
  stepStampMissing: 'Le tampon de cette étape n’existe plus.',
  stepUrlFailed: 'L’appel de l’URL a échoué : {status}.',
  stepPresetMissing: 'Le préréglage de conversion de cette étape n’existe plus.',
  stepNoActor: 'Il ne reste aucun administrateur au nom duquel le flux de travail puisse agir.',
  stepBadRecipient: '« {to} » n’est pas une adresse e-mail avec qui partager.',
  permissionDenied: 'Le flux de travail « {name} » a refusé : {reason}',
  permissionNotAllowed: 'Le flux de travail « {name} » ne l’a pas permis.',
  permissionNoAnswer: 'Le flux de travail « {name} » n’a pas répondu, c’est donc refusé. {error}',
  stepUrlPortBlocked:
    'Le port {port} est réservé à un autre service (messagerie, SSH, etc.) : le DAM ne l’appelle pas. Utilisez le port 80 ou 443, ou un autre port comme 8080 ou 8443.',
  stepUrlRefused:
    'Rien n’a accepté l’appel à {address}. Vérifiez l’hôte et le port de l’URL, et que le service qui le reçoit est en marche.',
  stepUrlUnknownHost: 'L’hôte « {host} » de l’URL est inconnu. Vérifiez son orthographe.',
  stepUrlTimedOut: 'L’URL n’a pas répondu en {seconds} secondes.',
};
