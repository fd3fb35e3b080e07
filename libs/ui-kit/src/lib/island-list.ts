import { useEffect, useRef, useState } from 'react';
import type { AddressListCodec, AddressListState, ShowOptions } from './use-address-list';

/** The element holding a list's results on a server-rendered page: what a new address of the list replaces. */
export const LIST_RESULTS_ATTRIBUTE = 'data-list-results';
/** What a button among the results does on a page taken over by islands (its app twin has its own handler). */
export const LIST_ACTION_ATTRIBUTE = 'data-list-action';
export type ListAction = 'reset' | 'first-page' | 'retry';

const resultsOf = (root: ParentNode) => root.querySelector(`[${LIST_RESULTS_ATTRIBUTE}]`);

let showing: AbortController | null = null;

export interface ShowListOptions {
  /** How the address changes: a new entry, the current one replaced, or none (Back, a retry). */
  history: 'push' | 'replace' | 'none';
  /** A new page of the list: its heading is scrolled into view, not leaving the person at the pager. */
  scroll?: boolean;
}

/**
 * Shows the list at `url` on a page whose islands only are hydrated: the server renders that address (and keeps
 * it for seconds), and its results take the place of this page's, the filters untouched — the search box keeps
 * its focus and what is being typed. The address changes at once, as the app's router would change it; the
 * page is loaded whole when the answer has no results (the app's shell, a failure) or the fetch fails.
 */
export async function showListAt(url: string, { history: mode, scroll = false }: ShowListOptions) {
  if (mode === 'push') history.pushState(null, '', url);
  else if (mode === 'replace') history.replaceState(null, '', url);
  const region = resultsOf(document);
  if (!region) return location.replace(url);
  showing?.abort();
  const controller = new AbortController();
  showing = controller;
  region.setAttribute('aria-busy', 'true');
  try {
    const answer = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } });
    const fresh = resultsOf(new DOMParser().parseFromString(await answer.text(), 'text/html'));
    if (!fresh) throw new Error('The answer has no list results.');
    replaceResults(region, fresh);
    if (scroll) region.querySelector('h2')?.scrollIntoView?.({ block: 'start' });
  } catch (error) {
    if (controller.signal.aborted) return;
    location.replace(url);
    throw error;
  } finally {
    if (showing === controller) {
      showing = null;
      region.removeAttribute('aria-busy');
    }
  }
}

/**
 * The results' children replaced by the fresh ones, but for the live status («Найдено 12 …»): that element stays
 * and takes the new text, so that a screen reader announces it as the app's list does.
 */
function replaceResults(region: Element, fresh: Element) {
  const status = region.querySelector('[role="status"]');
  const freshStatus = fresh.querySelector('[role="status"]');
  if (status && freshStatus && status.parentElement === region && freshStatus.parentElement === fresh) {
    status.textContent = freshStatus.textContent;
    freshStatus.replaceWith(status);
  }
  region.replaceChildren(...fresh.childNodes);
}

/** A click the page should handle itself: the main button, no modifier, a link to this page in this tab. */
function sameListLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.download)
    return null;
  const url = new URL(link.href);
  return url.origin === location.origin && url.pathname === location.pathname ? url : null;
}

/**
 * `useAddressList` for a list's filters hydrated as an island (no router): the state starts as the server
 * rendered it, a change shows the list at its new address (`showListAt`), and the results' own controls — the
 * pager's links, «Сбросить фильтры», «На первую страницу», «Повторить» — and Back do the same.
 */
export function useIslandAddressList<T extends AddressListState>(codec: AddressListCodec<T>, initial: T) {
  const [state, setState] = useState(initial);
  const current = useRef(state);
  current.current = state;

  const showAddress = (next: T, history: ShowListOptions['history'], scroll = false) => {
    setState(next);
    const search = codec.write(next).toString();
    void showListAt(`${location.pathname}${search ? `?${search}` : ''}`, { history, scroll }).catch(
      () => undefined,
    );
  };
  const show = (next: T, options: ShowOptions = {}) =>
    showAddress(next, options.replace ? 'replace' : 'push');
  const change = (changed: Partial<Omit<T, 'page'>>, options?: ShowOptions) =>
    show({ ...current.current, ...changed, page: 1 }, options);
  const reset = () => show(codec.defaults);
  const latest = useRef({ showAddress, reset });
  latest.current = { showAddress, reset };

  useEffect(() => {
    const onPopState = () => {
      setState(codec.read(new URLSearchParams(location.search)));
      void showListAt(location.href, { history: 'none' }).catch(() => undefined);
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest?.(`[${LIST_RESULTS_ATTRIBUTE}]`)) return;
      // The attribute is on the button, or on what holds it (the retry of a failure notice).
      const action = target
        .closest('button')
        ?.closest(`[${LIST_ACTION_ATTRIBUTE}]`)
        ?.getAttribute(LIST_ACTION_ATTRIBUTE);
      if (action === 'reset') latest.current.reset();
      else if (action === 'first-page')
        latest.current.showAddress({ ...current.current, page: 1 }, 'push', true);
      else if (action === 'retry') void showListAt(location.href, { history: 'none' }).catch(() => undefined);
      const link = action ? null : sameListLink(event);
      if (!action && !link) return;
      event.preventDefault();
      // The pager's page, of the filters as they are now: results still on their way from a change just made
      // have links of the filters before it, which the app's pager (made from its state) never has.
      if (link)
        latest.current.showAddress(
          { ...current.current, page: codec.read(link.searchParams).page },
          'push',
          true,
        );
    };
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick);
    };
  }, [codec]);

  return { state, show, change, reset };
}
