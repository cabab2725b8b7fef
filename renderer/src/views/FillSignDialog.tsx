/**
 * Fill & sign a received fax: type on it, tick boxes, add today's date and the signature drawn once on this
 * computer, each placed with a click and moved by dragging (or the arrow keys). The copy is made by main with all
 * of it drawn into the pages, so every fax machine prints it; the fax itself stays as it arrived. The copy is then
 * faxed back to the sender (the guard checks the number, the two faxes are linked), sent to someone else, or saved.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { FaxDetail, FillItem, SignatureInk, StagedFile } from '../../../preload/models';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { openFaxDocument } from '../data/fax-document';
import { savePageDocument } from '../data/faxes';
import { fillAndSign, loadSavedSignature } from '../data/fill-sign';
import type { IpcError } from '../data/ipc';
import { renderPage } from '../pdf/pdf-engine';
import { currentLocale, t } from '../i18n';
import { ForwardDialog } from './ForwardDialog';
import { SignaturePad } from './SignaturePad';

type Tool = 'text' | 'date' | 'check' | 'signature';
type Box = [number, number, number, number];
type Placed = FillItem & { id: number };

/** Text is this tall on the page (a share of its height: about 12 points on a Letter page). */
const textHeight = 0.02;
const checkSize = 0.022;
const signatureHeight = 0.06;
const pageWidthPx = 600;

/** How wide the text is on the page, in pixels, measured in the same font as it is shown (a hidden element). */
function textWidth(text: string, heightPx: number): number {
  const probe = document.createElement('span');
  probe.className = 'fill-measure';
  probe.style.fontSize = `${String(heightPx * 0.8)}px`;
  probe.textContent = text || ' ';
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width + heightPx * 0.2;
}

