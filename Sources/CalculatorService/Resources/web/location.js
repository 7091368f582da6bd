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
  // A shared link (?session=<id>#token=<token>&scope=<scope>, see `shareURL`) opens that session in this tab, beside
  // the page's own: its token is kept by session id, and the page's own session and owner token are never replaced.
  // The token is in the fragment, which the browser never sends, so no server logs it.
  const sharedKey = `${storageKey}.shared`;
  const linksKey = `${storageKey}.links`;
  const tokenIDKey = `${storageKey}.tokenId`;
  let shared = sessionIDPattern.test(parameters.get('session') || '') ? parameters.get('session') : null;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const sharedToken = shared && tokenPattern.test(fragment.get('token') || '') ? fragment.get('token') : null;
  const linkScope = ['viewer', 'owner'].includes(fragment.get('scope')) ? fragment.get('scope') : null;
  if (fragment.has('token')) {
    // Out of the address bar (and of what a reload or a bookmark would keep), now that it is read.
    const url = new URL(location.href);
    url.hash = '';
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
    json(key) {
      try { return JSON.parse(this.get(key) || '{}') || {}; } catch (_) { return {}; }
    },
  };

  // Sessions opened from links: id → { token, scope } (scope null until known).
  const sharedSessions = {
    all() { return stored.json(sharedKey); },
    get(id) { return this.all()[id] || null; },
    put(id, entry) {
      const all = this.all();
      if (entry) all[id] = entry; else delete all[id];
      stored.set(sharedKey, JSON.stringify(all));
    },
  };
  if (shared && sharedToken) sharedSessions.put(shared, { token: sharedToken, scope: linkScope });

  // Once the page shows another session than the shared one, the link in the address bar would mislead a reload.
  function forgetShared() {
    if (!shared) return;
    shared = null;
    const url = new URL(location.href);
    url.searchParams.delete('session');
    history.replaceState(history.state, '', url);
  }

  const ownID = () => {
    const id = stored.get(storageKey);
    return id && sessionIDPattern.test(id) ? id : null;
  };

  const savedSession = {
    // A link to the page's own session shows it as the link does (watch only, say): a way to check a link.
    get() { return shared || ownID(); },
    // Whether this tab shows a session opened from a link rather than the page's own.
    isShared() { return Boolean(shared); },
    // A full-control link to someone else's session, while this browser has a session of its own: asked first.
    needsConsent() {
      const entry = shared && sharedSessions.get(shared);
      return Boolean(entry && entry.scope === 'owner' && ownID() && ownID() !== shared && !entry.consented);
    },
    consent() {
      const entry = sharedSessions.get(shared);
      if (entry) sharedSessions.put(shared, { ...entry, consented: true });
    },
    // The session's token (the owner's for the page's own, the link's otherwise); null for a server with open access.
    token() {
      const token = shared ? (sharedSessions.get(shared) || {}).token : stored.get(tokenKey);
      return token && tokenPattern.test(token) ? token : null;
    },
    // 'owner' or 'viewer', or null while a link's scope is not known yet.
    scope() {
      if (!shared) return 'owner';
      const entry = sharedSessions.get(shared);
      return entry ? entry.scope : 'owner';
    },
    setScope(scope) {
      const entry = sharedSessions.get(shared);
      if (entry) sharedSessions.put(shared, { ...entry, scope });
    },
    // The id of the page's own owner token, left out of the list of share links.
    ownTokenID() { return shared ? null : stored.get(tokenIDKey); },
    // A session this page made: its own from now on.
    set(id, token, tokenID) {
      forgetShared();
      stored.set(storageKey, id);
      stored.set(tokenKey, token || null);
      stored.set(tokenIDKey, tokenID || null);
    },
    // The session shown is gone (or its token no longer works): a link's session is forgotten and the page goes
    // back to its own; its own is forgotten and the next key makes a new one.
    clear() {
      if (shared) {
        sharedSessions.put(shared, null);
        forgetShared();
        return;
      }
      stored.set(storageKey, null);
      stored.set(tokenKey, null);
      stored.set(tokenIDKey, null);
    },
    // Back to the page's own session, the link's kept for another time.
    decline() { forgetShared(); },
  };

  // The share links this page made, by session and scope ({ id, token }), to hand out again rather than mint more.
  const shareLinks = {
    get(id, scope) { return (stored.json(linksKey)[id] || {})[scope] || null; },
    put(id, scope, link) {
      const all = stored.json(linksKey);
      all[id] = { ...(all[id] || {}), [scope]: link };
      if (!link) delete all[id][scope];
      stored.set(linksKey, JSON.stringify(all));
    },
  };

  const apiKey = {
    get() { return stored.get(apiKeyKey); },
    set(key) { stored.set(apiKeyKey, key || null); },
  };

  // The theme the person chose ('light' or 'dark'); null: the system's.
  const theme = {
    get() { return ['light', 'dark'].includes(stored.get('calculator.theme')) ? stored.get('calculator.theme') : null; },
    set(value) { stored.set('calculator.theme', value); },
  };

  // The address of this page showing session `id`, for another screen: with `token` (a watch-only or a full-control
  // one) and its scope in the fragment.
  function shareURL(id, token, scope) {
    const url = new URL(location.href);
    url.searchParams.set('session', id);
    url.hash = token ? `token=${token}${scope ? `&scope=${scope}` : ''}` : '';
    return url.href;
  }

  return { base, apiRoot, ignoredAPI, savedSession, shareLinks, apiKey, theme, shareURL };
})();
