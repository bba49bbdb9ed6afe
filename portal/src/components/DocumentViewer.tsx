/**
 * The uploaded document beside its fields: PDF pages rendered with pdf.js (worker and data files
 * bundled with the portal), images shown as they are, text formats as text. Boxes are drawn over
 * the page from bbox = [x0, y0, x1, y1] in PDF points from the page's top-left.
 */
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { client, type BBox } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { BASE } from '../router.tsx';
import { ErrorBox, Loading } from './common.tsx';

export interface Box {
  page: number;
  bbox: BBox;
  label: string;
}

type Doc =
  | { kind: 'pdf'; pdf: PDFDocumentProxy; pages: number }
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string }
  | { kind: 'none'; type: string };

async function loadDoc(processId: string, fileId: string, signal: AbortSignal): Promise<Doc> {
  const r = await client.getFileContent({ path: { process_id: processId, file_id: fileId }, signal });
  const type = (r.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const buf = await r.arrayBuffer();
  if (type === 'application/pdf') {
    const pdfjs = await import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(buf),
      standardFontDataUrl: `${BASE}/pdfjs/standard_fonts/`,
      cMapUrl: `${BASE}/pdfjs/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${BASE}/pdfjs/wasm/`,
    }).promise;
    return { kind: 'pdf', pdf, pages: pdf.numPages };
  }
  if (type === 'image/jpeg' || type === 'image/png')
    return { kind: 'image', url: URL.createObjectURL(new Blob([buf], { type })) };
  if (type.startsWith('text/') || type === 'application/xml')
    return { kind: 'text', text: new TextDecoder().decode(buf) };
  return { kind: 'none', type };
}

export function DocumentViewer({
  processId,
  fileId,
  boxes,
  selected,
}: {
  processId: string;
  fileId: string;
  boxes: Box[];
  selected: Box | null;
}) {
  const { t, num } = useI18n();
  const [doc, setDoc] = useState<Doc | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    const ac = new AbortController();
    let made: Doc | null = null;
    loadDoc(processId, fileId, ac.signal)
      .then((d) => {
        made = d;
        if (!ac.signal.aborted) setDoc(d);
      })
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(e);
      });
    return () => {
      ac.abort();
      if (made?.kind === 'image') URL.revokeObjectURL(made.url);
      if (made?.kind === 'pdf') void made.pdf.loadingTask.destroy();
    };
  }, [processId, fileId]);

  useEffect(() => {
    if (selected) setPage(selected.page);
  }, [selected]);

  if (error) return <ErrorBox error={error} />;
  if (!doc) return <Loading />;
  if (doc.kind === 'text')
    return (
      <div className="viewer">
        <p className="muted small">{t('viewer.textOnly')}</p>
        <pre className="textdoc" tabIndex={0} aria-label={t('viewer.document')}>
          {doc.text}
        </pre>
      </div>
    );
  if (doc.kind === 'none') return <p className="muted">{t('viewer.noPreview', { type: doc.type })}</p>;

  const pages = doc.kind === 'pdf' ? doc.pages : 1;
  const onPage = boxes.filter((b) => b.page === page);
  return (
    <div className="viewer">
      {pages > 1 && (
        <div className="row viewer-nav">
          <button
            type="button"
            className="btn"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            aria-label={t('viewer.prev')}
          >
            ‹
          </button>
          <span aria-live="polite">{t('viewer.pageOf', { page: num(page), pages: num(pages) })}</span>
          <button
            type="button"
            className="btn"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            aria-label={t('viewer.next')}
          >
            ›
          </button>
        </div>
      )}
      {doc.kind === 'pdf' ? (
        <PdfPage
          pdf={doc.pdf}
          page={page}
          boxes={onPage}
          selected={selected && selected.page === page ? selected : null}
        />
      ) : (
        <ImagePage
          url={doc.url}
          boxes={onPage}
          selected={selected && selected.page === page ? selected : null}
        />
      )}
    </div>
  );
}

function Overlay({ boxes, selected, scale }: { boxes: Box[]; selected: Box | null; scale: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Bring the box into view inside the page pane only (the list the user clicked stays where it is).
    const box = ref.current;
    const pane = box?.closest<HTMLElement>('.viewer-col');
    if (!box || !pane || pane.scrollHeight <= pane.clientHeight) return;
    const b = box.getBoundingClientRect();
    const p = pane.getBoundingClientRect();
    if (b.top >= p.top + 40 && b.bottom <= p.bottom - 40) return;
    pane.scrollBy({ top: b.top - p.top - pane.clientHeight / 2 + b.height / 2, behavior: 'smooth' });
  }, [selected, scale]);
  const style = (b: BBox) => ({
    left: b[0] * scale,
    top: b[1] * scale,
    width: Math.max(2, (b[2] - b[0]) * scale),
    height: Math.max(2, (b[3] - b[1]) * scale),
  });
  return (
    <div className="overlay" aria-hidden="true">
      {boxes.map((b, i) => (
        <div key={i} className="box" style={style(b.bbox)} title={b.label} />
      ))}
      {selected && (
        <div
          ref={ref}
          className="box box-selected"
          data-testid="highlight"
          style={style(selected.bbox)}
          title={selected.label}
        />
      )}
    </div>
  );
}

function PdfPage({
  pdf,
  page,
  boxes,
  selected,
}: {
  pdf: PDFDocumentProxy;
  page: number;
  boxes: Box[];
  selected: Box | null;
}) {
  const { t } = useI18n();
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [scale, setScale] = useState(0);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!width) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void pdf.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const s = width / base.width;
      const dpr = window.devicePixelRatio || 1;
      const vp = p.getViewport({ scale: s * dpr });
      const c = canvas.current;
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      c.style.width = `${Math.floor(base.width * s)}px`;
      c.style.height = `${Math.floor(base.height * s)}px`;
      task = p.render({ canvas: c, viewport: vp });
      task.promise.then(
        () => !cancelled && setScale(s),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, width]);

  return (
    <div className="page-frame" ref={wrap}>
      <div className="page-inner">
        <canvas ref={canvas} role="img" aria-label={t('viewer.pageImage', { page })} />
        {scale > 0 && <Overlay boxes={boxes} selected={selected} scale={scale} />}
      </div>
    </div>
  );
}

function ImagePage({ url, boxes, selected }: { url: string; boxes: Box[]; selected: Box | null }) {
  const { t } = useI18n();
  const img = useRef<HTMLImageElement>(null);
  const [scale, setScale] = useState(0);
  useEffect(() => {
    const el = img.current;
    if (!el) return;
    const update = () => el.naturalWidth && setScale(el.clientWidth / el.naturalWidth);
    const ro = new ResizeObserver(update);
    ro.observe(el);
    el.addEventListener('load', update);
    return () => {
      ro.disconnect();
      el.removeEventListener('load', update);
    };
  }, [url]);
  return (
    <div className="page-frame">
      <div className="page-inner">
        <img ref={img} src={url} alt={t('viewer.pageImage', { page: 1 })} />
        {scale > 0 && <Overlay boxes={boxes} selected={selected} scale={scale} />}
      </div>
    </div>
  );
}
