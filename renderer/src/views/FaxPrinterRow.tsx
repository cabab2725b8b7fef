import { useState } from 'react';
import type { FaxPrinterState } from '../../../preload/automation';
import { changeFaxPrinter } from '../data/automation';
import { toast } from '../data/toasts';
import { t } from '../i18n';

/** A saved hot folder's "Fax Desktop" printer (Linux) or PDF-menu entry (macOS): whether it has one, adding, removing. */
export function FaxPrinterRow({ hotFolderId, state }: { hotFolderId: string; state: FaxPrinterState | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!state) return null;
  const printer = state.printers.find((candidate) => candidate.hotFolderId === hotFolderId);
  const headingId = `fax-printer-${hotFolderId}`;
  // macOS: an entry in the Print dialog's PDF menu (no administrator's permission is asked).
  const pdfMenu = state.kind === 'pdfServices';

  const change = async (what: 'add' | 'remove') => {
    setBusy(true);
    setProblem(null);
    try {
      const refused = await changeFaxPrinter(what, hotFolderId);
      setProblem(refused?.message ?? null);
      if (!refused) toast('info', t(what === 'add' ? 'hotFolderSettings.printerAdded' : 'hotFolderSettings.printerRemoved'));
    } finally {
      setBusy(false);
    }
  };

  const status = !state.supported
    ? state.problem
    : !printer
      ? t('hotFolderSettings.noPrinter')
      : printer.folderMatches
        ? t('hotFolderSettings.printerSetUp', { queue: printer.queue })
        : t('hotFolderSettings.printerMoved', { queue: printer.queue });

  return (
    <section className="fax-printer" aria-labelledby={headingId} data-testid="fax-printer">
      <h4 id={headingId}>{t(pdfMenu ? 'hotFolderSettings.pdfMenuEntry' : 'hotFolderSettings.printer')}</h4>
      <p className="field-hint" role="status">{busy && !pdfMenu ? t('hotFolderSettings.askingPermission') : status}</p>
      {state.supported ? (
        <>
          <p className="field-hint">{t(pdfMenu ? 'hotFolderSettings.pdfMenuHint' : 'hotFolderSettings.printerHint')}</p>
          <div className="row">
            {!printer || !printer.folderMatches ? (
              <button type="button" className="button" disabled={busy} onClick={() => void change('add')}>
                {t(printer ? 'hotFolderSettings.addPrinterAgain' : pdfMenu ? 'hotFolderSettings.addPdfMenuEntry' : 'hotFolderSettings.addPrinter')}
              </button>
            ) : null}
            {printer ? (
              <button type="button" className="button" disabled={busy} onClick={() => void change('remove')}>
                {t(pdfMenu ? 'hotFolderSettings.removePdfMenuEntry' : 'hotFolderSettings.removePrinter')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </section>
  );
}
