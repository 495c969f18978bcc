// CSV for spreadsheets (RFC 4180, CRLF line ends).

const FORMULA_START = /^[=+\-@\t\r]/;

/** One text cell: quoted, quotes doubled, and a leading = + - @ made inert for spreadsheets. */
export const csvCell = (value: string | null) => {
  const text = value ?? '';
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
};
