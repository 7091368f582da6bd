// Where the calculator's API is, and which session this page shows: read by app.js and live.js, which load after it,
// from window.calculatorLocation.
'use strict';

window.calculatorLocation = (() => {
  const root = document.getElementById('calculator');
  const parameters = new URLSearchParams(location.search);
  // An ?api= value that is not an http(s) URL, for the page to report; null when there is none.
  let ignoredAPI = null;

  // ?api=http://host:port[/prefix] (or data-api on <html> or the calculator) lets the page run on another origin than
  // the API; '' means the API is where the page is.
  function apiBase() {
    const raw = parameters.get('api') || document.documentElement.dataset.api || root.dataset.api || '';
    if (!raw) return '';
    try {
      const url = new URL(raw, location.href);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/+$/, '');
    } catch (_) { /* reported by the page */ }
    ignoredAPI = raw;
    return '';
  }

  const base = apiBase();
  // API paths are resolved against the page's folder, never the host's root, so a proxy may serve the page and the
  // API under a path prefix (https://host/calc/ → https://host/calc/sessions).
  const apiRoot = base ? `${base}/` : new URL('./', location.href).href;
  // One remembered session per API, since one static host may point at several.
  const storageKey = base ? `calculator.session@${base}` : 'calculator.session';
  const sessionIDPattern = /^[A-Za-z0-9_-]{1,64}$/;
  // A shared link (?session=<id>, see `shareURL`) opens that session, which this page then keeps as its own.
  let shared = sessionIDPattern.test(parameters.get('session') || '') ? parameters.get('session') : null;

  // Once the page shows another session than the shared one, the link in the address bar would mislead a reload.
  function forgetShared(id) {
    if (!shared || id === shared) return;
    shared = null;
    const url = new URL(location.href);
    url.searchParams.delete('session');
    history.replaceState(history.state, '', url);
  }

  const savedSession = {
    get() {
      try {
        const id = localStorage.getItem(storageKey);
        return id && sessionIDPattern.test(id) ? id : shared;
      } catch (_) { return shared; } // storage can be disabled; then each visit starts afresh
    },
    set(id) {
      forgetShared(id);
      try { localStorage.setItem(storageKey, id); } catch (_) { /* see get() */ }
    },
    clear() {
      forgetShared(null);
      try { localStorage.removeItem(storageKey); } catch (_) { /* see get() */ }
    },
  };
  if (shared) savedSession.set(shared);

  // The address of this page showing session `id`, for another screen.
  function shareURL(id) {
    const url = new URL(location.href);
    url.searchParams.set('session', id);
    url.hash = '';
    return url.href;
  }

  return { base, apiRoot, ignoredAPI, savedSession, shareURL };
})();
