// Keeps the page in step with its session wherever else it is used (another tab, another device): it follows the
// session's event stream (GET /sessions/{id}/events) and hands each newer state to the page, and it offers a link
// that opens the same session on another screen, watch only or in full control.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const status = document.getElementById('status');
  const share = document.getElementById('share');
  const sharePanel = document.getElementById('share-panel');
  const shareScope = document.getElementById('share-scope');
  const shareLink = document.getElementById('share-link');
  const shareList = document.getElementById('share-links');
  const { apiRoot, savedSession, shareLinks, shareURL } = window.calculatorLocation;
  // A stream the server refused or could not keep (a limit, the service restarting) is opened again this much later.
  const reopenDelay = 5000;

  let followed = null;
  let source = null;
  let reopen = null;

  function follow(id) {
    if (id === followed) return;
    stop();
    followed = id;
    share.hidden = false;
    showPanel(false);
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
    source.addEventListener('deleted', () => ended('This session was deleted on another screen. Press any key to start a new one.'));
    source.addEventListener('expired', () => ended('This session had expired after a while unused. Press any key to start a new one.'));
    source.addEventListener('revoked', () => ended('The link this page used was revoked by the session\'s owner. Press any key to go on with a session of your own.'));
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
    window.calculatorPage.showStatus(message);
    // The next key's own sentence (a new session) replaces this one.
    status.dataset.from = 'stream';
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

  // ---- the Share panel: one link per scope, reused; the session's links listed and revoked ----

  const scopeNames = { viewer: 'Watch only', owner: 'Full control' };

  function showPanel(shown) {
    sharePanel.hidden = !shown;
    share.setAttribute('aria-expanded', String(shown));
    if (shown) listLinks();
  }

  // The session's tokens that work now, as the server lists them (an owner's page only); null for a page that may
  // not list them (a watch-only one, or a server with open access).
  async function serverTokens(id) {
    if (!savedSession.token() || savedSession.scope() === 'viewer') return null;
    try {
      return (await window.calculatorPage.request('GET', `sessions/${encodeURIComponent(id)}/tokens`)).tokens;
    } catch (error) {
      if (error.status === 403) return null;
      throw error;
    }
  }

  function expiry(expiresAt) {
    if (expiresAt === null || expiresAt === undefined) return 'for as long as the session lasts';
    return `until ${new Date(expiresAt * 1000).toLocaleString()}`;
  }

  async function listLinks() {
    const id = followed;
    let tokens;
    try {
      tokens = await serverTokens(id);
    } catch (error) {
      window.calculatorPage.showStatus(`Could not list the links: ${window.calculatorPage.describe(error)}`);
      return;
    }
    if (id !== followed) return;
    const links = (tokens || []).filter((token) => token.id !== savedSession.ownTokenID());
    if (!tokens) {
      shareList.replaceChildren(listItem(savedSession.token()
        ? 'This page watches the session: its link passes watching on. Only the owner can list or revoke links.'
        : 'This server lets anyone with the link use the session; there is nothing to revoke.'));
      return;
    }
    if (links.length === 0) {
      shareList.replaceChildren(listItem('No links yet. Copy link makes one.'));
      return;
    }
    shareList.replaceChildren(...links.map((token) => {
      const item = listItem(`${scopeNames[token.scope] || token.scope}, ${expiry(token.expiresAt)}`);
      item.dataset.token = token.id;
      item.dataset.scope = token.scope;
      const revoke = document.createElement('button');
      revoke.type = 'button';
      revoke.className = 'toggle';
      revoke.textContent = 'Revoke';
      revoke.setAttribute('aria-label', `Revoke the ${scopeNames[token.scope] || token.scope} link`);
      revoke.addEventListener('click', () => revokeLink(id, token));
      item.append(' ', revoke);
      return item;
    }));
  }

  function listItem(text) {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }

  async function revokeLink(id, token) {
    try {
      await window.calculatorPage.request('DELETE', `sessions/${encodeURIComponent(id)}/tokens/${encodeURIComponent(token.id)}`);
    } catch (error) {
      window.calculatorPage.showStatus(`Could not revoke the link: ${window.calculatorPage.describe(error)}`);
      return;
    }
    for (const scope of ['viewer', 'owner']) {
      const kept = shareLinks.get(id, scope);
      if (kept && kept.id === token.id) shareLinks.put(id, scope, null);
    }
    if (shareLink.dataset.token === token.id) shareLink.value = '';
    window.calculatorPage.showStatus(`${scopeNames[token.scope] || 'The'} link revoked: it no longer opens this session.`, 'info');
    listLinks();
  }

  // The link for the scope chosen: the one this page made before while the server still has it, else a new token of
  // that scope when this page may mint one (an owner's); a watch-only page passes its own token on; no token with
  // open access.
  async function linkToShare(id) {
    const own = savedSession.token();
    if (!own) return { url: shareURL(id) };
    const scope = shareScope.value;
    if (savedSession.scope() === 'viewer') return { url: shareURL(id, own, 'viewer') };
    const kept = shareLinks.get(id, scope);
    const tokens = await serverTokens(id);
    if (kept && tokens && tokens.some((token) => token.id === kept.id)) return { url: shareURL(id, kept.token, scope), id: kept.id };
    try {
      const minted = await window.calculatorPage.request('POST', `sessions/${encodeURIComponent(id)}/tokens`, {
        body: { scope },
      });
      shareLinks.put(id, scope, { id: minted.id, token: minted.token });
      return { url: shareURL(id, minted.token, scope), id: minted.id };
    } catch (error) {
      if (error.status === 403) return { url: shareURL(id, own, 'viewer') };
      if (error.status === 422) throw new Error('This session has as many links as it may hold (32). Revoke one below, then copy the link again.');
      throw error;
    }
  }

  share.addEventListener('click', () => showPanel(sharePanel.hidden));
  shareScope.addEventListener('change', () => { shareLink.value = ''; });

  document.getElementById('share-copy').addEventListener('click', async () => {
    const watchOnly = !savedSession.token() ? false : savedSession.scope() === 'viewer' || shareScope.value === 'viewer';
    const what = watchOnly ? 'to watch this session there' : 'to use this session there too';
    let link;
    try {
      link = await linkToShare(followed);
    } catch (error) {
      window.calculatorPage.showStatus(`Could not make a link: ${window.calculatorPage.describe(error)}`);
      return;
    }
    shareLink.value = link.url;
    shareLink.dataset.token = link.id || '';
    share.dataset.link = link.url;
    listLinks();
    try {
      await navigator.clipboard.writeText(link.url);
      window.calculatorPage.showStatus(`Link copied: open it on another screen ${what}.`, 'info');
    } catch (_) {
      // The clipboard needs a secure context and permission; the link itself still works.
      window.calculatorPage.showStatus(`Copy the link below and open it on another screen ${what}.`, 'info');
    }
  });
})();
