import type { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';

type Texts = {
  [K in keyof typeof TRANSFER_MESSAGES]: (typeof TRANSFER_MESSAGES)[K] extends string
    ? string
    : (version: string) => string;
};

/** French for every text of `TRANSFER_MESSAGES` (the transfer integration's spec texts). */
export const transferMessagesFr: Texts = {
  quickUpload: 'Envoi rapide',
  rapidQuickDownload: 'Téléchargement rapide Rapid',
  folderRapidDownload: 'Télécharger (Rapid)',
  uploadTitle: 'Envoyer',
  upload: 'Envoyer',
  cancel: 'Annuler',
  chooseFiles: 'Choisir des fichiers',
  chooseFile: 'Choisir un fichier',
  uploadOptions: 'Options d’envoi',
  standardDirectory: 'Envoyer dans le dossier standard',
  currentDirectory: 'Envoyer dans le dossier courant',
  mustSelectFile: 'Vous devez choisir un fichier à envoyer.',
  selectFileEachLine: 'Choisissez un fichier pour chaque ligne.',
  downloadTitle: 'Télécharger',
  standardDownload: 'Téléchargement standard (HTTP)',
  rapidDownload: 'Téléchargement Rapid',
  downloadCartText:
    'Téléchargez tous les fichiers du panier courant avec le téléchargement standard ou Rapid.',
  downloadFileText: 'Téléchargez ce fichier avec le téléchargement standard ou Rapid.',
  warningTitle: 'Avertissement',
  continue: 'Continuer',
  warningText: (version: string) =>
    `Le client Rapid ne fonctionne pas. Réessayez ; si l’erreur se reproduit, installez la version ${version} du client Rapid gratuit depuis le site de téléchargement de Rapid.`,
  dragHintBefore: 'Glissez des fichiers sur un dossier pour les envoyer avec Rapid.',
  dragHintDuring: 'Déposez pour envoyer dans ce dossier.',
  reloadWarning: 'Envoi en cours, voulez-vous recharger la page ?',
  seeClientWindow: 'Voir la fenêtre Rapid',
  starting: 'démarrage',
  uploading: 'envoi en cours',
  complete: 'terminé',
  cancelled: 'annulé',
  failed: 'échoué',
  refused: 'refusé par le nœud de transfert : vérifiez ses identifiants',
  lost: 'inconnu du nœud de transfert',
  stalled: 'plus suivi après des erreurs répétées',
  nodeUnauthorized: 'Le nœud de transfert a refusé les identifiants : vérifiez les identifiants du nœud.',
  nodeNotFound:
    'Le nœud de transfert ne connaît pas ce transfert : activez la journalisation d’activité sur le serveur.',
  nodeDataMissing: 'Le nœud de transfert n’a envoyé aucune donnée de transfert ni liste de fichiers.',
  emptyPreTransfer:
    'Le gestionnaire de pré-transfert n’a renvoyé aucune spécification : aucun transfert n’a lieu.',
  noAclPermission: 'L’ACL courante n’a pas de chemin relatif : contactez l’administrateur.',
  noNotificationId: 'Aucun identifiant de notification : un ancien script de quai de chargement est utilisé.',
  localStorageUnavailable: 'Le stockage local n’est pas disponible : activez-le pour envoyer avec Rapid.',
  startFailed: 'Le client Rapid n’a pas pu démarrer le transfert.',
};
