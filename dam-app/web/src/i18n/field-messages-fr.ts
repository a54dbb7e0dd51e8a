import type { FIELD_MESSAGES } from '../../../api/messages.ts';

/** Placeholder names for the values of the field texts the validators build, in the order of their parameters. */
export const FIELD_PLACEHOLDERS = {
  numberMin: ['min'],
  numberMax: ['max'],
  textMaxLength: ['n'],
  textMinLength: ['n'],
  dateMin: ['min'],
  dateMax: ['max'],
} as const;

/** French for the field, form and dictionary texts of `FIELD_MESSAGES`, key for key (built ones as templates). */
export const fieldMessagesFr: Record<keyof typeof FIELD_MESSAGES, string> = {
  notANumber: 'Saisissez un nombre.',
  notAWholeNumber: 'Saisissez un nombre entier.',
  notNegative: 'Saisissez un nombre qui n’est pas négatif.',
  numberMin: 'Saisissez un nombre d’au moins {min}.',
  numberMax: 'Saisissez un nombre d’au plus {max}.',
  textMaxLength: 'Saisissez au plus {n} caractères.',
  textMinLength: 'Saisissez au moins {n} caractères.',
  textPattern: 'Le texte n’a pas la forme demandée.',
  dateInvalid:
    'Saisissez une date au format AAAA-MM-JJ, ou une date et une heure au format AAAA-MM-JJTHH:MM.',
  dateMin: 'Saisissez une date à partir du {min}.',
  dateMax: 'Saisissez une date jusqu’au {max}.',
  notInDictionary: 'Choisissez un mot du dictionnaire.',
  assetReference: 'L’identifiant de la ressource doit être un nombre valide et doit exister.',
  schemaEnd: 'Le nom du schéma doit se terminer par « / » ou « # ».',
  schemaCharacters: 'Le nom du schéma contient des caractères non autorisés.',
  propertyName:
    'Un nom de champ commence par une lettre ou « _ » et ne contient que des lettres, des chiffres, « . », « - » et « _ ».',
  fieldAlreadyAdded: 'Le champ est déjà ajouté.',
  formNameExists: 'Un formulaire de ce nom existe déjà.',
  formCheckSchema: 'Impossible de créer le formulaire (vérifiez le schéma).',
  formNameRequired: 'Un formulaire doit avoir un nom.',
  formNotFound: 'Ce formulaire n’existe pas.',
  noForm: 'Aucun formulaire de métadonnées n’est attribué au dossier de cette ressource.',
  unknownField: 'Le formulaire n’a pas ce champ.',
  dictionaryMissing: 'Ce dictionnaire n’existe pas.',
  ruleFieldUnknown: 'Une règle nomme un champ que le formulaire n’a pas.',
  dictionaryUpload: 'Un dictionnaire doit être envoyé au format Excel.',
  dictionaryTerms: 'Les termes d’un dictionnaire doivent être uniques et compter au plus 128 caractères.',
  dictionaryInUse: 'Un dictionnaire utilisé par des formulaires ou des champs ne peut pas être supprimé.',
  dictionaryNameExists: 'Un dictionnaire de ce nom existe déjà.',
  dictionaryNotFound: 'Ce dictionnaire n’existe pas.',
  stampNameExists: 'Un tampon porte déjà ce nom.',
  stampNotFound: 'Ce tampon n’existe pas.',
  stampRunUndone: 'Ce tampon a déjà été annulé.',
};
