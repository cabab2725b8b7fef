/**
 * THE IPC contract: every invoke channel (renderer → main, with its request schema and response type) and every
 * event (main → renderer). Main registers handlers from it, the preload builds `window.fax` from it, and the
 * renderer's types are derived from it. A channel exists only if it is declared here.
 */
import { z } from 'zod';
import { event, invoke } from './contract-kit';
import type { AppInfo, ConnectionState, Settings } from './models';

const noRequest = z.undefined();

export const invokeContract = {
  getAppInfo: invoke<AppInfo>()(noRequest),
  getConnection: invoke<ConnectionState>()(noRequest),
  getSettings: invoke<Settings>()(noRequest),
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
