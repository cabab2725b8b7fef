/**
 * Page tools on a received fax or on a PDF or TIFF in compose: pick pages by their thumbnails or by typing ("1-3, 5"), turn
 * them, take them out, add the pages of another received fax, then save the result as a PDF or fax it — or split it
 * into several documents ("1-3; 4-6; 7-"), each saved or faxed on its own. For a compose file, the result takes the
 * file's place in the fax instead. Main makes every document (the fax's own and the compose file are never
 * changed); nothing here is kept until it is saved, sent or put in the fax.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { FaxSummary, PageDocumentRequest, PagePick, StagedFile } from '../../../preload/models';
import type { FaxId } from '../../../preload/fax-id';
import { readPageList } from '../../../preload/page-list';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { useAskBeforeClosing } from '../hooks/useAskBeforeClosing';
import { ErrorNotice } from '../components/ErrorNotice';
import { type ComposeFile } from '../data/compose';
import { fileBytes } from '../data/compose-files';
import { openFaxDocument } from '../data/fax-document';
import { makePageDocuments, readFileAsPdf, recentReceivedFaxes, savePageDocument } from '../data/faxes';
import type { IpcError } from '../data/ipc';
import { openPdf, renderPage } from '../pdf/pdf-engine';
import { planSignature, splitPlan } from '../data/page-plan';
import type { IntakePart } from '../../../preload/intake';
import { kindName } from '../intake/intake-words';
import { rangesText, suggestedSplit } from '../intake/split-suggestion';
import { say, t } from '../i18n';
import { who } from '../lists/FaxRows';
import { ForwardDialog } from './ForwardDialog';

type Turn = 0 | 90 | 180 | 270;

/** What the tools work on: a received fax, or a PDF file of the draft in compose. */
/** A received fax may carry intake's suggested parts (a batch of several patients or documents). */
export type PageToolsSubject = { kind: 'fax'; faxId: FaxId; reference: string; parts?: readonly IntakePart[] | undefined } | { kind: 'file'; file: ComposeFile };

type Origin = { faxId: FaxId } | { fileId: string };

interface PageEntry {
  key: string;
  /** The document the page comes from (a key of the opened documents). */
  source: string;
  origin: Origin;
  reference: string;
  page: number;
  turn: Turn;
}

const sourceKey = (origin: Origin): string => ('faxId' in origin ? `fax:${origin.faxId}` : `file:${origin.fileId}`);

async function openSubjectFile(file: ComposeFile): Promise<PDFDocumentProxy> {
  // A TIFF's pages are drawn from the PDF main makes of them: the same pages the tools will cut and turn.
  const read = file.kind === 'tiff' ? await readFileAsPdf(file.id) : await fileBytes(file);
  if ('error' in read) throw new Error(read.error.message);
  return openPdf(read.bytes);
}

interface MadeDocument {
  file: StagedFile;
  label: string;
}

function PageThumb({ document, page, turn }: { document: PDFDocumentProxy; page: number; turn: Turn }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    void document.getPage(page).then((proxy) => {
      if (cancelled) return;
      const width = proxy.getViewport({ scale: 1, rotation: (proxy.rotate + turn) % 360 }).width;
      const rendered = renderPage(proxy, target, 100 / width, turn);
      task = rendered.task;
      target.dataset.drawn = 'false';
      rendered.done.then(() => (target.dataset.drawn = 'true')).catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, turn]);
  return <canvas ref={canvas} aria-hidden="true" />;
}

const turned = (turn: Turn, by: 90 | 270): Turn => ((turn + by) % 360) as Turn;

/** A suggested part's patient: a name read unsurely carries a question mark (check it before naming a document). */
function partName(part: IntakePart): string {
  if (part.patient === null) return t('pageTools.patientNotRead');
  return part.patientSure === true ? part.patient : `${part.patient} ?`;
}

/**
 * `onUse` (a compose file): the made documents go in the file's place; it returns why that was refused (the
 * documents are released then), or null.
 */
