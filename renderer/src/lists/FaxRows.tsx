/**
 * The virtualised fax list: fixed-height rows, only those in view (plus a margin) are in the DOM, so 50,000 faxes
 * scroll like 50. Keyboard: ↓/↑ or J/K move, Home/End jump, Enter opens.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FaxSummary, TextHit } from '../../../preload/models';
import { StatusChip } from '../components/StatusChip';
import { replyLabel } from '../data/replies';
import { pagesText, shortDate } from '../format';
import type { FaxWindow } from '../data/fax-window';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';
import { latestTriage, officeStore, triageStore } from '../data/office';
import type { FaxTriageSummary } from '../../../preload/office';
import { useStore } from '../data/store';
import { kindName, kindShortName } from '../intake/intake-words';
import { filingChip } from '../chart/filing-words';

export const rowHeight = 64;
/**
 * In an office a row has a third line for who is on the fax, for whom, its labels and what is not shared yet: at
 * 1024 px those chips did not fit beside the fax's own words, and the row and the detail seemed to disagree.
 */
export const officeRowHeight = 86;
const overscan = 8;

function scrollRowIntoView(node: HTMLDivElement | null, index: number, height: number): void {
  if (!node) return;
  const top = index * height;
  if (top < node.scrollTop) node.scrollTo({ top });
  else if (top + height > node.scrollTop + node.clientHeight) node.scrollTo({ top: top + height - node.clientHeight });
}

/** Who a fax is with, by the name a person knows: the contact with that number first, then what the fax says. */
/** A chip on a row: shortened with an ellipsis when the row is narrow, so it carries its whole text as a tooltip. */
function RowChip({ text, tone, testId, shrinks }: { text: string; tone?: 'success' | 'info' | 'danger'; testId?: string; shrinks?: boolean }) {
  const classes = ['chip', ...(tone ? [`chip-${tone}`] : []), ...(shrinks ? ['chip-shrinks'] : [])];
  return <span className={classes.join(' ')} title={text} data-testid={testId}>{text}</span>;
}

export function who(fax: FaxSummary): string {
  if (fax.direction === 'inbound') return fax.counterpartName ?? fax.senderName ?? fax.counterpart ?? t('faxRows.unknownSender');
  const first = fax.counterpartName ?? fax.counterpart ?? t('faxRows.noRecipient');
  // "and 2 more", not "+2": beside a fax number a plus reads as a country code.
  return fax.recipientCount > 1 ? t('faxRows.andMore', { name: first, count: fax.recipientCount - 1 }) : first;
}

/**
 * What intake read a received fax to be, after its reference and ahead of the rest of its line, which gives way
 * first. A suggestion's question mark has a box of its own, so a name cut short never hides that it is unsure.
 */
function RowKind({ fax }: { fax: FaxSummary }) {
  if (!fax.intake || fax.intake.kind === 'other') return null;
  const name = kindName(fax.intake.kind);
  const sure = fax.intake.sure;
  return (
    <span className="kind" title={sure ? name : t('faxRows.kindSuggested', { kind: name })} data-testid="row-kind">
      <span className="kind-name">{kindShortName(fax.intake.kind)}</span>
      {sure ? null : <span className="kind-unsure" aria-label={t('faxRows.kindSuggested', { kind: name })}>?</span>}
    </span>
  );
}

function what(fax: FaxSummary): string {
  // The number beside the name it was shown by (a sent fax's number, when a name stands for it above).
  const number = fax.direction === 'inbound' || fax.counterpartName ? fax.counterpart : null;
  const parts = [fax.subject, number, pagesText(fax.pages)].filter(Boolean);
  return parts.join(' · ');
}

/**
 * Who is on a received fax and who it is for, its labels, and who sent a sent fax (another person only), from the
 * office's shared triage ("You" for this person).
 */
