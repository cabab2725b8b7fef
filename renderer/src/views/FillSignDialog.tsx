/**
 * Fill & sign a received fax: type on it, tick boxes, add today's date, the signature drawn once and the stamp
 * image chosen once on this computer, each placed with a click (or Enter) and moved by dragging (or the arrow
 * keys); highlight words by dragging over them, draw on the page freehand. The copy is made by main with all of it
 * drawn into the pages, so every fax machine prints it; the fax itself stays as it arrived. The copy is then
 * faxed back to the sender (the guard checks the number, the two faxes are linked), sent to someone else, or saved.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { stampImageMaxBytes } from '../../../preload/fax-limits';
import type { FaxDetail, FillItem, SignatureInk, StagedFile, StampImage } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { openFaxDocument } from '../data/fax-document';
import { savePageDocument } from '../data/faxes';
import { fillAndSign, loadSavedSignature, loadSavedStamp, saveStamp } from '../data/fill-sign';
import type { IpcError } from '../data/ipc';
import { currentLocale, t } from '../i18n';
import { ForwardDialog } from './ForwardDialog';
import { SignaturePad } from './SignaturePad';
import { boxAt, highlightFromDrag, inkFromPoints, moveBox, resizeBox, type Box, type Point } from '../fill/fill-geometry';
import { SketchView } from '../fill/FillMarks';
import { FillItemContent, textHeight, textWidth } from '../fill/FillItemContent';
import { useDrawnPage, useStampUrl } from '../fill/use-fill-page';
import { useAskBeforeClosing } from '../hooks/useAskBeforeClosing';
import { FillSignFooter } from '../fill/FillSignFooter';
import { checkSize, fillTools, inkPad, pageWidthPx, signatureHeight, stampHeight, type Placed, type Sketch, type Tool } from '../fill/fill-tools';

export function FillSignDialog({ detail, onClose }: { detail: FaxDetail; onClose: () => void }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [tool, setTool] = useState<Tool | null>('text');
  const [items, setItems] = useState<Placed[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [signature, setSignature] = useState<SignatureInk | null>(null);
  const [stamp, setStamp] = useState<StampImage | null>(null);
  const [sketch, setSketch] = useState<Sketch | null>(null);
  const stampInput = useRef<HTMLInputElement>(null);
  const [drawingSignature, setDrawingSignature] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<{ file: StagedFile; to: Array<{ number: string; name?: string | undefined }>; answer?: boolean } | null>(null);
  // A state, not a ref: the canvas is made again after the signature pad or the send dialog had the screen.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const nextId = useRef(1);
  const dragging = useRef<{ id: number; dx: number; dy: number } | null>(null);

  useEffect(() => {
    let current: PDFDocumentProxy | null = null;
    let cancelled = false;
    void openFaxDocument(detail.id).then(
      (opened) => {
        current = opened;
        if (cancelled) void opened.destroy();
        else setPdf(opened);
      },
      (failure: unknown) => !cancelled && setProblem(failure instanceof Error ? failure.message : t('pdfEngine.thisPdfCouldNot')),
    );
    void loadSavedSignature().then((ink) => !cancelled && setSignature(ink));
    void loadSavedStamp().then((image) => !cancelled && setStamp(image));
    return () => {
      cancelled = true;
      void current?.destroy();
    };
  }, [detail.id]);

  const pageHeightPx = useDrawnPage(pdf, pageNumber, canvas, pageWidthPx);
  const stampUrl = useStampUrl(stamp);

  /** A highlight a line of text tall, as wide as a few words: what a click or Enter marks without a drag. */
  const highlightSize = { width: 0.25, height: textHeight * 1.3 };

  const add = (item: FillItem) => {
    const id = nextId.current++;
    setItems((current) => [...current, { ...item, id }]);
    setSelected(id);
    return id;
  };

  /** Places the tool's item with its left edge at x and its middle at y (shares of the page). */
  const placeAt = (x: number, y: number) => {
    if (!tool) return;
    setProblem(null);
    if (tool === 'signature') {
      if (!signature) {
        setDrawingSignature(true);
        return;
      }
      const width = (signatureHeight * pageHeightPx * signature.aspect) / pageWidthPx;
      add({ kind: 'signature', page: pageNumber, box: boxAt(x, y, width, signatureHeight) });
    } else if (tool === 'stamp') {
      if (!stamp) {
        stampInput.current?.click();
        return;
      }
      const width = (stampHeight * pageHeightPx * (stamp.width / stamp.height)) / pageWidthPx;
      add({ kind: 'stamp', page: pageNumber, box: boxAt(x, y, Math.min(width, 0.9), stampHeight) });
    } else if (tool === 'check') {
      const width = (checkSize * pageHeightPx) / pageWidthPx;
      add({ kind: 'check', page: pageNumber, box: boxAt(x - width / 2, y, width, checkSize) });
    } else if (tool === 'highlight') {
      add({ kind: 'highlight', page: pageNumber, box: highlightFromDrag([x, y], [x, y], highlightSize) });
    } else if (tool === 'text' || tool === 'date') {
      const text = tool === 'date' ? new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()) : '';
      const width = Math.max(textWidth(text, textHeight * pageHeightPx), 40) / pageWidthPx;
      const id = add({ kind: 'text', page: pageNumber, box: boxAt(x, y, width, textHeight), text });
      if (tool === 'text') setEditing(id);
    }
  };

  const pointOf = (event: PointerEvent<HTMLDivElement>): Point => {
    const frame = event.currentTarget.getBoundingClientRect();
    return [(event.clientX - frame.left) / frame.width, (event.clientY - frame.top) / frame.height];
  };

  const place = (event: PointerEvent<HTMLDivElement>) => {
    if (!tool || event.target !== event.currentTarget) return;
    // The new item takes the focus (a text field), not the page under it.
    event.preventDefault();
    const point = pointOf(event);
    if (tool === 'highlight' || tool === 'ink') {
      event.currentTarget.setPointerCapture(event.pointerId);
      setProblem(null);
      setSketch(tool === 'ink' ? { kind: 'ink', points: [point] } : { kind: 'highlight', start: point, end: point });
      return;
    }
    placeAt(point[0], point[1]);
  };

  const finishSketch = () => {
    if (!sketch) return;
    setSketch(null);
    if (sketch.kind === 'highlight') {
      add({ kind: 'highlight', page: pageNumber, box: highlightFromDrag(sketch.start, sketch.end, highlightSize) });
      return;
    }
    const stroke = inkFromPoints(sketch.points, inkPad);
    if (stroke) add({ kind: 'ink', page: pageNumber, ...stroke });
  };

  const chooseStamp = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > stampImageMaxBytes) {
      setProblem(t('fillSign.stampTooLarge', { megabytes: stampImageMaxBytes / (1024 * 1024) }));
      return;
    }
    const result = await saveStamp(new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) {
      setProblem(result.error.message);
      return;
    }
    setProblem(null);
    setStamp(result.value);
    setTool('stamp');
  };

  const setText = (id: number, text: string) =>
    setItems((current) =>
      current.map((item) => {
        if (item.id !== id || item.kind !== 'text') return item;
        const [left, top, , bottom] = item.box;
        const width = Math.min(1 - left, Math.max(textWidth(text, textHeight * pageHeightPx), 40) / pageWidthPx);
        return { ...item, text, box: [left, top, left + width, bottom] };
      }),
    );

  const remove = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
    setSelected(null);
    setEditing(null);
  }, []);

  const reshape = (id: number, change: (box: Box) => Box) => setItems((current) => current.map((item) => (item.id === id ? { ...item, box: change(item.box) } : item)));

  const onKeyDown = (event: KeyboardEvent) => {
    if (editing !== null || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && tool && tool !== 'ink') {
      // The keyboard's way to place: the middle of the page, then the arrow keys move it.
      event.preventDefault();
      placeAt(0.4, 0.5);
      return;
    }
    if (selected === null) return;
    const step = event.shiftKey ? 0.02 : 0.004;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = moves[event.key];
    const resizable = items.find((item) => item.id === selected)?.kind !== 'text';
    if (delta && event.altKey && resizable) {
      event.preventDefault();
      reshape(selected, (box) => resizeBox(box, delta[0], delta[1]));
    } else if (delta) {
      event.preventDefault();
      reshape(selected, (box) => moveBox(box, delta[0], delta[1]));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(selected);
    }
  };

  const finished = items.filter((item) => item.kind !== 'text' || item.text.trim() !== '');

  const make = async (): Promise<StagedFile | null> => {
    if (finished.length === 0) {
      setProblem(t('fillSign.nothingPlacedYet'));
      return null;
    }
    setBusy(true);
    setError(null);
    setProblem(null);
    const result = await fillAndSign(detail.id, finished.map(({ id: _id, ...item }) => (item.kind === 'text' ? { ...item, text: item.text.trim() } : item)));
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    return result.value;
  };

  /** What was placed when it was last saved or sent: closing with anything else placed asks first. */
  const [kept, setKept] = useState('[]');
  const placed = JSON.stringify(items);
  const { close, asking: askingToClose, stopAsking } = useAskBeforeClosing(items.length > 0 && placed !== kept, onClose);
  const stopSending = useCallback(() => setSending(null), []);
  const closePad = useCallback(() => setDrawingSignature(false), []);

  if (askingToClose) {
    return (
      <ConfirmDialog title={t('fillSign.discardTitle')} confirmLabel={t('fillSign.discard')} onCancel={stopAsking} onConfirm={onClose}>
        {t('fillSign.discardBody', { count: items.length })}
      </ConfirmDialog>
    );
  }
  if (sending) {
    return <ForwardDialog faxId={detail.id} onClose={stopSending} document={{ fileId: sending.file.id, pages: sending.file.pages }} to={sending.to} answer={sending.answer === true} />;
  }
  if (drawingSignature) {
    return (
      <SignaturePad
        onClose={closePad}
        onSaved={(ink) => {
          setSignature(ink);
          setDrawingSignature(false);
          setTool('signature');
        }}
      />
    );
  }

  const pageCount = pdf?.numPages ?? detail.pages ?? 1;
  const pick = (choice: Tool) => {
    if (choice === 'signature' && !signature) setDrawingSignature(true);
    else if (choice === 'stamp' && !stamp) stampInput.current?.click();
    else setTool(choice);
  };
  const hint = tool === 'highlight' ? t('fillSign.dragToHighlight') : tool === 'ink' ? t('fillSign.drawOnPage') : tool ? t('fillSign.clickToPlace') : t('fillSign.pickATool');
  return (
    <Dialog
      title={t('fillSign.fillAndSign', { reference: detail.reference })}
      onClose={close}
      wide
      footer={
        <FillSignFooter
          detail={detail}
          busy={busy}
          onClose={close}
          onSave={() => void make().then((file) => file && savePageDocument(file.id).then((saved) => saved && setKept(placed)))}
          onSendTo={() => void make().then((file) => file && setSending({ file, to: [] }))}
          onFaxBack={(choice) => void make().then((file) => file && setSending({ file, to: choice ? [{ number: choice.e164, name: choice.name ?? undefined }] : [], answer: true }))}
        />
      }
    >
      <div className="row fill-tools" role="toolbar" aria-label={t('fillSign.tools')}>
        {fillTools().map((choice) => (
          <button key={choice.id} type="button" className="button button-small" aria-pressed={tool === choice.id} onClick={() => pick(choice.id)}>
            {choice.label}
          </button>
        ))}
      </div>
      <div className="row fill-tools">
        <button type="button" className="button button-small" onClick={() => setDrawingSignature(true)}>{signature ? t('fillSign.drawAgain') : t('fillSign.drawSignature')}</button>
        <button type="button" className="button button-small" onClick={() => stampInput.current?.click()} title={t('fillSign.stampKept')}>{stamp ? t('fillSign.changeStamp') : t('fillSign.chooseStamp')}</button>
        <input ref={stampInput} type="file" accept="image/png,image/jpeg" hidden onChange={(event) => void chooseStamp(event)} data-testid="stamp-file" />
        <span className="nav-spacer" />
        <button type="button" className="button button-small" disabled={selected === null} onClick={() => selected !== null && remove(selected)}>{t('fillSign.remove')}</button>
        <button type="button" className="button button-small" disabled={pageNumber <= 1} onClick={() => setPageNumber((value) => value - 1)} aria-label={t('preflight.previousPage')}>‹</button>
        <span className="field-hint" data-testid="fill-page">{t('fillSign.pageOf', { page: pageNumber, count: pageCount })}</span>
        <button type="button" className="button button-small" disabled={pageNumber >= pageCount} onClick={() => setPageNumber((value) => value + 1)} aria-label={t('preflight.nextPage')}>›</button>
      </div>
      <p className="field-hint" data-testid="fill-hint">{hint}</p>
      <div className="fill-page-scroll">
        <div className="fill-page" style={{ width: pageWidthPx, height: pageHeightPx }} tabIndex={0} onKeyDown={onKeyDown} aria-label={t('fillSign.pageArea', { page: pageNumber })}>
          <canvas ref={setCanvas} aria-hidden="true" />
          <div
            className="fill-overlay"
            data-testid="fill-overlay"
            onPointerDown={place}
            onPointerMove={(event) => {
              if (sketch) {
                const point = pointOf(event);
                setSketch(sketch.kind === 'ink' ? { ...sketch, points: [...sketch.points, point] } : { ...sketch, end: point });
                return;
              }
              const drag = dragging.current;
              if (!drag) return;
              const [x, y] = pointOf(event);
              reshape(drag.id, (box) => moveBox(box, 0, 0, { left: x - drag.dx, top: y - drag.dy }));
            }}
            onPointerUp={() => {
              dragging.current = null;
              finishSketch();
            }}
            onPointerCancel={() => {
              dragging.current = null;
              setSketch(null);
            }}
          >
            {sketch ? <SketchView sketch={sketch} highlightSize={highlightSize} /> : null}
            {items
              .filter((item) => item.page === pageNumber)
              .map((item) => {
                const [left, top, right, bottom] = item.box;
                const style = { left: `${String(left * 100)}%`, top: `${String(top * 100)}%`, width: `${String((right - left) * 100)}%`, height: `${String((bottom - top) * 100)}%` };
                return (
                  <div
                    key={item.id}
                    className={`fill-item fill-${item.kind}${selected === item.id ? ' selected' : ''}`}
                    style={style}
                    data-testid="fill-item"
                    data-kind={item.kind}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      setSelected(item.id);
                      if (editing === item.id) return;
                      // The page keeps the keyboard (arrow keys move the item, Delete removes it).
                      event.preventDefault();
                      event.currentTarget.closest<HTMLElement>('.fill-page')?.focus();
                      const frame = event.currentTarget.parentElement?.getBoundingClientRect();
                      if (frame) dragging.current = { id: item.id, dx: (event.clientX - frame.left) / frame.width - left, dy: (event.clientY - frame.top) / frame.height - top };
                    }}
                    onDoubleClick={() => item.kind === 'text' && setEditing(item.id)}
                  >
                    <FillItemContent
                      item={item}
                      editing={editing === item.id}
                      signature={signature}
                      stampUrl={stampUrl}
                      pageHeightPx={pageHeightPx}
                      onText={(text) => setText(item.id, text)}
                      onDoneEditing={() => {
                        setEditing(null);
                        if (item.kind === 'text' && item.text.trim() === '') remove(item.id);
                      }}
                    />
                  </div>
                );
              })}
          </div>
        </div>
      </div>
      <p className="field-hint">{t('fillSign.itemsPlaced', { count: finished.length })}</p>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
    </Dialog>
  );
}
