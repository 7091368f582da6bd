// Keeps the page in step with its session wherever else it is used (another tab, another device): it follows the
// session's event stream (GET /sessions/{id}/events) and hands each newer state to the page, and it offers a link
// that opens the same session on another screen.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const status = document.getElementById('status');
  const share = document.getElementById('share');
  const { apiRoot, shareURL } = window.calculatorLocation;
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
    open();
  }

  function open() {
    source = new EventSource(new URL(`sessions/${encodeURIComponent(followed)}/events`, apiRoot));
    source.onmessage = (event) => {
      let next;
      try { next = JSON.parse(event.data); } catch (_) { return; }
      window.calculatorPage.showElsewhere(next);
    };
    // The session is gone: the page's next key starts a new one.
    source.addEventListener('deleted', () => ended('This session was deleted elsewhere; the next key starts a new one.'));
    source.addEventListener('expired', () => ended('This session expired; the next key starts a new one.'));
    // A dropped connection is reconnected by the browser (with Last-Event-ID); a refused one is closed for good.
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
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

  share.addEventListener('click', async (event) => {
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(share.href);
      status.textContent = 'Link copied: open it on another screen to use this session there too.';
    } catch (_) {
      // The clipboard needs a secure context and permission; the link itself still works.
      status.textContent = `Open ${share.href} on another screen to use this session there too.`;
    }
  });
})();
