import en from 'zod/v4/locales/en.js';
import { config } from 'zod/v4/mini';

// Schemas use zod/mini so the script-tag SDK stays small; the English locale alone (not every locale) gives
// readable messages. Every schema file imports this module for its side effect.
config(en());
