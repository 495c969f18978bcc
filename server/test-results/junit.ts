import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { HttpError } from '../errors.ts';

// JUnit XML as `bun test --reporter=junit` and Playwright's junit reporter write it, read into
// plain data. The body comes from an admin upload, so it is treated as hostile (ASVS 1.5.1, docs/security.md):
// DOCTYPE and entity declarations are refused before any parser sees the text, the parser never
// expands an entity itself (processEntities: false), and the only references decoded are the
// five predefined ones and numeric character references, in one linear pass that can only
// shrink the text. No input can make the work grow faster than the body, which is capped at 5 MB.

export const DECLARATION_REFUSED = 'JUnit XML must not declare a DOCTYPE or entities';
export const NOT_JUNIT = 'Body is not a JUnit XML report';
export const TIME_INVALID = 'time must be a number of seconds from 0 to 2147483';
export const NAME_MISSING = 'Every testcase needs a name';
/** Longest suite or case name kept; a longer one is refused rather than cut into a different name. */
export const MAX_NAME_LENGTH = 1_000;
export const NAME_TOO_LONG = `Suite and test names must be at most ${MAX_NAME_LENGTH} characters`;
/** A failure message is stored up to 10 KB (docs/security.md#input-validation (p)); the rest is cut. */
export const MAX_ERROR_MESSAGE_LENGTH = 10 * 1024;
export const TRUNCATED_MARKER = '\n… [truncated]';
/** Far above this project's ~1,000 tests; stops a small body from turning into a huge insert. */
export const MAX_TEST_CASES = 20_000;
export const TOO_MANY_CASES = `A report may hold at most ${MAX_TEST_CASES} test cases`;
/** int4 milliseconds: the columns the times end up in. */
const MAX_SECONDS = 2_147_483;
/** The separator Playwright puts between describe titles and the test title. */
export const TITLE_SEPARATOR = ' › ';

export type JunitStatus = 'passed' | 'failed' | 'skipped';

export interface JunitCase {
  name: string;
  status: JunitStatus;
  executionTimeMs: number;
  errorMessage: string | null;
}

/** One top-level `<testsuite>`: a test file for both bun and Playwright. */
export interface JunitSuite {
  name: string;
  /** The test file: bun's `file` attribute, else the suite name (Playwright names suites by file). */
  file: string;
  startedAt: Date | null;
  durationMs: number;
  cases: JunitCase[];
}

/** Why a report was refused: a declaration is a possible attack and is logged as such by the route. */
export class JunitRefusedError extends HttpError {
  constructor(
    message: string,
    readonly reason: 'declaration' | 'malformed',
  ) {
    super(400, message);
    this.name = 'JunitRefusedError';
  }
}

const malformed = (message = NOT_JUNIT) => new JunitRefusedError(message, 'malformed');

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type XmlNode = Record<string, unknown>;
const ATTRIBUTES = ':@';

const elementName = (node: XmlNode) => Object.keys(node).find((key) => key !== ATTRIBUTES);
const childrenOf = (node: XmlNode, name: string) => (node[name] as XmlNode[] | undefined) ?? [];
const elements = (nodes: XmlNode[]) =>
  nodes.flatMap((node) => {
    const name = elementName(node);
    return name && name !== '#text' && name !== '#cdata' ? [{ name, node }] : [];
  });

function rawAttribute(node: XmlNode, name: string): string | undefined {
  const attributes = node[ATTRIBUTES] as Record<string, unknown> | undefined;
  if (!attributes || !Object.hasOwn(attributes, name)) return undefined;
  const value = attributes[name];
  return typeof value === 'string' ? value : undefined;
}

const attribute = (node: XmlNode, name: string) => {
  const raw = rawAttribute(node, name);
  return raw === undefined ? undefined : decodeXmlText(raw);
};

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0 `Char`: what a character reference may name. NUL and lone surrogates are not in it. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * Decodes `&amp;`-style and `&#NNN;`/`&#xHH;` references in one pass. Each reference is at least
 * four characters and becomes at most two, so the result is never longer than the input: a
 * million references cost a million small replacements and nothing more. Anything else after an
 * `&` (an undeclared entity, a bare ampersand) is not well-formed XML.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-z]{2,4}))?;?/g, (match, decimal?: string, hex?: string, named?: string) => {
    if (!match.endsWith(';') || match.length < 3) throw malformed();
    if (named !== undefined) {
      const value = PREDEFINED[named];
      if (value === undefined) throw malformed();
      return value;
    }
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (!isXmlChar(code)) throw malformed();
    return String.fromCodePoint(code);
  });
}

/** The text inside an element: entity-decoded text nodes, CDATA taken as written. */
function textContent(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string') text += decodeXmlText(node['#text']);
    else if (Array.isArray(node['#cdata'])) {
      for (const part of node['#cdata'] as XmlNode[]) if (typeof part['#text'] === 'string') text += part['#text'];
    }
  }
  return text;
}