function triageChips(triage: FaxTriageSummary | undefined, me: string | null): Array<{ text: string; tone?: 'success' | 'info' | 'danger'; first?: boolean }> {
  if (!triage) return [];
  // Said of this person in words of their own ("You're on it", "For you"): a name put in a sentence about someone
  // else reads wrong in German ("Sie bearbeitet").
  const onIt = (person: { login: string; name: string }): string => (person.login === me ? t('office.youOnIt') : t('office.onIt', { name: person.name }));
  const forWhom = (person: { login: string; name: string }): string => (person.login === me ? t('office.forYou') : t('office.forPerson', { name: person.name }));
  // `first`: shown before the desk's own marks (who is on it, and what is not shared yet, matter most to an office).
  return [
    ...(triage.pending ? [{ text: t('office.notSharedYet'), tone: 'danger' as const, first: true }] : []),
    ...(triage.claimedBy ? [{ text: onIt(triage.claimedBy), tone: 'info' as const, first: true }] : []),
    ...(triage.assignee && triage.assignee.login !== triage.claimedBy?.login ? [{ text: forWhom(triage.assignee) }] : []),
    ...triage.labels.map((label) => ({ text: label.name })),
    ...(triage.sentBy && triage.sentBy.login !== me ? [{ text: t('office.sentBy', { name: triage.sentBy.name }) }] : []),
    ...(triage.notes > 0 ? [{ text: t('office.notesCount', { count: triage.notes }) }] : []),
  ];
}

