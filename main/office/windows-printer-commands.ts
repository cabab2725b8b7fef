/**
 * The PowerShell the app runs on Windows for print to fax: a "Fax Desktop" printer on Windows' own "Microsoft
 * Print To PDF" driver whose port is this app's named pipe (print-job-receiver.ts), added and removed with the
 * administrator's permission (an elevated PowerShell: Windows asks), the printers that exist listed without it, and
 * "Send to → Fax Desktop" in Explorer (a shortcut in the user's SendTo folder). Every name is quoted as a
 * PowerShell literal; the elevated script travels base64-encoded, so nothing in it is re-read by a shell.
 */

/** A PowerShell single-quoted literal (a quote inside is doubled). */
export function psQuote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export const printToPdfDriver = 'Microsoft Print To PDF';
export const pipePrefix = '\\\\.\\pipe\\FaxDesktop-';

export function addPrinterScript(printer: { name: string; pipe: string }): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    `if (-not (Get-PrinterPort -Name ${psQuote(printer.pipe)} -ErrorAction SilentlyContinue)) { Add-PrinterPort -Name ${psQuote(printer.pipe)} }`,
    `if (Get-Printer -Name ${psQuote(printer.name)} -ErrorAction SilentlyContinue) { Remove-Printer -Name ${psQuote(printer.name)} }`,
    `Add-Printer -Name ${psQuote(printer.name)} -DriverName ${psQuote(printToPdfDriver)} -PortName ${psQuote(printer.pipe)}`,
  ].join('\n');
}

export function removePrinterScript(printer: { name: string; pipe: string }): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    `if (Get-Printer -Name ${psQuote(printer.name)} -ErrorAction SilentlyContinue) { Remove-Printer -Name ${psQuote(printer.name)} }`,
    `if (Get-PrinterPort -Name ${psQuote(printer.pipe)} -ErrorAction SilentlyContinue) { Remove-PrinterPort -Name ${psQuote(printer.pipe)} }`,
  ].join('\n');
}

/** Lists this app's printers as JSON ([{"Name":…,"PortName":…}]; one printer may come as an object). */
export function listPrintersScript(): string {
  return `Get-Printer | Where-Object { $_.PortName -like ${psQuote(`${pipePrefix}*`)} } | Select-Object Name, PortName | ConvertTo-Json -Compress`;
}

/** The printers listListPrintersScript printed, tolerant of one object instead of a list, or nothing. */
export function parsePrinterList(output: string): Array<{ name: string; pipe: string }> {
  const text = output.trim();
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const items = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { Name: name, PortName: pipe } = item as Record<string, unknown>;
    return typeof name === 'string' && typeof pipe === 'string' && pipe.startsWith(pipePrefix) ? [{ name, pipe }] : [];
  });
}

/** `-EncodedCommand`'s form: base64 of the script as UTF-16LE. */
export function encodeCommand(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

/**
 * Runs `script` in an elevated PowerShell (Windows asks the administrator) and exits with its exit code; declining
 * the prompt is exit code 1223 (ERROR_CANCELLED).
 */
export function elevatedCommand(script: string): { command: string; args: string[] } {
  const inner = ['-NoProfile', '-NonInteractive', '-EncodedCommand', encodeCommand(script)].map(psQuote).join(',');
  const outer = [
    'try {',
    `  $p = Start-Process -FilePath 'powershell.exe' -Verb RunAs -Wait -PassThru -WindowStyle Hidden -ArgumentList ${inner}`,
    '  exit $p.ExitCode',
    '} catch { exit 1223 }',
  ].join('\n');
  return { command: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-EncodedCommand', encodeCommand(outer)] };
}

/** "Send to → Fax Desktop": a shortcut to the app in the user's SendTo folder (no permission needed). */
export function sendToShortcutScript(appPath: string): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    "$link = Join-Path ([Environment]::GetFolderPath('SendTo')) 'Fax Desktop.lnk'",
    '$shortcut = (New-Object -ComObject WScript.Shell).CreateShortcut($link)',
    `$shortcut.TargetPath = ${psQuote(appPath)}`,
    "$shortcut.Description = 'Fax Desktop'",
    '$shortcut.Save()',
  ].join('\n');
}