/** Seconds from a `time` attribute as whole milliseconds; absent is null, anything odd a 400. */
function timeMs(node: XmlNode): number | null {
  const raw = rawAttribute(node, 'time');
  if (raw === undefined) return null;
  const seconds = /^\s*\+?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds >= 0 && seconds <= MAX_SECONDS)) throw malformed(TIME_INVALID);
  return Math.round(seconds * 1000);
}

function checkedName(name: string): string {
  if (name.length > MAX_NAME_LENGTH) throw malformed(NAME_TOO_LONG);
  return name;
}

// ANSI colour codes, in case a reporter leaves them in (Playwright strips them; others may not).
const ANSI_ESCAPES = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** Cuts at a code point boundary so the stored text stays well-formed UTF-16. */
export function truncateMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_LENGTH) return message;
  let end = MAX_ERROR_MESSAGE_LENGTH - TRUNCATED_MARKER.length;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return message.slice(0, end) + TRUNCATED_MARKER;
}

function failureMessage(node: XmlNode, name: string): string {
  const children = childrenOf(node, name);
  // The element's text is the whole report (message and stack); the attribute only the first line.
  const text = textContent(children).trim() || attribute(node, 'message')?.trim() || attribute(node, 'type')?.trim() || 'Failed';
  return truncateMessage(text.replace(ANSI_ESCAPES, ''));
}

interface Walk {
  cases: JunitCase[];
  count: { n: number };
}

function readTestCase(node: XmlNode, path: string[], walk: Walk) {
  if (++walk.count.n > MAX_TEST_CASES) throw malformed(TOO_MANY_CASES);
  const title = attribute(node, 'name')?.trim();
  if (!title) throw malformed(NAME_MISSING);
  const children = elements(childrenOf(node, 'testcase'));
  const failure = children.find((child) => child.name === 'failure' || child.name === 'error');
  const skipped = children.some((child) => child.name === 'skipped');
  walk.cases.push({
    name: checkedName([...path, title].join(TITLE_SEPARATOR)),
    status: failure ? 'failed' : skipped ? 'skipped' : 'passed',
    executionTimeMs: timeMs(node) ?? 0,
    errorMessage: failure ? failureMessage(failure.node, failure.name) : null,
  });
}

/** A nested `<testsuite>` is a describe block (bun): its name becomes part of each case's name. */
function readSuiteBody(node: XmlNode, path: string[], walk: Walk) {
  for (const child of elements(childrenOf(node, 'testsuite'))) {
    if (child.name === 'testcase') readTestCase(child.node, path, walk);
    else if (child.name === 'testsuite') {
      timeMs(child.node);
      const name = attribute(child.node, 'name')?.trim();
      readSuiteBody(child.node, name ? [...path, name] : path, walk);
    }
  }
}

function readFileSuite(node: XmlNode, walk: Walk): JunitSuite {
  const name = checkedName(attribute(node, 'name')?.trim() ?? '');
  const file = checkedName(attribute(node, 'file')?.trim() || name);
  const cases: JunitCase[] = [];
  const duration = timeMs(node);
  readSuiteBody(node, [], { ...walk, cases });
  const timestamp = attribute(node, 'timestamp');
  const startedAt = timestamp ? new Date(timestamp) : null;
  return {
    name: name || file,
    file,
    startedAt: startedAt && !Number.isNaN(startedAt.getTime()) ? startedAt : null,
    durationMs: duration ?? cases.reduce((sum, item) => sum + item.executionTimeMs, 0),
    cases,
  };
}

/** The body must not declare anything: checked on the raw text, before any parsing. */
export const declaresEntities = (xml: string) => /<!(DOCTYPE|ENTITY)/i.test(xml);

/**
 * Reads a JUnit report: one entry per top-level `<testsuite>` (a test file). Throws a 400
 * JunitRefusedError for declarations, anything that is not a well-formed report, a bad `time`,
 * a missing or over-long name, or too many cases.
 */
export function parseJunit(xml: string): JunitSuite[] {
  if (declaresEntities(xml)) throw new JunitRefusedError(DECLARATION_REFUSED, 'declaration');
  // NUL is not an XML character, and Postgres text cannot hold it.
  if (xml.includes('\u0000') || XMLValidator.validate(xml) !== true) throw malformed();
  let document: XmlNode[];
  try {
    document = parser.parse(xml) as XmlNode[];
  } catch {
    throw malformed();
  }
  const roots = elements(document);
  const root = roots[0];
  if (roots.length !== 1 || !root || (root.name !== 'testsuites' && root.name !== 'testsuite')) throw malformed();

  const walk: Walk = { cases: [], count: { n: 0 } };
  if (root.name === 'testsuite') return [readFileSuite(root.node, walk)];
  timeMs(root.node);
  return elements(childrenOf(root.node, 'testsuites'))
    .filter((child) => child.name === 'testsuite')
    .map((child) => readFileSuite(child.node, walk));
}