/** Where a search found the fax in its text: the page and the words around the match, the match marked. */
function TextExcerpt({ hit }: { hit: TextHit }) {
  // Main marks each match between \u0002 and \u0003.
  const parts: Array<{ text: string; match: boolean }> = [];
  for (const piece of hit.excerpt.split('\u0002')) {
    const end = piece.indexOf('\u0003');
    if (end < 0) parts.push({ text: piece, match: false });
    else parts.push({ text: piece.slice(0, end), match: true }, { text: piece.slice(end + 1), match: false });
  }
  return (
    <span className="what text-hit" data-testid="text-hit">
      {t('faxRows.foundOnPage', { page: hit.page })}{' '}
      {parts.filter((part) => part.text !== '').map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}

function results(fax: FaxSummary): string | null {
  if (fax.direction !== 'outbound' || fax.recipientCount < 2) return null;
  return t('faxRows.delivered', { deliveredCount: fax.deliveredCount, recipientCount: fax.recipientCount });
}

export function FaxRows({ window: list, selectedId, onOpen, label }: { window: FaxWindow; selectedId: FaxId | null; onOpen: (fax: FaxSummary) => void; label: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 30]);
  const [cursor, setCursor] = useState(0);
  const total = list.total ?? 0;
  const { request } = list;
  const office = useStore(officeStore);
  const told = useStore(triageStore);
  const me = office.joined ? office.me.login : null;
  const height = office.joined ? officeRowHeight : rowHeight;

  useEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const update = () => {
      const first = Math.max(0, Math.floor(node.scrollTop / height) - overscan);
      const last = Math.min(Math.max(0, total - 1), Math.ceil((node.scrollTop + node.clientHeight) / height) + overscan);
      setRange([first, last]);
      request(first, last);
    };
    update();
    node.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(node);
    return () => {
      node.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [total, request, height]);

  // Moving the cursor opens the fax under it (like a mail client), once its row is loaded.
  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(total - 1, index));
    setCursor(target);
    scrollRowIntoView(scroller.current, target, height);
    const fax = list.rowAt(target);
    if (fax && fax.id !== selectedId) onOpen(fax);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, () => void> = {
      ArrowDown: () => moveTo(cursor + 1),
      j: () => moveTo(cursor + 1),
      ArrowUp: () => moveTo(cursor - 1),
      k: () => moveTo(cursor - 1),
      Home: () => moveTo(0),
      End: () => moveTo(total - 1),
      PageDown: () => moveTo(cursor + 10),
      PageUp: () => moveTo(cursor - 10),
      Enter: () => {
        const fax = list.rowAt(cursor);
        if (fax) onOpen(fax);
      },
    };
    const action = step[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const first = range[0];
  const count = Math.max(0, Math.min(range[1], total - 1) - first + 1);
  const rows = Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    const fax = list.rowAt(index);
    const top = index * height;
    if (!fax) return <div key={`s${index}`} className="skeleton row-skeleton" style={{ top: top + 12 }} aria-hidden="true" />;
    const summary = results(fax);
    const reply = fax.reply ? replyLabel(fax.reply) : null;
    const triage = office.joined ? latestTriage(fax.id, fax.triage, told) : undefined;
    const shared = triageChips(triage, me);
    // In an office the handled mark is the office's, and follows the same news as the rest of the row.
    const handled = office.joined && told.has(fax.id) && fax.direction === 'inbound' ? triage?.handledBy != null : fax.handled;
    // Urgent, as intake read it surely, is a chip next to the status: it must not drop out of sight.
    const urgent = fax.intake?.urgent === true ? t('intake.urgent') : null;
    const filing = fax.chart ? filingChip(fax.chart) : null;
    // A received fax is what the inbox holds: its "Received" says nothing a row has room for (its filing may). Another
    // service's own word for it ("completed") is still shown as it came.
    const received = fax.direction === 'inbound' && fax.status === 'received';
    const filingFirst = fax.direction === 'inbound' && fax.statusGroup === 'received';
    const chipWords = [...(urgent ? [urgent] : []), ...(filing ? [filing.text] : []), ...shared.map((chip) => chip.text), ...(summary ? [summary] : []), ...(reply ? [reply.label] : []), ...(handled ? [t('faxRows.handled')] : []), ...(fax.replyTo ? [t('faxRows.replyTo', { reference: fax.replyTo.reference })] : [])];
    return (
      <div
        key={fax.id}
        id={`fax-row-${fax.id}`}
        role="option"
        aria-selected={fax.id === selectedId}
        className={`fax-row${fax.unread ? ' unread' : ''}${office.joined ? ' fax-row-office' : ''}`}
        style={{ top, height }}
        onClick={() => {
          setCursor(index);
          onOpen(fax);
        }}
        data-testid="fax-row"
        data-fax-id={fax.id}
      >
        <span className="unread-slot">{fax.unread ? <span className="unread-dot" role="img" aria-label={t('faxList.unread')} /> : null}</span>
        <span className="who">{who(fax)}</span>
        <span className="when">{shortDate(fax.createdAt)}</span>
        {/* Subject and chips share the second line, so the chips never narrow the name above them. */}
        <span className="row-detail">
          {/* A content search's row gives its line to the words it found: the reference is in the detail beside it. */}
          {fax.textHit ? (
            <>
              <RowKind fax={fax} />
              <TextExcerpt hit={fax.textHit} />
            </>
          ) : (
            <>
              <span className="ref mono">{fax.reference}</span>
              <RowKind fax={fax} />
              <span className="what" title={what(fax)} data-testid="row-what">{what(fax)}</span>
            </>
          )}
          {/* Right to left, most telling first: a chip that does not fit drops out whole (styles: .meta). */}
          <span className="meta" title={chipWords.join(' · ')}>
            <span className="meta-start" aria-hidden="true" />
            {filing && !filingFirst ? <RowChip text={filing.text} testId="row-filing" {...(filing.tone ? { tone: filing.tone } : {})} /> : null}
            {shared.filter((chip) => chip.first).map((chip) => (
              <RowChip key={chip.text} text={chip.text} {...(chip.tone ? { tone: chip.tone } : {})} />
            ))}
            {handled ? <RowChip text={t('faxRows.handled')} tone="success" /> : null}
            {reply ? <RowChip text={reply.label} tone={reply.tone} /> : null}
            {fax.replyTo ? <RowChip text={t('faxRows.replyTo', { reference: fax.replyTo.reference })} tone="info" /> : null}
            {shared.filter((chip) => !chip.first).map((chip) => (
              <RowChip key={chip.text} text={chip.text} {...(chip.tone ? { tone: chip.tone } : {})} />
            ))}
          </span>
          {/* What a row never drops: how delivery went, urgency, and a received fax's filing (cut short, not dropped). */}
          <span className="meta-kept" data-testid="row-kept">
            {urgent ? <RowChip text={urgent} tone="danger" testId="row-urgent" /> : null}
            {/* A fax to several: "2/3 delivered" says its status more exactly, in the status's colour and place. */}
            {filing && filingFirst ? <RowChip text={filing.text} testId="row-filing" shrinks {...(filing.tone ? { tone: filing.tone } : {})} /> : received ? null : summary ? <StatusChip status={fax.status} direction={fax.direction} text={summary} testId="row-delivered" /> : <StatusChip status={fax.status} direction={fax.direction} />}
          </span>
        </span>
      </div>
    );
  });

  const active = list.rowAt(cursor);
  return (
    <div
      ref={scroller}
      className="virtual-scroll"
      role="listbox"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-activedescendant={active ? `fax-row-${active.id}` : undefined}
      data-testid="fax-list"
      data-total={total}
    >
      <div role="presentation" style={{ height: total * height, position: 'relative' }}>
        {rows}
      </div>
    </div>
  );
}
