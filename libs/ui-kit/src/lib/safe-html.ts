import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Tags a toast's markdown may produce: bold, italic, links and line breaks. Anything else (strikethrough, code) is
 * dropped by the sanitizer, its text kept.
 */
const INLINE_MARKDOWN_TAGS = ['strong', 'em', 'a', 'br'];

// Raw HTML inside markdown is dropped at parse time (not escaped), so `<b>x</b>` leaves just `x`.
const markdown = new Marked({ gfm: true, breaks: true, renderer: { html: () => '' } });

export interface SanitizeOptions {
  /** Restricts the allowed tags; DOMPurify's safe HTML profile when omitted. */
  allowedTags?: string[];
}

/**
 * Sanitizes HTML with DOMPurify. Links that survive (DOMPurify drops `javascript:` and other unsafe
 * URLs, leaving the anchor inert) open in a new tab without giving the new page a handle on ours.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ...(options.allowedTags
      ? { ALLOWED_TAGS: options.allowedTags, ALLOWED_ATTR: ['href', 'title'] }
      : { USE_PROFILES: { html: true } }),
  });
  for (const anchor of fragment.querySelectorAll('a')) {
    if (anchor.hasAttribute('href')) {
      anchor.setAttribute('target', '_blank');
      anchor.setAttribute('rel', 'noopener noreferrer');
    } else {
      anchor.removeAttribute('target');
    }
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/**
 * Inline markdown (bold, italic, links; a line break stays one) to HTML that is safe to inject: no blocks (a list
 * or a heading stays as typed), raw HTML stripped, links to a new tab, unsafe links inert.
 */
export function markdownToSafeHtml(source: string): string {
  return sanitizeHtml(markdown.parseInline(source, { async: false }), { allowedTags: INLINE_MARKDOWN_TAGS });
}
