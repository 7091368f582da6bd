// Keeps the page in step with its session wherever else it is used (another tab, another device): it follows the
// session's event stream (GET /sessions/{id}/events) and hands each newer state to the page, and it offers a link
// that opens the same session on another screen, watch only or in full control.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const status = document.getElementById('status');
  const share = document.getElementById('share');
  const shareScope = document.getElementById('share-scope');
  const { apiRoot, savedSession, shareURL } = window.calculatorLocation;
  // A stream the server refused or could not keep (a limit, the service restarting) is opened again this much later.
  const reopenDelay = 5000;

  let followed = null;
  let source = null;
  let reopen = null;

  function follow(id) {
    if (id === followed) return;
    stop();
    followed = id;
    share.href = shareURL(id);
    share.hidden = false;
    shareScope.hidden = !savedSession.token();
    open();
  }

  // An EventSource sends no Authorization: with session tokens it opens the stream with a stream ticket (short-lived,
  // good for this stream only) in the query, never the page's own token.
  async function streamURL(id) {
    const url = new URL(`sessions/${encodeURIComponent(id)}/events`, apiRoot);
    if (savedSession.token()) {
      const issued = await window.calculatorPage.request('POST', `sessions/${encodeURIComponent(id)}/stream-tickets`);
      url.searchParams.set('ticket', issued.ticket);
    }
    return url;
  }

  async function open() {
    const id = followed;
    let url;
    try {
      url = await streamURL(id);
    } catch (_) {
      if (id === followed) reopen = setTimeout(open, reopenDelay);
      return;
    }
    if (id !== followed) return;
    source = new EventSource(url);
    source.onmessage = (event) => {
      let next;
      try { next = JSON.parse(event.data); } catch (_) { return; }
      window.calculatorPage.showElsewhere(next);
    };
    // The session is gone: the page's next key starts a new one.
    source.addEventListener('deleted', () => ended('This session was deleted elsewhere; the next key starts a new one.'));
    source.addEventListener('expired', () => ended('This session expired; the next key starts a new one.'));
    source.addEventListener('revoked', () => ended('This page\'s access to the session was revoked.'));
    // A dropped connection is reconnected by the browser (with Last-Event-ID); a refused one (or one whose ticket has
    // expired) is opened again with a new ticket.
    source.onerror = () => {
      if (!source || source.readyState !== EventSource.CLOSED) return;
      stop();
      reopen = setTimeout(open, reopenDelay);
    };
  }

  function ended(message) {
    stop();
    status.textContent = message;
  }

  function stop() {
    if (source) source.close();
    source = null;
    clearTimeout(reopen);
  }

  // The page marks the session it shows on the calculator.
  new MutationObserver(() => {
    if (root.dataset.session) follow(root.dataset.session);
  }).observe(root, { attributes: true, attributeFilter: ['data-session'] });
  if (root.dataset.session) follow(root.dataset.session);

  // The link for the scope chosen: a new token of it when this page may mint one (an owner's), else the page's own
  // (a watch-only page passes on watching); no token with open access.
  async function linkToShare(id) {
    const own = savedSession.token();
    if (!own) return shareURL(id);
    try {
      const minted = await window.calculatorPage.request('POST', `sessions/${encodeURIComponent(id)}/tokens`, {
        body: { scope: shareScope.value },
      });
      return shareURL(id, minted.token);
    } catch (error) {
      if (error.status === 403) return shareURL(id, own);
      throw error;
    }
  }

  share.addEventListener('click', async (event) => {
    event.preventDefault();
    const watchOnly = !savedSession.token() || shareScope.value === 'viewer';
    const what = watchOnly && savedSession.token() ? 'to watch this session there' : 'to use this session there too';
    try {
      share.href = await linkToShare(followed);
      share.dataset.link = share.href;
    } catch (error) {
      status.textContent = `Could not make a link: ${window.calculatorPage.describe(error)}`;
      return;
    }
    try {
      await navigator.clipboard.writeText(share.href);
      status.textContent = `Link copied: open it on another screen ${what}.`;
    } catch (_) {
      // The clipboard needs a secure context and permission; the link itself still works.
      status.textContent = `Open ${share.href} on another screen ${what}.`;
    }
  });
})();
