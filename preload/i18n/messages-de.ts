/**
 * Die deutschen Texte: the German catalogue, one file for each part of the app as the English one (de/). The type
 * makes it complete: a missing or extra message fails the typecheck, in each part and in the whole.
 */
import type { MessageId } from './messages-en';
import { chart, compose, faxes, office, settings, shell } from './de';

export const de: Readonly<Record<MessageId, string>> = { ...shell, ...faxes, ...compose, ...settings, ...office, ...chart };
