import type { METADATA_IO_MESSAGES } from '../../../api/messages.ts';

/** Placeholder names for the values of the import and export texts that are built, in the order of their parameters. */
export const METADATA_IO_PLACEHOLDERS = {
  noKeyColumn: ['key'],
  rowLength: ['found', 'expected'],
  notEncodable: ['encoding'],
} as const;

/** French for the metadata import and export texts of `METADATA_IO_MESSAGES`, key for key. */
export const metadataIoMessagesFr: Record<keyof typeof METADATA_IO_MESSAGES, string> = {
  importFileType: 'L’import accepte uniquement des fichiers CSV, XML ou TXT.',
  customDelimiter:
    'Un délimiteur personnalisé et un caractère d’échappement doivent être renseignés pour le format personnalisé.',
  exportTooLarge: 'L’export a une taille maximale.',
  importTooLarge: 'Le fichier à importer est trop volumineux.',
  unreadable: 'Le fichier n’a pas pu être lu dans le format et l’encodage choisis.',
  noKeyColumn: 'Le fichier n’a pas de colonne « {key} » pour retrouver les ressources.',
  rowLength: 'Cette ligne a {found} valeurs ; l’en-tête en a {expected}.',
  noAsset: 'Aucune ressource que vous pouvez modifier n’a cet identifiant ou ce chemin.',
  importNotFound: 'Cet import n’existe pas.',
  notEncodable: 'Certaines valeurs ne peuvent pas être écrites en {encoding} ; choisissez UTF-8 ou UTF-16.',
};
