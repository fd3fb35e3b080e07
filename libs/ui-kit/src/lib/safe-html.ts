import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Tags a toast's markdown may produce; anything else is dropped by the sanitizer. */
const MARKDOWN_TAGS = ['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'a', 'ul', 'ol', 'li', 'blockquote'];

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

/** Markdown to HTML that is safe to inject: raw HTML stripped, links to a new tab, unsafe links inert. */
export function markdownToSafeHtml(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }), { allowedTags: MARKDOWN_TAGS });
}
