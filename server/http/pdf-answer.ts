import type { Context } from 'hono';

/** A PDF to download, never kept by a shared cache. */
export function pdfAnswer(c: Context, file: { filename: string; pdf: Uint8Array }) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(file.pdf as Uint8Array<ArrayBuffer>);
}
