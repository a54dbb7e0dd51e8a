import { type ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../../api/asset-messages.ts';
import { CART_FULL_NOTICE, CART_MAX_ASSETS, EXPIRY_NOT_FUTURE } from '../../../api/working-sets.ts';

/**
 * French for the spec's texts in `dam-app/api/asset-messages.ts`, key for key. A text the API builds from values
 * (`loadingDockNoSpace`) has named placeholders here, in the order of its parameters: see `ASSET_PLACEHOLDERS`.
 */
export const assetMessagesFr: Record<keyof typeof ASSET_MESSAGES, string> = {
  fileNameRule: 'Un nom de fichier ne peut pas contenir \\ / : ni commencer par un point.',
  folderNameRule:
    'Un nom de dossier ne peut pas contenir \\ / : * " ? > < ni commencer ou finir par un point.',
  fileNameTooLong: 'Un nom de fichier ne peut pas dépasser 255 octets.',
  directoryNameUnique: 'Le nom d’un dossier doit être unique.',
  nameRequired: 'Vous ne pouvez pas laisser ce champ vide.',
  maxChars32: '32 caractères au maximum.',
  cartNameRequired: 'Le nom du panier est obligatoire.',
  bundleEmpty: 'La recherche est vide, ou le lot de la recherche est vide (téléchargement annulé).',
  notABundle: 'Cette collection n’est pas un lot.',
  cartNameUnique: 'Un panier porte déjà ce nom.',
  assetIdInvalid: 'L’ID de l’élément doit être un nombre valide.',
  ontoChildOrParent:
    'Un dossier ne peut être ni copié ni déplacé dans l’un de ses sous-dossiers ou dans son parent.',
  destinationNotAllowed: 'Le dossier de destination doit être autorisé.',
  assetFilenameExists: 'Un élément porte déjà ce nom de fichier.',
  renameBlocked:
    'Renommage impossible : un autre élément porte le même nom ou l’élément est en cours d’utilisation.',
  folderOperationFailed: 'La copie, le déplacement ou le renommage du dossier a échoué.',
  destinationHasFolder: 'Le dossier de destination contient déjà un dossier du même nom.',
  folderCreationFailed: 'La création du dossier a échoué, réessayez.',
  moveBlockedByTranscoding: 'Le déplacement est bloqué jusqu’à la fin des transcodages vidéo.',
  inUse:
    'Un élément ou un dossier concerné est utilisé par le système ou par un autre utilisateur (réessayez plus tard).',
  versionNotFound: 'Version introuvable.',
  unsupportedSortRemoved: 'Un critère de tri non pris en charge a été retiré.',
  searchEmpty: 'La recherche est vide.',
  bulkSelectCsvOnly: 'L’envoi d’une sélection groupée n’accepte que le format CSV.',
  selectionTooLarge: `Une sélection compte au plus ${SELECTION_MAX_BLOCK.toLocaleString('fr')} éléments (taille de bloc maximale).`,
  loadingDockTooLarge: 'Trop volumineux pour le quai de chargement',
  downloadMaximumReached: 'Limite de téléchargement atteinte.',
  loadingDockNoSpace:
    'Espace insuffisant dans le quai de chargement : la demande nécessite {requested} et il reste {free} de libre. Une conversion partielle est possible.',
  loadingDockNotReady:
    'Ce téléchargement est encore en préparation. Réessayez quand il sera prêt à télécharger.',
  shareExpirationTooFar: 'Elle ne peut pas être trop lointaine (au maximum {days} jours).',
  cueTimeTaken: 'Le temps d’un point de repère vidéo doit être unique.',
  clipDurationInvalid: 'Les valeurs de durée de l’extrait doivent être appropriées.',
};

/** Texts of the working-set schemas that live beside their rule rather than in ASSET_MESSAGES, by a key of ours. */
export const WORKING_SET_NOTICES = {
  cartFull: CART_FULL_NOTICE,
  expiryNotFuture: EXPIRY_NOT_FUTURE,
} as const;

export const workingSetNoticesFr: Record<keyof typeof WORKING_SET_NOTICES, string> = {
  cartFull: `Un panier contient au plus ${CART_MAX_ASSETS} éléments ; les ${CART_MAX_ASSETS} premiers ont été ajoutés.`,
  expiryNotFuture: 'La date d’expiration ne peut être ni aujourd’hui ni dans le passé.',
};
