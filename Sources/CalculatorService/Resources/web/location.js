// Where the calculator's API is, which session this page shows and the token it uses it with: read by app.js and
// live.js, which load after it, from window.calculatorLocation.
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
  // One remembered session per API, since one static host may point at several; its token beside it, and the
  // operator's API key (asked for once, when the server refuses to create a session without it).
  const storageKey = base ? `calculator.session@${base}` : 'calculator.session';
  const tokenKey = `${storageKey}.token`;
  const apiKeyKey = base ? `calculator.apiKey@${base}` : 'calculator.apiKey';
  const sessionIDPattern = /^[A-Za-z0-9_-]{1,64}$/;
  const tokenPattern = /^[A-Za-z0-9_-]{1,256}$/;
  // A shared link (?session=<id>#token=<token>, see `shareURL`) opens that session with that token, which this page
  // then keeps as its own. The token is in the fragment, which the browser never sends, so no server logs it.
  let shared = sessionIDPattern.test(parameters.get('session') || '') ? parameters.get('session') : null;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const sharedToken = shared && tokenPattern.test(fragment.get('token') || '') ? fragment.get('token') : null;
  if (fragment.has('token')) {
    // Out of the address bar (and of what a reload or a bookmark would keep), now that it is read.
    const url = new URL(location.href);
    url.hash = '';
    history.replaceState(history.state, '', url);
  }

  // Once the page shows another session than the shared one, the link in the address bar would mislead a reload.
  function forgetShared(id) {
    if (!shared || id === shared) return;
    shared = null;
    const url = new URL(location.href);
    url.searchParams.delete('session');
    history.replaceState(history.state, '', url);
  }

  // Storage can be disabled; then each visit starts afresh, and what the page was given lives until it is left.
  const memory = new Map();
  const stored = {
    get(key) {
      try { return localStorage.getItem(key); } catch (_) { return memory.get(key) || null; }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        if (value === null || value === undefined) localStorage.removeItem(key); else localStorage.setItem(key, value);
      } catch (_) { /* kept in memory */ }
    },
  };

  const savedSession = {
    get() {
      const id = stored.get(storageKey);
      return id && sessionIDPattern.test(id) ? id : shared;
    },
    // The session's token (an owner's for a session this page made, what a shared link carried otherwise); null for
    // a server with open access.
    token() {
      const token = stored.get(tokenKey);
      return token && tokenPattern.test(token) ? token : null;
    },
    set(id, token) {
      forgetShared(id);
      stored.set(storageKey, id);
      stored.set(tokenKey, token || null);
    },
    clear() {
      forgetShared(null);
      stored.set(storageKey, null);
      stored.set(tokenKey, null);
    },
  };
  if (shared) savedSession.set(shared, sharedToken);

  const apiKey = {
    get() { return stored.get(apiKeyKey); },
    set(key) { stored.set(apiKeyKey, key || null); },
  };

  // The address of this page showing session `id`, for another screen: with `token` (a watch-only or a full-control
  // one) in the fragment.
  function shareURL(id, token) {
    const url = new URL(location.href);
    url.searchParams.set('session', id);
    url.hash = token ? `token=${token}` : '';
    return url.href;
  }

  return { base, apiRoot, ignoredAPI, savedSession, apiKey, shareURL };
})();
