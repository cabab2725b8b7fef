/**
 * Recipients as chips: numbers are checked as they are typed (E.164, with the country code), a pasted list
 * becomes several chips, "Name <+number>" keeps the name, and contacts are suggested as you type.
 */
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { checkFaxNumber, cleanNumberInput, numberKey } from '../../../preload/fax-number';
import { Icon } from '../components/Icon';
import { numberOptions, type RecipientEntry } from '../data/compose';
import { addPasted, addRecipients, removeRecipient } from '../data/compose-recipients';

/** What the field does with what is typed, pasted or picked (compose's draft by default; Forward keeps its own list). */
export interface RecipientActions {
  add(inputs: Array<{ number: string; name?: string }>): void;
  addPasted(text: string): void;
  remove(key: string): void;
}

const composeActions: RecipientActions = { add: (inputs) => void addRecipients(inputs), addPasted: (text) => void addPasted(text), remove: removeRecipient };
import { searchContacts } from '../data/directory';
import { say, t } from '../i18n';

/** One fax number of one contact: a contact with several numbers is offered once per number. */
interface Suggestion {
  key: string;
  name: string | null;
  company: string | null;
  number: string;
  label: string | null;
}

/** Typed with its country code ("+…", full-width "＋" included): shown in the international form. */
function typedWithPlus(input: string): boolean {
  return cleanNumberInput(input).startsWith('+');
}

function parseTyped(text: string): { number: string; name?: string } {
  const named = /^(.*?)\s*<([^>]+)>\s*$/.exec(text);
  if (named?.[2]) return { number: named[2], ...(named[1]?.trim() ? { name: named[1].trim() } : {}) };
  return { number: text };
}

