/**
 * The templates an IT provider uses, made from the policy schema (preload/policy.ts): an ADMX with its ADML in
 * English and German (Group Policy, Intune), a macOS configuration profile (`.mobileconfig`) and a JSON file
 * (Linux), both examples with every policy. `npm run policy:templates` writes them to assets/policies/;
 * `npm run check:packaging` checks the files there are what this makes and that the examples pass the schema.
 */
import { policyNames, type PolicyName } from '../preload/policy';
import { languageChoices } from '../preload/i18n/locales';

type Kind = { type: 'text' } | { type: 'switch' } | { type: 'number'; min: number; max: number } | { type: 'list' } | { type: 'choice'; values: readonly string[] };

interface Words {
  title: string;
  explain: string;
  /** The label of the value's box (not for switches). */
  label?: string;
}

interface PolicyTemplate {
  kind: Kind;
  en: Words;
  de: Words;
  example: unknown;
}

export const policyTemplatesFolder = 'assets/policies';
const appId = 'com.faxdesktop.app';
const registryKey = 'Software\\Policies\\Fax Desktop';

export const policyTemplates: Readonly<Record<PolicyName, PolicyTemplate>> = {
  ServiceUrl: {
    kind: { type: 'text' },
    en: { title: 'Fax Service address', explain: 'The Fax Service API address every desk uses (https, ending in /v1). Staff cannot change it.', label: 'Address' },
    de: { title: 'Adresse des Faxdienstes', explain: 'Die Adresse der Faxdienst-API für alle Plätze (https, endet auf /v1). Das Personal kann sie nicht ändern.', label: 'Adresse' },
    example: 'https://fax.example-clinic.com/v1',
  },
  ServiceCaFile: {
    kind: { type: 'text' },
    en: { title: 'Extra CA certificate for the Fax Service', explain: 'A CA certificate file (PEM) trusted for the Fax Service besides the system’s, for a private gateway.', label: 'File' },
    de: { title: 'Zusätzliches CA-Zertifikat für den Faxdienst', explain: 'Eine CA-Zertifikatsdatei (PEM), der neben denen des Systems für den Faxdienst vertraut wird, etwa für ein privates Gateway.', label: 'Datei' },
    example: '/etc/ssl/certs/clinic-gateway.pem',
  },
  Language: {
    kind: { type: 'choice', values: languageChoices },
    en: { title: 'Language', explain: 'The app’s language on every desk ("system" follows the computer).', label: 'Language' },
    de: { title: 'Sprache', explain: 'Die Sprache der App an allen Plätzen („system“ folgt dem Computer).', label: 'Sprache' },
    example: 'de',
  },
  UpdatesOff: {
    kind: { type: 'switch' },
    en: { title: 'Turn off updates', explain: 'The app neither checks for nor downloads updates; IT rolls out new versions.' },
    de: { title: 'Updates abschalten', explain: 'Die App sucht und lädt keine Updates; neue Versionen verteilt die IT.' },
    example: true,
  },
  UpdateFeedUrl: {
    kind: { type: 'text' },
    en: { title: 'Update feed', explain: 'The organization’s own update server (https) holding the installers and latest.yml, instead of the one the app was built with.', label: 'Address' },
    de: { title: 'Update-Quelle', explain: 'Der eigene Update-Server der Organisation (https) mit den Installern und latest.yml, statt des eingebauten.', label: 'Adresse' },
    example: 'https://updates.example-clinic.com/fax-desktop',
  },
  AutoLockMaxMinutes: {
    kind: { type: 'number', min: 1, max: 240 },
    en: { title: 'Lock after at most', explain: 'The app locks after at most this many idle minutes; staff may choose fewer.', label: 'Minutes' },
    de: { title: 'Spätestens sperren nach', explain: 'Die App sperrt sich spätestens nach so vielen Minuten ohne Bedienung; das Personal darf weniger wählen.', label: 'Minuten' },
    example: 10,
  },
  PinRequired: {
    kind: { type: 'switch' },
    en: { title: 'Require a PIN', explain: 'A PIN set to unlock the app cannot be removed.' },
    de: { title: 'PIN verlangen', explain: 'Eine zum Entsperren gesetzte PIN kann nicht entfernt werden.' },
    example: true,
  },
  DisableWebhooksAdmin: {
    kind: { type: 'switch' },
    en: { title: 'Turn off managing webhooks', explain: 'Webhook endpoints cannot be added or removed on this computer.' },
    de: { title: 'Verwalten von Webhooks abschalten', explain: 'Webhook-Endpunkte können auf diesem Computer nicht angelegt oder entfernt werden.' },
    example: true,
  },
  DisableCsvExport: {
    kind: { type: 'switch' },
    en: { title: 'Turn off CSV export', explain: 'Fax lists cannot be exported as CSV files.' },
    de: { title: 'CSV-Export abschalten', explain: 'Faxlisten können nicht als CSV-Dateien exportiert werden.' },
    example: true,
  },
  DisableSavePdf: {
    kind: { type: 'switch' },
    en: { title: 'Turn off saving faxes to disk', explain: 'Faxes and transmission reports cannot be saved as PDF files.' },
    de: { title: 'Speichern von Faxen abschalten', explain: 'Faxe und Sendeberichte können nicht als PDF-Dateien gespeichert werden.' },
    example: false,
  },
  RuleFolderRoots: {
    kind: { type: 'list' },
    en: { title: 'Allowed folders for rules and hot folders', explain: 'Inbound rules and hot folders may only use folders inside these (one per line).', label: 'Folders' },
    de: { title: 'Erlaubte Ordner für Regeln und Überwachte Ordner', explain: 'Eingangsregeln und überwachte Ordner dürfen nur Ordner innerhalb dieser verwenden (einer je Zeile).', label: 'Ordner' },
    example: ['/srv/faxes'],
  },
  HubHost: {
    kind: { type: 'text' },
    en: { title: 'Office hub: host', explain: 'Desks may only create or join an office on this hub.', label: 'Host' },
    de: { title: 'Büro-Hub: Host', explain: 'Plätze dürfen nur ein Büro auf diesem Hub anlegen oder ihm beitreten.', label: 'Host' },
    example: 'hub.clinic.lan',
  },
  HubPort: {
    kind: { type: 'number', min: 1, max: 65_535 },
    en: { title: 'Office hub: port', explain: 'The office hub’s port (with the host above).', label: 'Port' },
    de: { title: 'Büro-Hub: Port', explain: 'Der Port des Büro-Hubs (mit dem Host oben).', label: 'Port' },
    example: 5432,
  },
  HubDatabase: {
    kind: { type: 'text' },
    en: { title: 'Office hub: database', explain: 'The office hub’s database (with the host above).', label: 'Database' },
    de: { title: 'Büro-Hub: Datenbank', explain: 'Die Datenbank des Büro-Hubs (mit dem Host oben).', label: 'Datenbank' },
    example: 'front_desk',
  },
  ChartSource: {
    kind: { type: 'choice', values: ['none', 'fhir', 'list'] },
    en: { title: 'Chart: where patients come from', explain: 'Received faxes are matched to the office’s patients from the EHR over FHIR ("fhir"), a patient-list export ("list"), or not at all ("none").', label: 'Source' },
    de: { title: 'Akte: Herkunft der Patienten', explain: 'Empfangene Faxe werden den Patienten der Praxis zugeordnet – aus der Praxissoftware über FHIR („fhir“), aus einer exportierten Patientenliste („list“) oder gar nicht („none“).', label: 'Herkunft' },
    example: 'fhir',
  },
  ChartFhirUrl: {
    kind: { type: 'text' },
    en: { title: 'Chart: the EHR’s FHIR address', explain: 'The FHIR R4 base address of the office’s EHR (https).', label: 'Address' },
    de: { title: 'Akte: FHIR-Adresse der Praxissoftware', explain: 'Die FHIR-R4-Basisadresse der Praxissoftware (https).', label: 'Adresse' },
    example: 'https://ehr.clinic.lan/fhir/r4',
  },
  ChartFhirCaFile: {
    kind: { type: 'text' },
    en: { title: 'Chart: CA certificate of the EHR', explain: 'A CA certificate file (PEM) trusted for the EHR besides the system’s.', label: 'File' },
    de: { title: 'Akte: CA-Zertifikat der Praxissoftware', explain: 'Eine CA-Zertifikatsdatei (PEM), der für die Praxissoftware zusätzlich zum System vertraut wird.', label: 'Datei' },
    example: '/etc/ssl/clinic-ca.pem',
  },
  ChartSignIn: {
    kind: { type: 'choice', values: ['backend', 'person'] },
    en: { title: 'Chart: sign-in at the EHR', explain: '"backend": each desk as the office’s registered client (SMART backend services, its key in the keychain); "person": each person signs in in the browser.', label: 'Sign-in' },
    de: { title: 'Akte: Anmeldung bei der Praxissoftware', explain: '„backend“: jeder Platz als registrierter Client der Praxis (SMART Backend Services, Schlüssel im Schlüsselbund); „person“: jede Person meldet sich im Browser an.', label: 'Anmeldung' },
    example: 'backend',
  },
  ChartClientId: {
    kind: { type: 'text' },
    en: { title: 'Chart: client id', explain: 'The desk’s client id at the EHR’s SMART authorization server.', label: 'Client id' },
    de: { title: 'Akte: Client-ID', explain: 'Die Client-ID des Platzes beim SMART-Autorisierungsserver der Praxissoftware.', label: 'Client-ID' },
    example: 'fax-desktop-front-desk',
  },
  ChartMrnSystem: {
    kind: { type: 'text' },
    en: { title: 'Chart: record number system', explain: 'The identifier system of the office’s medical record numbers in the EHR.', label: 'System' },
    de: { title: 'Akte: System der Patientennummern', explain: 'Das Identifier-System der Patientennummern der Praxis in der Praxissoftware.', label: 'System' },
    example: 'urn:oid:2.16.840.1.113883.19.5',
  },
  ChartTarget: {
    kind: { type: 'choice', values: ['fhir', 'mllp', 'folder'] },
    en: { title: 'Chart: how faxes are filed', explain: 'A FHIR DocumentReference ("fhir"), an HL7 v2 MDM^T02 message over MLLP ("mllp"), or a file in a folder ("folder").', label: 'Filed as' },
    de: { title: 'Akte: Art der Ablage', explain: 'Eine FHIR-DocumentReference („fhir“), eine HL7-v2-Nachricht MDM^T02 über MLLP („mllp“) oder eine Datei in einem Ordner („folder“).', label: 'Ablage als' },
    example: 'fhir',
  },
  ChartAutoFileKinds: {
    kind: { type: 'list' },
    en: { title: 'Chart: kinds filed without a person', explain: 'The kinds of fax filed on their own when the patient and the kind are sure (one per line; empty: every filing by a person).', label: 'Kinds' },
    de: { title: 'Akte: ohne Person abgelegte Arten', explain: 'Die Faxarten, die von selbst abgelegt werden, wenn Person und Art sicher sind (eine je Zeile; leer: jede Ablage durch eine Person).', label: 'Arten' },
    example: ['lab_results', 'imaging_report'],
  },
};

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function admx(): string {
  const policy = (name: PolicyName): string => {
    const { kind } = policyTemplates[name];
    const head = `    <policy name="${name}" class="Both" displayName="$(string.${name})" explainText="$(string.${name}_Explain)"${kind.type === 'switch' ? '' : ` presentation="$(presentation.${name})"`} key="${registryKey}"${kind.type === 'switch' ? ` valueName="${name}"` : ''}>`;
    const common = ['      <parentCategory ref="FaxDesktop" />', '      <supportedOn ref="SUPPORTED_FaxDesktop3" />'];
    const body =
      kind.type === 'switch'
        ? ['      <enabledValue><decimal value="1" /></enabledValue>', '      <disabledValue><decimal value="0" /></disabledValue>']
        : kind.type === 'text'
          ? [`      <elements><text id="${name}" valueName="${name}" required="true" /></elements>`]
          : kind.type === 'number'
            ? [`      <elements><decimal id="${name}" valueName="${name}" required="true" minValue="${String(kind.min)}" maxValue="${String(kind.max)}" /></elements>`]
            : kind.type === 'list'
              ? [`      <elements><multiText id="${name}" valueName="${name}" required="true" /></elements>`]
              : [
                  `      <elements><enum id="${name}" valueName="${name}" required="true">`,
                  ...kind.values.map((value) => `        <item displayName="$(string.${name}_${value})"><value><string>${value}</string></value></item>`),
                  '      </enum></elements>',
                ];
    return [head, ...common, ...body, '    </policy>'].join('\n');
  };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">',
    '  <policyNamespaces>',
    '    <target prefix="faxdesktop" namespace="FaxDesktop.Policies" />',
    '    <using prefix="windows" namespace="Microsoft.Policies.Windows" />',
    '  </policyNamespaces>',
    '  <resources minRequiredRevision="1.0" />',
    '  <supportedOn>',
    '    <definitions>',
    '      <definition name="SUPPORTED_FaxDesktop3" displayName="$(string.SUPPORTED_FaxDesktop3)" />',
    '    </definitions>',
    '  </supportedOn>',
    '  <categories>',
    '    <category name="FaxDesktop" displayName="$(string.FaxDesktop)" />',
    '  </categories>',
    '  <policies>',
    ...policyNames.map(policy),
    '  </policies>',
    '</policyDefinitions>',
    '',
  ].join('\n');
}

