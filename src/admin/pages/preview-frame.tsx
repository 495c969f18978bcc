'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

// The live preview's window: an iframe of the given width, so the page's own breakpoints apply as
// on a phone or a desktop, with the site's styles copied in and the React tree rendered into it
// (a portal). It is shrunk to fit its column. Links and forms inside do nothing: it is a picture.

export function PreviewFrame({ width, title, children }: { width: number; title: string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const document_ = frame.current?.contentDocument;
    if (!document_) return;
    document_.open();
    document_.write('<!doctype html><html><head></head><body></body></html>');
    document_.close();
    for (const node of document.querySelectorAll('link[rel="stylesheet"], style')) document_.head.appendChild(node.cloneNode(true));
    // A picture of the page: following a link or sending a form there does nothing.
    for (const kind of ['click', 'submit'] as const) document_.addEventListener(kind, (event) => event.preventDefault(), true);
    document_.documentElement.className = document.documentElement.className;
    document_.body.className = document.body.className;
    setBody(document_.body);
    const grows = new ResizeObserver(() => setHeight(document_.documentElement.scrollHeight));
    grows.observe(document_.body);
    return () => grows.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fits = new ResizeObserver(() => setScale(Math.min(1, element.clientWidth / width)));
    fits.observe(element);
    return () => fits.disconnect();
  }, [width]);

  return (
    <div ref={box} className="w-full overflow-hidden" style={{ height: height * scale }}>
      <iframe
        ref={frame}
        title={title}
        width={width}
        height={height}
        className="origin-top-left border-0 bg-surface"
        style={{ width, height, transform: `scale(${scale})` }}
      />
      {body && createPortal(children, body)}
    </div>
  );
}