export function RecipientsInput({
  recipients,
  contactsAvailable,
  warnedNumbers = new Set<string>(),
  actions = composeActions,
  takeFocus = null,
}: {
  recipients: RecipientEntry[];
  contactsAvailable: boolean;
  /** Numbers (as keys) the misdirected-fax guard has an unconfirmed finding about. */
  warnedNumbers?: ReadonlySet<string>;
  actions?: RecipientActions;
  /** Asks for the cursor in the field (New fax): the field takes it and says so with `taken`. */
  takeFocus?: { wanted: boolean; taken: () => void } | null;
}) {
  const [text, setText] = useState('');
  // Suggestions belong to the text they were found for; other text shows none.
  const [found, setFound] = useState<{ query: string; contacts: Suggestion[] }>({ query: '', contacts: [] });
  const [active, setActive] = useState(0);
  const listId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!takeFocus?.wanted) return;
    input.current?.focus();
    takeFocus.taken();
  }, [takeFocus]);
  const query = text.trim();
  const searchable = contactsAvailable && query.length >= 2 && !query.startsWith('+');
  const suggestions = searchable && found.query === query ? found.contacts : [];
  // No digit (of any script) and no plus: a name to find among contacts, not a fax number typed wrong.
  const typingName = query.length > 0 && !/[\p{Nd}+＋]/u.test(query);

  useEffect(() => {
    if (!searchable) return;
    let current = true;
    const timer = setTimeout(() => {
      void searchContacts({ q: query, offset: 0, limit: 8 }).then((result) => {
        if (current && result.ok) {
          const suggestions = result.value.items.flatMap((contact) =>
            contact.faxNumbers.map((found) => ({ key: `${contact.id}-${found.number}`, name: contact.name, company: contact.company, number: found.number, label: found.label })),
          );
          setFound({ query, contacts: suggestions.slice(0, 8) });
          setActive(0);
        }
      });
    }, 180);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, searchable]);

  const commit = () => {
    const value = text.trim();
    if (!value) return;
    actions.add([parseTyped(value)]);
    setText('');
  };

  /**
   * Leaving the field adds a number typed there, as a chip. Not a name (it is looked up, never a chip of its own),
   * and not when the whole window lost focus (switching to another program changes nothing in the draft).
   */
  const commitOnBlur = () => {
    if (typingName || !document.hasFocus()) return;
    commit();
  };

  const pick = (suggestion: Suggestion) => {
    actions.add([{ number: suggestion.number, ...(suggestion.name ? { name: suggestion.name } : {}) }]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
      return;
    }
    if (event.key === 'Enter' || event.key === ',' || event.key === ';' || event.key === 'Tab') {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return;
      const suggestion = suggestions[active];
      if (suggestion && event.key === 'Enter') {
        event.preventDefault();
        pick(suggestion);
        return;
      }
      if (text.trim()) {
        if (typingName && event.key === 'Enter') {
          // A name with no contact to pick stays typed; the hint says why nothing was added.
          event.preventDefault();
          return;
        }
        event.preventDefault();
        commit();
      }
    }
    if (event.key === 'Backspace' && text === '' && recipients.length > 0) {
      const last = recipients[recipients.length - 1];
      if (last) actions.remove(last.key);
    }
    if (event.key === 'Escape') setFound({ query: '', contacts: [] });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (/[\n,;]/.test(pasted)) {
      event.preventDefault();
      actions.addPasted(pasted);
    }
  };

  const live = query.length >= 4 && !typingName ? checkFaxNumber(parseTyped(query).number, numberOptions()) : null;
  const nameHint = !typingName || query.length < 2
    ? null
    : !contactsAvailable
      ? t('recipientsInput.typeTheNumber', { query })
      : found.query !== query
        ? t('recipientsInput.searchingContacts', { query })
        : suggestions.length > 0
          ? t('recipientsInput.pickAContact')
          : t('recipientsInput.noContactMatches', { query });
  const invalid = recipients.filter((recipient) => recipient.error);

  return (
    <div className="field">
      <label className="field-label" htmlFor={`${listId}-input`}>{t('recipientsInput.to')}</label>
      <div className="chips-input">
        {recipients.map((recipient) => (
          <span
            key={recipient.key}
            className={`recipient-chip${recipient.error ? ' invalid' : warnedNumbers.has(numberKey(recipient.e164 ?? recipient.input) ?? '') ? ' warned' : ''}`}
            data-testid="recipient-chip"
          >
            {recipient.name ? <strong>{recipient.name}</strong> : null}
            {/* As typed; a number typed the national way also shows the international form it is sent to. */}
            <span className="mono">{recipient.e164 && typedWithPlus(recipient.input) ? recipient.e164 : recipient.input}</span>
            {recipient.e164 && !typedWithPlus(recipient.input) ? <span className="chip-hint mono">{recipient.e164}</span> : null}
            <button type="button" onClick={() => actions.remove(recipient.key)} aria-label={t('recipientsInput.remove', { value: recipient.name || recipient.input })}>
              <Icon name="close" size={12} />
            </button>
          </span>
        ))}
        <input
          id={`${listId}-input`}
          ref={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={commitOnBlur}
          placeholder={recipients.length === 0 ? t('recipientsInput.faxNumber1415') : ''}
          aria-describedby={hintId}
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="recipient-input"
        />
      </div>
      <span id={hintId} className={live && !live.ok ? 'field-error' : 'field-hint'} aria-live="polite" data-testid="recipient-hint">
        {nameHint ?? (live ? (live.ok ? t('recipientsInput.pressEnterToAdd', { e164: live.e164 }) : say(live.message)) : t('recipientsInput.upTo20Recipients', { length: recipients.length }))}
      </span>
      {invalid.map((recipient) => (
        <span key={recipient.key} className="field-error" role="alert">
          “{recipient.input}”: {recipient.error}
        </span>
      ))}
      {suggestions.length > 0 ? (
        <ul className="suggestions" id={listId} role="listbox" aria-label={t('contacts.contacts')}>
          {suggestions.map((contact, index) => (
            <li key={contact.key} role="presentation">
              <button
                type="button"
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(contact)}
              >
                <span>
                  {contact.name ?? contact.company ?? t('contacts.noName')}
                  {contact.company && contact.name ? <span className="field-hint"> · {contact.company}</span> : null}
                  {contact.label ? <span className="field-hint"> · {contact.label}</span> : null}
                </span>
                <span className="mono">{contact.number}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