function adml(language: 'en' | 'de'): string {
  const strings: Array<[string, string]> = [
    ['FaxDesktop', 'Fax Desktop'],
    ['SUPPORTED_FaxDesktop3', language === 'en' ? 'Fax Desktop 3.0 and later' : 'Fax Desktop 3.0 und neuer'],
  ];
  const presentations: string[] = [];
  for (const name of policyNames) {
    const template = policyTemplates[name];
    const words = template[language];
    strings.push([name, words.title], [`${name}_Explain`, words.explain]);
    if (template.kind.type === 'choice') for (const value of template.kind.values) strings.push([`${name}_${value}`, value]);
    const label = escape(words.label ?? words.title);
    if (template.kind.type === 'text') presentations.push(`      <presentation id="${name}"><textBox refId="${name}"><label>${label}</label></textBox></presentation>`);
    if (template.kind.type === 'number') presentations.push(`      <presentation id="${name}"><decimalTextBox refId="${name}">${label}</decimalTextBox></presentation>`);
    if (template.kind.type === 'list') presentations.push(`      <presentation id="${name}"><multiTextBox refId="${name}">${label}</multiTextBox></presentation>`);
    if (template.kind.type === 'choice') presentations.push(`      <presentation id="${name}"><dropdownList refId="${name}">${label}</dropdownList></presentation>`);
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">',
    '  <displayName>Fax Desktop</displayName>',
    `  <description>${language === 'en' ? 'Policies of Fax Desktop' : 'Richtlinien von Fax Desktop'}</description>`,
    '  <resources>',
    '    <stringTable>',
    ...strings.map(([id, text]) => `      <string id="${id}">${escape(text)}</string>`),
    '    </stringTable>',
    '    <presentationTable>',
    ...presentations,
    '    </presentationTable>',
    '  </resources>',
    '</policyDefinitionResources>',
    '',
  ].join('\n');
}

