/** A page's thumbnail in the preview's side strip: a button named "Page N" that shows the page and its number. */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PageCanvas, type PageSize } from './PageCanvas';
import { t } from '../i18n';

export function PageThumb({
  document,
  index,
  current,
  scale,
  rotation,
  size,
  render,
  observe,
  onPick,
}: {
  document: Pick<PDFDocumentProxy, 'getPage'>;
  index: number;
  current: boolean;
  scale: number;
  rotation: number;
  size: PageSize;
  render: boolean;
  observe: (node: Element | null, index: number) => void;
  onPick: (index: number) => void;
}) {
  return (
    <button type="button" className="pdf-thumb" aria-current={current} aria-label={t('pdfViewer.page', { page: index + 1 })} ref={(node) => observe(node, index)} onClick={() => onPick(index)}>
      <div className="page-box">
        <PageCanvas document={document} index={index} scale={scale} rotation={rotation} size={size} render={render} quiet />
      </div>
      {index + 1}
    </button>
  );
}
