// The DOCX scan reads document.xml in chunks as it is inflated: what it counts must not depend on where a chunk
// ends (inside a tag, inside text).
import { describe, expect, it } from 'vitest';
import { createStatsCounter, pagesFromStats } from '../../../main/files/docx-pages';

const xml =
  '<w:body><w:p><w:r><w:t>First page text</w:t><w:br w:type="page"/></w:r></w:p>\n' +
  '<w:p><w:pPr><w:pageBreakBefore/></w:pPr><w:r><w:lastRenderedPageBreak/><w:t>Second\r\npage</w:t></w:r></w:p>' +
  '<w:p><w:r><w:drawing><wp:inline/></w:drawing></w:r></w:p><w:p><w:pPr><w:pageBreakBefore w:val="0"/></w:pPr></w:p></w:body>';

describe('DOCX content stats', () => {
  it('counts text, page breaks, rendered breaks and pictures', () => {
    const counter = createStatsCounter();
    counter.feed(xml);
    expect(counter.stats).toEqual({ characters: 'First page text'.length + 'Secondpage'.length, pageBreaks: 2, renderedBreaks: 1, pictures: 1 });
  });

  it.each([1, 2, 3, 7, 64])('gives the same counts when fed %i characters at a time', (size) => {
    const whole = createStatsCounter();
    whole.feed(xml);
    const pieces = createStatsCounter();
    for (let at = 0; at < xml.length; at += size) pieces.feed(xml.slice(at, at + size));
    expect(pieces.stats).toEqual(whole.stats);
  });

  it('a stated count is believed within a generous range around what the content supports', () => {
    expect(pagesFromStats({ characters: 60_000, pageBreaks: 0, renderedBreaks: 0, pictures: 0 })).toMatchObject({ estimate: 20, lowest: 5 });
    expect(pagesFromStats({ characters: 10, pageBreaks: 0, renderedBreaks: 0, pictures: 6 }).highest).toBeGreaterThanOrEqual(6);
  });
});