function SignatureInkView({ ink }: { ink: SignatureInk }) {
  return (
    <svg viewBox={`0 0 ${String(ink.aspect * 100)} 100`} preserveAspectRatio="xMidYMid meet" width="100%" height="100%" aria-hidden="true">
      {ink.strokes.map((stroke, index) => (
        <polyline key={index} points={stroke.map(([x, y]) => `${String(x * ink.aspect * 100)},${String(y * 100)}`).join(' ')} fill="none" stroke="#000" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}

export function FillSignDialog({ detail, onClose }: { detail: FaxDetail; onClose: () => void }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageHeightPx, setPageHeightPx] = useState(pageWidthPx * (11 / 8.5));
  const [tool, setTool] = useState<Tool | null>('text');
  const [items, setItems] = useState<Placed[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [signature, setSignature] = useState<SignatureInk | null>(null);
  const [drawingSignature, setDrawingSignature] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<{ file: StagedFile; answer: boolean } | null>(null);
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
    return () => {
      cancelled = true;
      void current?.destroy();
    };
  }, [detail.id]);

  useEffect(() => {
    const target = canvas;
    if (!pdf || !target) return;
    let task: { cancel(): void } | null = null;
    let cancelled = false;
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled) return;
      const viewport = page.getViewport({ scale: 1, rotation: page.rotate });
      const scale = pageWidthPx / viewport.width;
      setPageHeightPx(viewport.height * scale);
      const rendered = renderPage(page, target, scale, 0);
      task = rendered.task;
      rendered.done.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, canvas]);

  const place = (event: PointerEvent<HTMLDivElement>) => {
    if (!tool || event.target !== event.currentTarget) return;
    // The new item takes the focus (a text field), not the page under it.
    event.preventDefault();
    setProblem(null);
    const frame = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - frame.left) / frame.width;
    const y = (event.clientY - frame.top) / frame.height;
    const id = nextId.current++;
    const fit = (left: number, top: number, width: number, height: number): Box => {
      const l = Math.min(Math.max(0, left), 1 - width);
      const t2 = Math.min(Math.max(0, top - height / 2), 1 - height);
      return [l, t2, l + width, t2 + height];
    };
    if (tool === 'signature') {
      if (!signature) {
        setDrawingSignature(true);
        return;
      }
      const width = (signatureHeight * pageHeightPx * signature.aspect) / pageWidthPx;
      setItems((current) => [...current, { id, kind: 'signature', page: pageNumber, box: fit(x, y, width, signatureHeight) }]);
    } else if (tool === 'check') {
      const width = (checkSize * pageHeightPx) / pageWidthPx;
      setItems((current) => [...current, { id, kind: 'check', page: pageNumber, box: fit(x - width / 2, y, width, checkSize) }]);
    } else {
      const text = tool === 'date' ? new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()) : '';
      const width = Math.max(textWidth(text, textHeight * pageHeightPx), 40) / pageWidthPx;
      setItems((current) => [...current, { id, kind: 'text', page: pageNumber, box: fit(x, y, width, textHeight), text }]);
      if (tool === 'text') setEditing(id);
    }
    setSelected(id);
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

  const move = (id: number, dx: number, dy: number, absolute?: { left: number; top: number }) =>
    setItems((current) =>
      current.map((item) => {
        if (item.id !== id) return item;
        const [left, top, right, bottom] = item.box;
        const width = right - left;
        const height = bottom - top;
        const newLeft = Math.min(Math.max(0, absolute ? absolute.left : left + dx), 1 - width);
        const newTop = Math.min(Math.max(0, absolute ? absolute.top : top + dy), 1 - height);
        return { ...item, box: [newLeft, newTop, newLeft + width, newTop + height] };
      }),
    );

  const onKeyDown = (event: KeyboardEvent) => {
    if (selected === null || editing !== null) return;
    const step = event.shiftKey ? 0.02 : 0.004;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = moves[event.key];
    if (delta) {
      event.preventDefault();
      move(selected, delta[0], delta[1]);
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

  const close = useCallback(() => onClose(), [onClose]);
  const stopSending = useCallback(() => setSending(null), []);
  const closePad = useCallback(() => setDrawingSignature(false), []);

  if (sending) {
    const to = sending.answer && detail.counterpart ? [{ number: detail.counterpart, name: detail.counterpartName ?? detail.senderName ?? undefined }] : [];
    return <ForwardDialog faxId={detail.id} onClose={stopSending} document={{ fileId: sending.file.id, pages: sending.file.pages }} to={to} answer={sending.answer} />;
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
  const tools: Array<{ id: Tool; label: string }> = [
    { id: 'text', label: t('fillSign.text') },
    { id: 'date', label: t('fillSign.todaysDate') },
    { id: 'check', label: t('fillSign.checkMark') },
    { id: 'signature', label: t('fillSign.signature') },
  ];
  return (
    <Dialog
      title={t('fillSign.fillAndSign', { reference: detail.reference })}
      onClose={close}
      wide
      footer={
        <>
          <button type="button" className="button" onClick={close}>{t('pageTools.close')}</button>
          <button type="button" className="button" disabled={busy} onClick={() => void make().then((file) => file && savePageDocument(file.id))}>{t('pageTools.saveAsPdf')}</button>
          <button type="button" className="button" disabled={busy} onClick={() => void make().then((file) => file && setSending({ file, answer: false }))}>{t('fillSign.sendTo')}</button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void make().then((file) => file && setSending({ file, answer: true }))}>
            {detail.counterpart ? t('fillSign.faxBackTo', { number: detail.counterpartName ?? detail.counterpart }) : t('fillSign.faxBack')}
          </button>
        </>
      }
    >
      <div className="row fill-tools" role="toolbar" aria-label={t('fillSign.tools')}>
        {tools.map((choice) => (
          <button key={choice.id} type="button" className="button button-small" aria-pressed={tool === choice.id} onClick={() => (choice.id === 'signature' && !signature ? setDrawingSignature(true) : setTool(choice.id))}>
            {choice.label}
          </button>
        ))}
        <button type="button" className="button button-small" onClick={() => setDrawingSignature(true)}>{signature ? t('fillSign.drawAgain') : t('fillSign.drawSignature')}</button>
        <span className="nav-spacer" />
        <button type="button" className="button button-small" disabled={selected === null} onClick={() => selected !== null && remove(selected)}>{t('fillSign.remove')}</button>
        <button type="button" className="button button-small" disabled={pageNumber <= 1} onClick={() => setPageNumber((value) => value - 1)} aria-label={t('preflight.previousPage')}>‹</button>
        <span className="field-hint" data-testid="fill-page">{t('fillSign.pageOf', { page: pageNumber, count: pageCount })}</span>
        <button type="button" className="button button-small" disabled={pageNumber >= pageCount} onClick={() => setPageNumber((value) => value + 1)} aria-label={t('preflight.nextPage')}>›</button>
      </div>
      <p className="field-hint">{tool ? t('fillSign.clickToPlace') : t('fillSign.pickATool')}</p>
      <div className="fill-page-scroll">
        <div className="fill-page" style={{ width: pageWidthPx, height: pageHeightPx }} tabIndex={0} onKeyDown={onKeyDown} aria-label={t('fillSign.pageArea', { page: pageNumber })}>
          <canvas ref={setCanvas} aria-hidden="true" />
          <div
            className="fill-overlay"
            data-testid="fill-overlay"
            onPointerDown={place}
            onPointerMove={(event) => {
              const drag = dragging.current;
              if (!drag) return;
              const frame = event.currentTarget.getBoundingClientRect();
              move(drag.id, 0, 0, { left: (event.clientX - frame.left) / frame.width - drag.dx, top: (event.clientY - frame.top) / frame.height - drag.dy });
            }}
            onPointerUp={() => {
              dragging.current = null;
            }}
          >
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
                    {item.kind === 'text' ? (
                      editing === item.id ? (
                        <input
                          className="fill-text-input"
                          autoFocus
                          value={item.text}
                          aria-label={t('fillSign.textOnThePage')}
                          style={{ fontSize: textHeight * pageHeightPx * 0.8 }}
                          onChange={(event) => setText(item.id, event.target.value)}
                          onBlur={() => {
                            setEditing(null);
                            if (item.text.trim() === '') remove(item.id);
                          }}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter' || event.key === 'Escape') (event.target as HTMLInputElement).blur();
                          }}
                        />
                      ) : (
                        <span style={{ fontSize: textHeight * pageHeightPx * 0.8 }}>{item.text}</span>
                      )
                    ) : item.kind === 'check' ? (
                      <svg viewBox="0 0 10 10" width="100%" height="100%" aria-label={t('fillSign.checkMark')}>
                        <polyline points="1.2,5.5 4,8.5 9,1.5" fill="none" stroke="#000" strokeWidth={1.2} strokeLinecap="round" />
                      </svg>
                    ) : signature ? (
                      <SignatureInkView ink={signature} />
                    ) : null}
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
