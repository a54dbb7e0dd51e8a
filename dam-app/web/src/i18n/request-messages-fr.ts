import { REQUEST_MAX_ASSETS, type REQUEST_MESSAGES } from '../../../api/requests.ts';

/** French for the texts of requests, approvals and clearances in `dam-app/api/requests.ts`, key for key. */
export const requestMessagesFr: Record<keyof typeof REQUEST_MESSAGES, string> = {
  reasonRequired: 'Une raison doit être ajoutée pour les éléments refusés.',
  clearanceToDate: 'La « date de fin » d’une autorisation est obligatoire et doit suivre la date de début.',
  dueDatePast: 'La date d’échéance ne peut pas être dans le passé.',
  dueDateRequired: 'Une date d’échéance est obligatoire pour approuver une demande de téléchargement.',
  maxAssets: `Une demande de téléchargement est limitée à ${REQUEST_MAX_ASSETS} éléments au maximum.`,
  clearanceFailed: 'L’autorisation a échoué : des éléments sont exclus ou ne peuvent pas être téléchargés.',
  clearanceEmailFailed: 'L’e-mail de la demande d’autorisation n’a pas pu être envoyé.',
  allRejected: 'Tous les éléments ont été refusés.',
  everyAssetDecided: 'Approuvez ou refusez chaque élément de la demande.',
};
