/**
 * The English messages (ICU MessageFormat): the catalogue every other language is checked against, one file for each
 * part of the app (en/); a message id's first word says which.
 */
import { chart, compose, faxes, office, settings, shell } from './en';

export const en = { ...shell, ...faxes, ...compose, ...settings, ...office, ...chart } as const;

export type MessageId = keyof typeof en;
