/**
 * The PowerShell for print to fax on Windows, checked on Linux: names are quoted as PowerShell literals whatever
 * they hold, the elevated script travels base64-encoded (UTF-16LE) and decodes back to itself, and the printer
 * list is read tolerantly (one printer as an object, none, another port's printer left out).
 */
import { describe, expect, it } from 'vitest';
import { addPrinterScript, elevatedCommand, encodeCommand, listPrintersScript, parsePrinterList, psQuote, removePrinterScript, sendToShortcutScript } from '../../../main/office/windows-printer-commands';

const decode = (base64: string): string => Buffer.from(base64, 'base64').toString('utf16le');

describe('PowerShell for the Fax Desktop printer', () => {
  it('quotes every name as a literal: quotes doubled, $ and ; and backticks inert', () => {
    expect(psQuote("Dr. O'Brien")).toBe("'Dr. O''Brien'");
    const script = addPrinterScript({ name: "Fax Desktop – O'Brien's $(rm -r C:\\) `; x", pipe: '\\\\.\\pipe\\FaxDesktop-maria-hf-1' });
    expect(script).toContain("Add-Printer -Name 'Fax Desktop – O''Brien''s $(rm -r C:\\) `; x' -DriverName 'Microsoft Print To PDF' -PortName '\\\\.\\pipe\\FaxDesktop-maria-hf-1'");
    expect(script).toContain("Add-PrinterPort -Name '\\\\.\\pipe\\FaxDesktop-maria-hf-1'");
    const removal = removePrinterScript({ name: 'Fax Desktop', pipe: '\\\\.\\pipe\\FaxDesktop-maria-hf-1' });
    expect(removal).toContain("Remove-Printer -Name 'Fax Desktop'");
    expect(removal).toContain("Remove-PrinterPort -Name '\\\\.\\pipe\\FaxDesktop-maria-hf-1'");
    expect(listPrintersScript()).toContain("-like '\\\\.\\pipe\\FaxDesktop-*'");
  });

  it('the elevated command carries the script encoded, and it decodes back unchanged', () => {
    const script = addPrinterScript({ name: 'Fax Desktop – Referrals', pipe: '\\\\.\\pipe\\FaxDesktop-maria-hf-1' });
    const { command, args } = elevatedCommand(script);
    expect(command).toBe('powershell.exe');
    expect(args.slice(0, 3)).toEqual(['-NoProfile', '-NonInteractive', '-EncodedCommand']);
    const outer = decode(args[3] ?? '');
    expect(outer).toContain('Start-Process -FilePath \'powershell.exe\' -Verb RunAs -Wait -PassThru');
    const inner = /'-EncodedCommand','([A-Za-z0-9+/=]+)'/.exec(outer)?.[1] ?? '';
    expect(decode(inner)).toBe(script);
    expect(encodeCommand('é')).toBe(Buffer.from('é', 'utf16le').toString('base64'));
  });

  it('reads the printer list tolerantly', () => {
    expect(parsePrinterList('')).toEqual([]);
    expect(parsePrinterList('not json')).toEqual([]);
    expect(parsePrinterList('{"Name":"Fax Desktop – Referrals","PortName":"\\\\\\\\.\\\\pipe\\\\FaxDesktop-maria-hf-1"}')).toEqual([{ name: 'Fax Desktop – Referrals', pipe: '\\\\.\\pipe\\FaxDesktop-maria-hf-1' }]);
    expect(parsePrinterList('[{"Name":"HP LaserJet","PortName":"USB001"},{"Name":"Fax Desktop","PortName":"\\\\\\\\.\\\\pipe\\\\FaxDesktop-tom-hf-2"},{"Name":3}]')).toEqual([{ name: 'Fax Desktop', pipe: '\\\\.\\pipe\\FaxDesktop-tom-hf-2' }]);
  });

  it('Send to → Fax Desktop is a shortcut to the app in the SendTo folder', () => {
    const script = sendToShortcutScript("C:\\Program Files\\Fax Desktop\\Fax Desktop.exe");
    expect(script).toContain("GetFolderPath('SendTo')");
    expect(script).toContain("$shortcut.TargetPath = 'C:\\Program Files\\Fax Desktop\\Fax Desktop.exe'");
  });
});