/** Every policy with its example value (what the JSON and the profile hold). */
export function examplePolicies(): Record<string, unknown> {
  return Object.fromEntries(policyNames.map((name) => [name, policyTemplates[name].example]));
}

function plistValue(value: unknown, indent: string): string {
  if (typeof value === 'boolean') return `${indent}<${String(value)}/>`;
  if (typeof value === 'number') return `${indent}<integer>${String(value)}</integer>`;
  if (Array.isArray(value)) return [`${indent}<array>`, ...value.map((item) => plistValue(item, `${indent}  `)), `${indent}</array>`].join('\n');
  return `${indent}<string>${escape(String(value))}</string>`;
}

function mobileconfig(): string {
  const settings = Object.entries(examplePolicies()).flatMap(([name, value]) => [`        <key>${name}</key>`, plistValue(value, '        ')]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '  <dict>',
    '    <key>PayloadContent</key>',
    '    <array>',
    '      <dict>',
    '        <key>PayloadType</key>',
    `        <string>${appId}</string>`,
    '        <key>PayloadIdentifier</key>',
    `        <string>com.example.clinic.${appId}</string>`,
    '        <key>PayloadUUID</key>',
    '        <string>6F1C2B9E-3A44-4C8E-9D1B-2E7F0A5C4B31</string>',
    '        <key>PayloadVersion</key>',
    '        <integer>1</integer>',
    ...settings,
    '      </dict>',
    '    </array>',
    '    <key>PayloadDisplayName</key>',
    '    <string>Fax Desktop policies</string>',
    '    <key>PayloadIdentifier</key>',
    '    <string>com.example.clinic.faxdesktop</string>',
    '    <key>PayloadScope</key>',
    '    <string>System</string>',
    '    <key>PayloadType</key>',
    '    <string>Configuration</string>',
    '    <key>PayloadUUID</key>',
    '    <string>0B5D7E2A-8C61-4F3B-A0E9-71C4D2B6F8A9</string>',
    '    <key>PayloadVersion</key>',
    '    <integer>1</integer>',
    '  </dict>',
    '</plist>',
    '',
  ].join('\n');
}

/** The templates by their path under assets/policies. */
export function renderPolicyTemplates(): Record<string, string> {
  return {
    'fax-desktop.admx': admx(),
    'en-US/fax-desktop.adml': adml('en'),
    'de-DE/fax-desktop.adml': adml('de'),
    'fax-desktop.mobileconfig': mobileconfig(),
    'policies.example.json': `${JSON.stringify(examplePolicies(), null, 2)}\n`,
  };
}
