/**
 * Sanitising notice bodies (rich text is sanitised on the server), on every create and
 * update, with sanitize-html 2.17.5 (docs/stack.md "Pinned or chosen versions": the last version on Node 20). An allow-list of what
 * the editor (@tiptap/starter-kit) produces: paragraphs, line breaks, headings, lists, bold, italic,
 * underline, strike, links, inline code and code blocks, block quotes, horizontal rules. Everything
 * else is dropped: no `style`, no `class`, no event handlers (`on*`), no script, iframe, img or
 * form; `<script>`/`<style>` lose their text too. Links keep only http, https and mailto targets
 * (a `javascript:` or `data:` href is removed) and always carry `rel="noopener noreferrer"` and
 * `target="_blank"`.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'a', 'code', 'pre', 'blockquote', 'hr'],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
  },
};

/**
 * The safe HTML of a notice body: only the allow-listed tags and attributes above; text is kept.
 * @param html the editor's HTML (at most contracts NOTICE_BODY_MAX characters, checked by the schema).
 * @returns sanitised HTML, trimmed; '' when nothing but whitespace remains.
 */
export function sanitizeNoticeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
