import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiteralStrings } from '../../../scripts/i18n/find-literal-strings';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Files of main/ and preload/ whose literals are not words for people, each with why; every other file there is
 * checked like the renderer. A path ending in "/" stands for the folder.
 */
const notWordsForPeople: Readonly<Record<string, string>> = {
  'main/store/cache/': 'SQL',
  'main/hub/': 'SQL, the hub connection\'s application name, and schema refusals of a stored address (developer words; people read the AppError made where it is used)',
  'main/office/pdf-services.ts': 'the shell script macOS runs from the PDF menu, and the entry\'s name (the product\'s name and the folder\'s)',
  'main/office/windows-printer-commands.ts': 'the PowerShell the app runs (commands, the driver\'s name)',
  'main/office/windows-printers.ts': 'the printer\'s name as Windows lists it (the product\'s name and the folder\'s)',
  'main/office/print-job-receiver.ts': 'the pipe\'s name and reasons for the log',
  'main/policy/policy-source.ts': 'the registry key and the managed-preferences folder the OS keeps policies in, and reasons for the log (people read "Set by your organization")',
  'main/policy/policy-values.ts': 'reasons a policy value was ignored, for the log only (an administrator reads them there)',
  'preload/policy.ts': 'a schema refusal of a policy value, logged by main and never shown',
  'main/store/crypto/': 'key-derivation labels and internal errors that are translated where caught',
  'main/api/': 'failure descriptions for the log; people read the AppError made from them (api-error.ts → catalogue)',
  'main/office/hotfolders/': 'the Sent / Failed / Opened folder names on disk, which other tools watch: fixed in every language',
  'main/desktop-integration/login-item.ts': 'the XDG autostart entry',
  'main/security/csp.ts': 'a Content-Security-Policy',
  'main/office/rules/print-document.ts': 'the HTML skeleton of a print job',
  'main/core.ts': 'the User-Agent',
  'main/desktop-integration/overlay-badge.ts': 'a canvas font',
  'main/shell/electron-printing.ts': 'an Electron event name',
  'main/shell/main-window.ts': 'the product name and an event name',
  'main/shell/web-preferences.ts': 'a Blink feature name',
  'main/shell/main.ts': 'the product name',
  'main/shell/app-protocol.ts': 'an HTTP status text',
  'main/store/keychain-secret-store.ts': 'the keychain service name',
  'main/store/conf-settings.ts': 'the folder name of the system’s Downloads',
  'main/office/fax-printers.ts': 'CUPS queue names',
  'main/desktop.ts': 'the folder printers of the development desktop',
  'main/errors.ts': 'an error class name',
  'main/ocr/recognizer.ts': 'an error class name and its developer message (people read the reason kept with the fax, worded where shown)',
  'main/shell/utility-recognition.ts': 'the recognition process\'s name in the OS\'s task manager (the product\'s name)',
  'preload/commands.ts': 'keyboard accelerators',
  'preload/contract-kit.ts': 'IPC channel prefixes',
  'preload/contract.ts': 'schema refusals for a request the app itself made wrong (developer words)',
  'preload/fax-id.ts': 'a schema refusal',
  'main/intake/kind-rules.ts': 'the words faxes say their kind with (English and German), matched, never shown',
  'main/pages/lookalike-characters.ts': 'the letters and marks a recognizer reads for digits, matched, never shown',
  'main/intake/intake-fields.ts': 'the labels faxes put before a patient\'s fields (English and German), matched, never shown',
  'main/chart/matching/nicknames.ts': 'given names and their nicknames, matched, never shown',
  'main/chart/chart-service.ts': 'FHIR resource type names',
  'main/chart/ehr-connection.ts': 'the User-Agent the EHR sees (the product\'s name)',
  'main/chart/document-reference.ts': 'FHIR values and the document\'s description as the EHR keeps it (English, as LOINC names its codes)',
  'main/chart/document-types.ts': 'LOINC display names (English, as LOINC gives them)',
  'main/ehr/fhir-client.ts': 'developer details of a failure (kept with its kind; people read the failure worded where shown) and HTTP words',
  'main/ehr/fhir-resources.ts': 'FHIR resource type names',
  'main/ehr/hl7-mdm.ts': 'HL7 field values',
  'main/ehr/mllp-client.ts': 'an error class name and developer details of a failure (people read the failure worded where shown)',
  'main/ehr/smart-client.ts': 'developer details of a failure and OAuth words',
  'main/ehr/smart-backend.ts': 'JOSE header and key values',
  'main/ehr/smart-person.ts': 'an error class name',
  'main/ipc/chart-handlers.ts': 'the HTML around the worded line the browser shows after signing in',
  // Still in English, written down here so they are not forgotten: the transmission report (a PDF kept for the
  // record, with its file name), the diagnostics for the support desk, the names of files the app writes, and the
  // bridge's last-resort errors (raised before the renderer knows its language).
  'main/faxes/report-document.ts': 'English only for now (the report PDF)',
  'main/faxes/transmission-reports.ts': 'English only for now (the report’s file name and missing-page note)',
  'main/support/diagnostics.ts': 'English only for now (read by the support desk)',
  'main/office/rules/inbound-rules.ts': 'English only for now (file names the rules write)',
  'main/preflight/preflight-service.ts': 'English only for now (the name of the file without blank pages)',
  'preload/bridge.ts': 'English only for now (last-resort errors of the bridge)',
};

const exempt = (file: string): boolean => Object.keys(notWordsForPeople).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

describe('user-facing words come from the message catalogue', () => {
  it('finds no literal words in the renderer', () => {
    const found = sourceFiles('renderer/src').flatMap((file) => findLiteralStrings(file));
    expect(found.map((literal) => `${literal.file}:${String(literal.line)} “${literal.text}”`)).toEqual([]);
  });

  it('finds no literal words in main and preload outside the files listed with their reason', () => {
    const files = [...sourceFiles('main'), ...sourceFiles('preload')].filter((file) => !file.startsWith('preload/i18n/') && !exempt(file));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => findLiteralStrings(file));
    expect(found.map((literal) => `${literal.file}:${String(literal.line)} “${literal.text}”`)).toEqual([]);
  });

  it('every exemption names a file or folder that exists', () => {
    for (const entry of Object.keys(notWordsForPeople)) expect(fs.existsSync(entry), entry).toBe(true);
  });

  it('catches JSX text, text attributes, words in conditions and sentences, and leaves code alone', () => {
    const source = `
      import { t } from './i18n';
      const kinds = { a: 'ok' };
      const frozen = t('app.close');
      export function View({ n, busy }: { n: number; busy: boolean }) {
        if (kinds.a === 'Some Value') document.querySelector('button, [href]');
        const why = 'This file is damaged.';
        return (
          <div className="card chip-warning" data-testid="view" title="Close the dialog">
            Send fax
            <span aria-label={\`Page \${n}\`}>{busy ? 'Sending…' : t('compose.sendFax')}</span>
            <p>{n === 1 ? 'page' : 'pages'}{why}</p>
          </div>
        );
      }`;
    const found = findLiteralStrings('fixture.tsx', source).map((literal) => literal.text);
    expect(found).toEqual(["t('app.close') (at module level)", 'This file is damaged.', 'Close the dialog', 'Send fax', 'Page', 'Sending…', 'page', 'pages']);
  });
});
