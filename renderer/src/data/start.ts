/**
 * Starts the renderer's data: reads whether the app is locked, then every slice (connection, settings, sync,
 * outbox, account, unread count), and keeps them current from main's events. Locking forgets every slice that
 * holds account or fax data; unlocking reads them again.
 */
import { startChart } from './chart';
import { accountStore, loadAccount } from './account';
import { startCompose } from './compose';
import { setAsideIfFromEarlier } from './drafts';
import { startRecipientGuard } from './recipient-guard';
import { startPreflight } from './preflight';
import { announceOverdue } from './replies';
import { announceArrival } from './arrivals';
import { applyConnection, connectionStore, loadConnection } from './connection';
import { applyFaxesChanged, loadUnreadCount, unreadStore } from './faxes';
import { faxApi } from './ipc';
import { applyLockState, loadLockState, onLockChange } from './lock';
import { navigate } from './navigation';
import { applyProgress, loadOutbox, outboxStore, progressStore } from './outbox';
import { loadSettings, settingsStore } from './settings';
import { loadStatus, statusStore } from './status';
import { loadSyncState, syncStore } from './sync';
import { clearToasts, toast } from './toasts';
import { startCommands } from './commands';
import { announceRecovery, loadUpdateState, updateStore } from './updates';
import { automationStore, loadAutomation, startAutomation } from './automation';
import { loadNotHandledCount, notHandledStore, startHandling } from './handling';
import { backgroundProblemsStore, loadBackgroundProblems, startBackgroundProblems } from './background';
import { startPolicies } from './policies';
import { loadOffice, officeStore, startOffice } from './office';

let started = false;

function loadSlices(): void {
  void loadConnection();
  void loadSettings();
  void loadSyncState();
  void loadOutbox();
  void loadAccount();
  void loadUnreadCount();
  void loadStatus();
  void loadAutomation();
  void loadNotHandledCount();
  void loadBackgroundProblems();
  void loadOffice();
}

function clearSlices(): void {
  connectionStore.set(null);
  outboxStore.set([]);
  accountStore.set(null);
  progressStore.set({});
  clearToasts();
  applyFaxesChanged(null);
  automationStore.set(null);
  notHandledStore.set(0);
  backgroundProblemsStore.set([]);
  officeStore.set({ joined: false });
}

export function startAppState(): void {
  if (started) return;
  started = true;
  const fax = faxApi();
  onLockChange((locked) => (locked ? clearSlices() : loadSlices()));
  startCompose(setAsideIfFromEarlier);
  startRecipientGuard();
  startPreflight();
  startCommands();
  startAutomation();
  startHandling();
  startBackgroundProblems();
  startOffice();
  startPolicies();
  startChart();
  void loadUpdateState();
  void announceRecovery((message) => toast('info', message));
  void loadLockState();
  fax.on('lockChanged', applyLockState);
  fax.on('connectionChanged', (state) => {
    applyConnection(state);
    if (state.status === 'connected' && state.account) accountStore.set(state.account);
  });
  fax.on('settingsChanged', (settings) => settingsStore.set(settings));
  fax.on('syncStateChanged', (state) => syncStore.set(state));
  fax.on('statusChanged', (status) => statusStore.set(status));
  fax.on('outboxChanged', (items) => outboxStore.set(items));
  fax.on('accountChanged', (account) => accountStore.set(account));
  fax.on('faxesChanged', applyFaxesChanged);
  // A fax just read may now match the search on screen: the lists look again.
  fax.on('faxTextRead', ({ faxIds }) => applyFaxesChanged({ added: [], updated: faxIds, unreadInbound: unreadStore.get() }));
  fax.on('uploadProgress', applyProgress);
  fax.on('faxReceived', announceArrival);
  fax.on('replyOverdue', announceOverdue);
  fax.on('openFaxRequested', ({ faxId }) => navigate('inbox', faxId));
  fax.on('updateChanged', (view) => updateStore.set(view));
}