export function PageToolsDialog({ subject, onClose, onUse }: { subject: PageToolsSubject; onClose: () => void; onUse?: (files: StagedFile[]) => string | null }) {
  const [documents, setDocuments] = useState<ReadonlyMap<string, PDFDocumentProxy>>(new Map());
  const [entries, setEntries] = useState<PageEntry[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectText, setSelectText] = useState('');
  const [splitText, setSplitText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  /** The documents of the last split, with the plan they were made from (the grid may have changed since). */
  const [made, setMade] = useState<{ signature: string; documents: MadeDocument[] } | null>(null);
  const [faxing, setFaxing] = useState<StagedFile | null>(null);
  const [others, setOthers] = useState<FaxSummary[]>([]);
  const opened = useRef(new Map<string, PDFDocumentProxy>());
  // The subject as the dialog opened: a compose file's object changes as pre-flight reports on it.
  const [opening] = useState(subject);
  const onFile = opening.kind === 'file';
  const faxId = opening.kind === 'fax' ? opening.faxId : null;
  const file = opening.kind === 'file' ? opening.file : null;
  const title = opening.kind === 'fax' ? opening.reference : opening.file.name;
  const subjectSource = opening.kind === 'fax' ? sourceKey({ faxId: opening.faxId }) : sourceKey({ fileId: opening.file.id });
  /** The pages' arrangement (which, in what order, turned how) when they were last made into a document (null: never). */
  const [kept, setKept] = useState<string | null>(null);
  const arrangement = useMemo(() => JSON.stringify(entries.map((entry) => [entry.source, entry.page, entry.turn])), [entries]);
  // Never made into one: changed is anything but the subject's own pages, in order, unturned.
  const asOpened = entries.every((entry, index) => entry.source === subjectSource && entry.page === index + 1 && entry.turn === 0);
  const { close, asking, stopAsking } = useAskBeforeClosing(kept === null ? !asOpened : arrangement !== kept, onClose);

  const addDocument = useCallback(async (origin: Origin, label: string, open: () => Promise<PDFDocumentProxy>) => {
    const source = sourceKey(origin);
    try {
      const document = opened.current.get(source) ?? (await open());
      opened.current.set(source, document);
      setDocuments(new Map(opened.current));
      setEntries((current) => [
        ...current,
        ...Array.from({ length: document.numPages }, (_, index): PageEntry => ({ key: `${source}:${String(index + 1)}:${String(current.length + index)}`, source, origin, reference: label, page: index + 1, turn: 0 })),
      ]);
    } catch (failure) {
      setProblem(failure instanceof Error && failure.message ? failure.message : t('pdfEngine.thisPdfCouldNot'));
    }
  }, []);

  useEffect(() => {
    if (faxId !== null) void addDocument({ faxId }, title, () => openFaxDocument(faxId));
    else if (file) void addDocument({ fileId: file.id }, title, () => openSubjectFile(file));
    void recentReceivedFaxes().then((items) => setOthers(items.filter((item) => item.id !== faxId)));
    const documents = opened.current;
    return () => {
      for (const document of documents.values()) void document.destroy();
    };
  }, [faxId, file, title, addDocument]);

  const chosen = useMemo(() => entries.filter((entry) => selected.has(entry.key)), [entries, selected]);
  const requestOf = (list: readonly PageEntry[]): PageDocumentRequest => ({ pages: list.map((entry): PagePick => ({ ...entry.origin, page: entry.page, turn: entry.turn })) });

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const selectTyped = () => {
    const read = readPageList(selectText, entries.length);
    if (!read.ok) {
      setProblem(say(read.message));
      return;
    }
    setProblem(null);
    setSelected(new Set(read.indexes.map((index) => entries[index]?.key ?? '')));
  };

  const turnChosen = (by: 90 | 270) => setEntries((current) => current.map((entry) => (selected.has(entry.key) ? { ...entry, turn: turned(entry.turn, by) } : entry)));

  const removeChosen = () => {
    if (chosen.length === entries.length) {
      setProblem(t('pageTools.cannotRemoveAll'));
      return;
    }
    setProblem(null);
    setEntries((current) => current.filter((entry) => !selected.has(entry.key)));
    setSelected(new Set());
  };

  const make = async (parts: PageEntry[][], labels: string[]): Promise<MadeDocument[] | null> => {
    setBusy(true);
    setError(null);
    const result = await makePageDocuments(parts.map(requestOf));
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    return result.value.map((file, index) => ({ file, label: labels[index] ?? file.name }));
  };

  // The split as typed, read from the pages as they are now: a document made from the grid before an edit (a page
  // turned, taken out or added) is not this split's, and is neither listed nor sent.
  const plan = useMemo(() => (splitText.trim() === '' ? null : splitPlan(entries, splitText)), [entries, splitText]);
  // Intake's suggested parts, where their pages stand in the grid now; nothing is split until a person says so.
  const suggestion = useMemo(() => (opening.kind === 'fax' && opening.parts ? suggestedSplit(entries, subjectSource, opening.parts) : null), [entries, opening, subjectSource]);
  const current = plan?.ok ? planSignature(plan.parts) : null;
  const shownMade = made !== null && made.signature === current ? made.documents : [];
  const madeStale = made !== null && made.signature !== current;

  const split = async () => {
    // An empty field is read too: it says which pages to name.
    const checked = plan ?? splitPlan(entries, splitText);
    if (!checked.ok) {
      setProblem(say(checked.message));
      return;
    }
    setProblem(null);
    const signature = planSignature(checked.parts);
    // Made as suggested: each document is named by its patient and kind.
    const parts = suggestion !== null && splitText.trim() === suggestion.text ? suggestion.parts : null;
    const label = (part: PageEntry[], index: number): string => {
      const named = parts?.[index]?.part;
      if (!named) return t('pageTools.documentOf', { number: index + 1, pages: part.length });
      return t('pageTools.documentOfPart', { name: partName(named), kind: named.kind ? kindName(named.kind) : t('intake.kind.other'), pages: part.length });
    };
    const documents = await make(checked.parts, checked.parts.map(label));
    if (documents) {
      setMade({ signature, documents });
      setKept(arrangement);
    }
  };

  const putInFax = (files: StagedFile[]) => {
    const refused = onUse?.(files) ?? null;
    if (refused === null) return;
    setProblem(refused);
    setMade(null);
  };

  /** All the pages as one document: saved, faxed or put in the fax at once (the split's documents stay as they are). */
  const whole = async (then: 'save' | 'fax' | 'use') => {
    const documents = await make([entries], [t('pageTools.documentOf', { number: 1, pages: entries.length })]);
    const first = documents?.[0];
    if (!first) return;
    setKept(arrangement);
    if (then === 'save') await savePageDocument(first.file.id);
    else if (then === 'use') putInFax([first.file]);
    else setFaxing(first.file);
  };

  const stopFaxing = useCallback(() => setFaxing(null), []);

  if (asking) {
    return (
      <ConfirmDialog title={t('pageTools.discardTitle')} confirmLabel={t('pageTools.discard')} onCancel={stopAsking} onConfirm={onClose}>
        {t('pageTools.discardBody')}
      </ConfirmDialog>
    );
  }

  if (faxing && faxId !== null) return <ForwardDialog faxId={faxId} onClose={stopFaxing} document={{ fileId: faxing.id, pages: faxing.pages }} />;

  return (
    <Dialog
      title={t('pageTools.pagesOf', { reference: title })}
      onClose={close}
      wide
      footer={
        <>
          <button type="button" className="button" onClick={close}>{t('pageTools.close')}</button>
          <button type="button" className="button" disabled={busy || entries.length === 0} onClick={() => void whole('save')}>{t('pageTools.saveAsPdf')}</button>
          {onFile ? (
            <button type="button" className="button button-primary" disabled={busy || entries.length === 0} onClick={() => void whole('use')}>{t('pageTools.useThesePages')}</button>
          ) : (
            <button type="button" className="button button-primary" disabled={busy || entries.length === 0} onClick={() => void whole('fax')}>{t('pageTools.fax')}</button>
          )}
        </>
      }
    >
      <p className="field-hint">{t(onFile ? 'pageTools.introFile' : 'pageTools.intro')}</p>
      <div className="row" role="toolbar" aria-label={t('pageTools.pageActions')}>
        <label className="row row-small-gap">
          <span>{t('pageTools.select')}</span>
          <input className="input" value={selectText} placeholder="1-3, 5" onChange={(event) => setSelectText(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && selectTyped()} aria-label={t('pageTools.pagesToSelect')} />
        </label>
        <button type="button" className="button button-small" onClick={selectTyped}>{t('pageTools.selectThese')}</button>
        <button type="button" className="button button-small" disabled={chosen.length === 0} onClick={() => turnChosen(270)}>{t('pageTools.turnLeft')}</button>
        <button type="button" className="button button-small" disabled={chosen.length === 0} onClick={() => turnChosen(90)}>{t('pageTools.turnRight')}</button>
        <button type="button" className="button button-small button-danger" disabled={chosen.length === 0} onClick={removeChosen}>{t('pageTools.takeOut')}</button>
        {others.length > 0 ? (
          <select
            className="select"
            value=""
            aria-label={t('pageTools.addPagesOf')}
            onChange={(event) => {
              const other = others.find((item) => item.id === event.target.value);
              if (other) void addDocument({ faxId: other.id }, other.reference, () => openFaxDocument(other.id));
            }}
          >
            <option value="">{t('pageTools.addPagesOf')}</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>{`${who(other)} · ${other.reference}`}</option>
            ))}
          </select>
        ) : null}
      </div>
      <p className="field-hint" role="status" data-testid="page-tools-status">{t('pageTools.countSelected', { pages: entries.length, chosen: chosen.length })}</p>
      <div className="page-grid" data-testid="page-grid">
        {entries.map((entry, index) => {
          const document = documents.get(entry.source);
          return (
            <button key={entry.key} type="button" className="page-tile" aria-pressed={selected.has(entry.key)} onClick={() => toggle(entry.key)} data-testid="page-tile" data-turn={entry.turn}>
              {document ? <PageThumb document={document} page={entry.page} turn={entry.turn} /> : null}
              <span>{t('pdfViewer.page', { page: index + 1 })}</span>
              {entry.source !== subjectSource ? (
                <span className="page-origin">{t('pageTools.fromFax', { reference: entry.reference, page: entry.page })}</span>
              ) : entry.page !== index + 1 ? (
                <span className="page-origin">{t('pageTools.wasPage', { page: entry.page })}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      {suggestion ? (
        <div className="split-suggestion" data-testid="split-suggestion">
          <p className="field-hint">{t('pageTools.suggestedSplit')}</p>
          <ol>
            {suggestion.parts.map((suggested) => (
              <li key={suggested.part.firstPage}>
                {t(suggested.positions.length === 1 ? 'pageTools.suggestedPartOnePage' : 'pageTools.suggestedPart', { name: partName(suggested.part), kind: suggested.part.kind ? kindName(suggested.part.kind) : t('intake.kind.other'), pages: rangesText(suggested.positions) })}
              </li>
            ))}
          </ol>
          <button type="button" className="button button-small" disabled={busy || splitText === suggestion.text} onClick={() => setSplitText(suggestion.text)} data-testid="use-suggested-split">{t('pageTools.useSuggestedSplit')}</button>
        </div>
      ) : null}
      <div className="row">
        <label className="row row-small-gap">
          <span>{t('pageTools.splitInto')}</span>
          <input className="input" value={splitText} placeholder="1-3; 4-6; 7-" onChange={(event) => setSplitText(event.target.value)} aria-label={t('pageTools.splitGroups')} />
        </label>
        <button type="button" className="button button-small" disabled={busy || entries.length === 0} onClick={() => void split()}>{t('pageTools.split')}</button>
      </div>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {madeStale ? <p className="field-hint" role="status" data-testid="split-stale">{t('pageTools.splitAgain')}</p> : null}
      {shownMade.length > 0 ? (
        <div className="made-documents" aria-label={t('pageTools.madeDocuments')} data-testid="made-documents">
          {shownMade.map((document) => (
            <div key={document.file.id} className="row" data-testid="made-document">
              <span className="nav-spacer">{document.label}</span>
              <button type="button" className="button button-small" onClick={() => void savePageDocument(document.file.id)}>{t('pageTools.saveAsPdf')}</button>
              {onFile ? null : (
                <button type="button" className="button button-small" onClick={() => setFaxing(document.file)}>{t('pageTools.fax')}</button>
              )}
            </div>
          ))}
          {onFile ? (
            <button type="button" className="button button-small button-primary" onClick={() => putInFax(shownMade.map((document) => document.file))}>{t('pageTools.useTheParts', { count: shownMade.length })}</button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
