import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// One parser for every text: marked's global instance could be changed by anything that imports it.
const parser = new Marked({ gfm: true, breaks: true, async: false });

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TEXT = ['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'blockquote', 'sup', 'sub'];
const LISTS = ['ul', 'ol', 'li'];
const TABLES = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];

/**
 * An allow-list, not a block-list: whatever is not named here (script, style, iframe, form, svg, object, every on*
 * attribute, style attributes) is dropped. Links and images take only the schemes below, so javascript:, data:,
 * vbscript: and protocol-relative URLs lose their href or src (docs/decisions/024-markdown-rendering.md).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HEADINGS, ...TEXT, ...LISTS, ...TABLES, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens in a new tab without handing that page our window (window.opener) or our address (Referer).
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
};

/** The one way Markdown from staff becomes HTML for a browser: rendered by marked, then cut to the allow-list. */
export const renderMarkdown = (markdown: string): string =>
  sanitizeHtml(parser.parse(markdown, { async: false }), OPTIONS).trim();
