// Fill & sign faxes back where the sender asked: the number the page gives (read surely) beside the line the fax
// came from, each named — not only the line, which is often another machine.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntakeField } from '../../preload/intake';
import type { FaxDetail } from '../../preload/models';
import { FillSignFooter } from '../../renderer/src/fill/FillSignFooter';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

const faxBack = (value: string, needsLook = false): IntakeField => ({ name: 'faxBack', value, confidence: needsLook ? 40 : 92, needsLook, page: 1, box: [0.1, 0.2, 0.4, 0.22] });

function footer(fields: IntakeField[], counterpart: string | null = '+14155550215') {
  installFakeFax({});
  const onFaxBack = vi.fn();
  const detail: Pick<FaxDetail, 'counterpart' | 'counterpartName' | 'senderName' | 'intakeDetail'> = {
    counterpart,
    counterpartName: null,
    senderName: 'Bay Pharmacy',
    intakeDetail: { kind: { kind: 'refill_request', confidence: 90, source: 'rules', sure: true }, fields, parts: [] },
  };
  render(<FillSignFooter detail={detail} busy={false} onClose={() => undefined} onSave={() => undefined} onSendTo={() => undefined} onFaxBack={onFaxBack} />);
  return onFaxBack;
}

const faxBackButtons = () => screen.getAllByRole('button').filter((button) => button.textContent.startsWith('Fax back'));

describe('fill & sign: where the copy is faxed back', () => {
  it('the number the page asks for comes first and says so; the sending line is offered beside it, named', () => {
    const onFaxBack = footer([faxBack('(415) 555-0177')]);
    const buttons = faxBackButtons();
    expect(buttons.map((button) => button.textContent)).toEqual(['Fax back to (415) 555-0177 · on the page', 'Fax back to +14155550215 · sending line']);
    expect(buttons[0]?.className).toContain('button-primary');
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onFaxBack).toHaveBeenCalledWith(expect.objectContaining({ source: 'page', e164: '+14155550177' }));
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onFaxBack).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'line', e164: '+14155550215' }));
  });

  it('a number read unsurely, or read as no fax number, is not offered: only the line', () => {
    for (const fields of [[faxBack('(415) 555-0177', true)], [faxBack('10. (059) 555-3635')], []]) {
      footer(fields);
      expect(faxBackButtons().map((button) => button.textContent)).toEqual(['Fax back to +14155550215']);
      cleanup();
    }
  });

  it('the page giving the line itself is one choice, and a fax with no known line offers the page alone', () => {
    footer([faxBack('415-555-0215')]);
    expect(faxBackButtons().map((button) => button.textContent)).toEqual(['Fax back to +14155550215']);
    cleanup();
    const onFaxBack = footer([faxBack('+1 (212) 555-0100')], null);
    expect(faxBackButtons().map((button) => button.textContent)).toEqual(['Fax back to +1 (212) 555-0100']);
    fireEvent.click(faxBackButtons()[0] as HTMLElement);
    expect(onFaxBack).toHaveBeenCalledWith(expect.objectContaining({ e164: '+12125550100' }));
  });
});
