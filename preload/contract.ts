/**
 * THE IPC contract: every invoke channel (renderer → main, with its request schema and response type) and every
 * event (main → renderer). Main registers handlers from it, the preload builds `window.fax` from it, and the
 * renderer's types are derived from it. A channel exists only if it is declared here.
 */
import { z } from 'zod';
import { event, invoke } from './contract-kit';
import type { AppInfo, ConnectionState, Settings } from './models';

const noRequest = z.undefined();

const settingsPatch = z
  .object({
    baseUrl: z.string().max(2048),
    extraCaPath: z.string().max(4096).nullable(),
    pollIntervalSeconds: z.number(),
    downloadFolder: z.string().max(4096),
    notifications: z.object({ enabled: z.boolean(), showDetails: z.boolean() }).partial().strict(),
    autoLockMinutes: z.number(),
    pdfCacheMaxMb: z.number(),
  })
  .partial()
  .strict();

export const invokeContract = {
  getAppInfo: invoke<AppInfo>()(noRequest),
  getConnection: invoke<ConnectionState>()(noRequest),
  getSettings: invoke<Settings>()(noRequest),
  /** Validates and saves settings; the Fax Service address and CA change only through `connect`. */
  updateSettings: invoke<Settings>()(settingsPatch),
  /** Tries the key against the Fax Service; stores it in the OS keychain only if it works. */
  connect: invoke<ConnectionState>()(
    z
      .object({
        apiKey: z.string().min(1).max(1024),
        baseUrl: z.string().max(2048).optional(),
        extraCaPath: z.string().max(4096).nullable().optional(),
      })
      .strict(),
  ),
  /** Probes the Fax Service again with the stored key. */
  reconnect: invoke<ConnectionState>()(noRequest),
  /** Removes the key from the keychain. */
  signOut: invoke<ConnectionState>()(noRequest),
} as const;

export const eventContract = {
  connectionChanged: event<ConnectionState>(),
  settingsChanged: event<Settings>(),
} as const;

export type InvokeContract = typeof invokeContract;
export type EventContract = typeof eventContract;
export type InvokeName = keyof InvokeContract;
export type EventName = keyof EventContract;

export const invokeNames = Object.keys(invokeContract) as InvokeName[];
export const eventNames = Object.keys(eventContract) as EventName[];
