// The bundled calculator front end. Every calculation happens on the server: this page only draws the keypad it is
// given by GET /keys, sends key presses one at a time and shows the state each press returns.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const el = {
    display: document.getElementById('display'),
    expression: document.getElementById('expression'),
    status: document.getElementById('status'),
    second: document.getElementById('ind-second'),
    memory: document.getElementById('ind-memory'),
    angle: document.getElementById('ind-angle'),
    history: document.getElementById('history'),
    historyEmpty: document.getElementById('history-empty'),
    historyCount: document.getElementById('history-count'),
    scientific: document.getElementById('keys-scientific'),
    basic: document.getElementById('keys-basic'),
    announcement: document.getElementById('announcement'),
    scientificToggle: document.getElementById('toggle-scientific'),
    apiKeyForm: document.getElementById('api-key-form'),
    apiKeyInput: document.getElementById('api-key'),
  };

  // ---- where the API is (location.js) ----

  const { base, apiRoot, ignoredAPI, savedSession, apiKey } = window.calculatorLocation;

  // ---- HTTP ----

  class APIError extends Error {
    constructor(status, message, problem) {
      super(message);
      this.status = status;
      this.problem = problem;
    }
  }

  class NetworkError extends Error {}

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // The credential a request carries: the session's token on the session's routes, the operator's API key (when one
  // was entered) on a create.
  function authorization(method, path) {
    const credential = path.startsWith('sessions/') ? savedSession.token() : method === 'POST' && path === 'sessions' ? apiKey.get() : null;
    return credential ? { Authorization: `Bearer ${credential}` } : {};
  }

  async function request(method, path, { body, headers = {}, retryOnNetworkError = false } = {}) {
    const credential = authorization(method, path);
    const init = { method, headers: { Accept: 'application/json, application/problem+json', ...credential, ...headers } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const url = new URL(path, apiRoot);
    let response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (!retryOnNetworkError) throw new NetworkError(error.message);
      // Safe to send again: the request carries the same Idempotency-Key, so the server applies it at most once.
      await sleep(400);
      try {
        response = await fetch(url, init);
      } catch (again) {
        throw new NetworkError(again.message);
      }
    }
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
    if (!response.ok) {
      const detail = (data && (data.detail || data.title)) || `${response.status} ${response.statusText}`.trim();
      throw new APIError(response.status, detail, data);
    }
    return data;
  }

  function describe(error) {
    if (error instanceof NetworkError) {
      return `Cannot reach the calculator service${base ? ` at ${base}` : ''}. Check the connection and try again.`;
    }
    if (error instanceof APIError) return error.message;
    return String(error && error.message || error);
  }

  function newIdempotencyKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    // randomUUID needs a secure context; getRandomValues does not (the page may be served over plain http).
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  // ---- status line ----

  function showStatus(message) { el.status.textContent = message; }
  function clearStatus() { el.status.textContent = ''; }
  if (ignoredAPI) showStatus(`Ignoring api=${ignoredAPI}: not an http(s) URL.`);

  // ---- keypad ----

  // Where keys sit; what they show, their kind and their inverse come from GET /keys. "clear" is AC or C and
  // "angle" is Rad or Deg, whichever applies now. Keys the catalog lacks are left out; catalog keys not placed here
  // (except 2nd-only ones, reached through 2nd) are added at the end of the scientific block.
  const basicLayout = [
    ['clear', 'neg', 'percent', '/'],
    ['7', '8', '9', '*'],
    ['4', '5', '6', '-'],
    ['1', '2', '3', '+'],
    ['back', '0', '.', '='],
  ];
  const scientificLayout = [
    ['(', ')', 'mc', 'm+', 'm-', 'mr'],
    ['2nd', 'sq', 'cube', 'pow', 'exp', 'ln'],
    ['recip', 'sqrt', 'cbrt', 'log10', 'log2', 'logy'],
    ['fact', 'sin', 'cos', 'tan', 'e', 'EE'],
    ['angle', 'sinh', 'cosh', 'tanh', 'pi', 'rand'],
  ];
  // CE is the clear entry of every mode; grad is a toggle of its own, undo and redo are beside the toggles, convert
  // is the converter panel's (tools.js), and the programmer keypad is modes.js's.
  const placedElsewhere = new Set(['AC', 'C', 'CE', 'rad', 'deg', 'grad', 'undo', 'redo', 'convert']);

  const backspaceIcon = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" '
    + 'stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round" '
    + 'd="M9 5h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-6-7z M12.5 9.5l5 5 M17.5 9.5l-5 5"/></svg>';

  let catalog = new Map(); // name → KeyInfo
  const buttons = new Map(); // key name or slot name → button
  let state = null;
  let lastKind = null; // kind of the last key pressed here: decides AC or C, and which operator is lit
  let lastOperator = null;

  function keyLabel(name) {
    const info = catalog.get(name);
    return info ? info.label : name;
  }

  function makeButton(slot, info, block) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `key key-${classFor(slot, info, block)}`;
    button.dataset.slot = slot;
    button.dataset.kind = info.kind;
    button.addEventListener('click', () => press(button.dataset.key));
    buttons.set(slot, button);
    setButtonKey(button, info.name);
    return button;
  }

  function classFor(slot, info, block) {
    if (block === 'scientific') return 'scientific';
    if (slot === 'clear' || info.kind === 'unary') return 'function';
    if (info.kind === 'binary' || info.kind === 'equals') return 'operator';
    if (slot === 'back') return 'back digit';
    return 'digit';
  }

  // Points a button at a key: what it sends, shows and is called.
  function setButtonKey(button, name, shownName = name) {
    const info = catalog.get(shownName) || catalog.get(name);
    button.dataset.key = name;
    if (name === 'back') {
      button.innerHTML = backspaceIcon;
    } else {
      button.textContent = info ? info.label : name;
    }
    // What a screen reader says: the catalog's spoken name (the labels are symbols).
    button.setAttribute('aria-label', info ? info.spoken : name);
    button.title = info && info.spoken !== info.label ? info.spoken : '';
  }

  function drawKeypad(keys) {
    catalog = new Map(keys.map((info) => [info.name, info]));
    buttons.clear();
    const placed = new Set(placedElsewhere);
    const fill = (container, layout, block) => {
      const made = [];
      layout.forEach((row, rowIndex) => row.forEach((slot, columnIndex) => {
        const name = slot === 'clear' ? 'AC' : slot === 'angle' ? 'rad' : slot;
        const info = catalog.get(name);
        if (!info) return;
        placed.add(name);
        const button = makeButton(slot, info, block);
        // The basic keys are placed on the grid by position, so their document order (the tab order) may differ.
        if (block === 'basic') button.style.gridArea = `${rowIndex + 1} / ${columnIndex + 1}`;
        made.push(button);
      }));
      container.replaceChildren(...made);
    };
    fill(el.basic, basicLayout, 'basic');
    // Tab reaches the digits and the point first, then the other basic keys, each in reading order.
    const isDigit = (button) => /^[0-9.]$/.test(button.dataset.slot);
    const basicKeys = [...el.basic.children];
    el.basic.replaceChildren(...basicKeys.filter(isDigit), ...basicKeys.filter((button) => !isDigit(button)));
    fill(el.scientific, scientificLayout, 'scientific');
    for (const info of keys) {
      if (placed.has(info.name) || info.second || !info.modes.scientific) continue;
      el.scientific.append(makeButton(info.name, info, 'scientific'));
    }
    const second = buttons.get('2nd');
    if (second) second.setAttribute('aria-pressed', 'false');
    if (state) render(state);
    root.dispatchEvent(new CustomEvent('calculator:keys', { detail: keys }));
  }

  async function loadKeys() {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const body = await request('GET', 'keys');
        drawKeypad(body.keys);
        return;
      } catch (error) {
        showStatus(`Could not load the keypad: ${describe(error)}`);
        await sleep(Math.min(8000, 1000 * 2 ** attempt));
      }
    }
  }

  // ---- drawing the state ----

  function render(next) {
    state = next;
    root.dataset.session = next.id;
    root.dataset.mode = next.mode;
    el.display.textContent = next.display;
    el.display.classList.toggle('is-error', Boolean(next.error));
    if (next.error) {
      el.expression.textContent = next.error.message;
      el.expression.classList.add('is-error');
    } else {
      el.expression.textContent = next.expression;
      el.expression.classList.remove('is-error');
    }
    // What a screen reader says after each press: the display, and for an error its reason, which only the
    // expression line shows.
    el.announcement.textContent = next.error ? `Error: ${next.error.message}` : next.display;
    el.expression.scrollLeft = el.expression.scrollWidth;
    el.second.hidden = !next.second;
    el.memory.hidden = next.memory === null || next.memory === undefined;
    el.memory.title = el.memory.hidden ? '' : `Memory: ${next.memory}`;
    el.angle.textContent = next.angle.toUpperCase();
    el.angle.title = `Angles in ${{ deg: 'degrees', rad: 'radians', grad: 'gradians' }[next.angle]}`;
    el.angle.hidden = next.mode === 'programmer';

    const clear = buttons.get('clear');
    if (clear) {
      // C while an entry is being typed, AC otherwise, as on a pocket calculator.
      const typing = lastKind === 'digit' && next.display !== '0' && !next.error && catalog.has('C');
      setButtonKey(clear, typing ? 'C' : 'AC');
    }
    const angle = buttons.get('angle');
    if (angle) {
      const target = next.angle === 'rad' ? 'deg' : 'rad';
      if (catalog.has(target)) setButtonKey(angle, target);
    }
    const secondKey = buttons.get('2nd');
    if (secondKey) secondKey.setAttribute('aria-pressed', String(next.second));
    for (const [slot, button] of buttons) {
      const info = catalog.get(slot);
      if (!info || !info.inverse || !catalog.has(info.inverse)) continue;
      // The key still sends its own name; the server applies the inverse while 2nd is on.
      setButtonKey(button, info.name, next.second ? info.inverse : info.name);
      button.classList.toggle('is-inverted', next.second);
    }
    for (const button of buttons.values()) {
      button.classList.toggle('is-active', next.pending && lastKind === 'binary' && button.dataset.key === lastOperator);
    }
    fitDisplay();
    root.dispatchEvent(new CustomEvent('calculator:state', { detail: next }));
  }

  // Long numbers shrink to fit the width instead of being cut off.
  function fitDisplay() {
    const display = el.display;
    display.style.fontSize = '';
    const available = display.clientWidth;
    const needed = display.scrollWidth;
    if (available > 0 && needed > available) {
      const size = parseFloat(getComputedStyle(display).fontSize);
      display.style.fontSize = `${Math.max(14, Math.floor(size * available / needed))}px`;
    }
  }

  function renderHistory(entries) {
    const items = entries.map((entry) => {
      const li = document.createElement('li');
      const expression = document.createElement('span');
      expression.className = 'history-expression';
      expression.textContent = `${entry.expression} =`;
      const result = document.createElement('span');
      result.className = 'history-result';
      result.textContent = entry.result;
      li.append(expression, result);
      return li;
    });
    el.history.replaceChildren(...items);
    el.historyEmpty.hidden = entries.length > 0;
    el.historyCount.textContent = entries.length === 1 ? '1 calculation' : entries.length ? `${entries.length} calculations` : '';
    el.history.scrollTop = el.history.scrollHeight;
  }

  async function refreshHistory(id) {
    try {
      const body = await request('GET', `sessions/${id}/history`);
      renderHistory(body.history);
    } catch (error) {
      showStatus(`Could not load the history: ${describe(error)}`);
    }
  }

  // ---- the session ----

  let sessionPromise = null;

  function ensureSession() {
    if (!sessionPromise) {
      sessionPromise = openSession().catch((error) => {
        sessionPromise = null; // the next press tries again
        throw error;
      });
    }
    return sessionPromise;
  }

  async function openSession() {
    const saved = savedSession.get();
    if (saved) {
      try {
        const resumed = await request('GET', `sessions/${saved}`);
        render(resumed);
        await refreshHistory(saved);
        return saved;
      } catch (error) {
        // Expired or deleted, or its token revoked: start a new one. Anything else (service down) is reported, and the
        // id kept.
        if (!(error instanceof APIError && (error.status === 404 || error.status === 401))) throw error;
        if (error.status === 401) showStatus('This page\'s access to its session was revoked; the next key starts a new one.');
      }
    }
    return createSession();
  }

  async function createSession() {
    let created;
    for (;;) {
      try {
        created = await request('POST', 'sessions');
        break;
      } catch (error) {
        // The server wants the operator's API key to start a session: asked for once, then kept.
        if (!(error instanceof APIError && error.status === 401)) throw error;
        apiKey.set(await askForAPIKey(error.message));
      }
    }
    savedSession.set(created.id, created.token);
    lastKind = null;
    render(created);
    renderHistory([]);
    return created.id;
  }

  // The states made elsewhere (another tab or device on this session), which live.js receives: drawn when newer than
  // the one shown, with the history, which such a state does not carry. A state from the stream has the display's
  // members, not the settings; only programmer mode's display has a radix, so a mode changed elsewhere is seen there
  // and the session is then read whole, mode included.
  window.calculatorPage = {
    request,
    describe,
    showElsewhere(next) {
      if (!state || next.version <= state.version) return;
      const id = state.id;
      if (('radix' in next) === (state.mode === 'programmer')) {
        render({ ...state, ...next });
      } else {
        request('GET', `sessions/${id}`)
          .then((whole) => { if (state && state.id === id && whole.version > state.version) render(whole); })
          .catch((error) => showStatus(describe(error)));
      }
      refreshHistory(id);
    },
  };

  // ---- pressing keys ----

  // Presses are sent strictly one after another, in the order they were made: never two in flight.
  let queue = Promise.resolve();
  let queued = 0;

  function press(name) {
    if (!name) return queue;
    queued += 1;
    root.dataset.busy = 'true';
    queue = queue.then(() => send(name)).finally(() => {
      queued -= 1;
      if (queued === 0) root.dataset.busy = 'false';
    });
    return queue;
  }

  async function send(name, sessionRenewed = false) {
    let id;
    try {
      id = await ensureSession();
    } catch (error) {
      showStatus(describe(error));
      return;
    }
    try {
      const next = await request('POST', `sessions/${id}/press`, {
        body: { key: name },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
        retryOnNetworkError: true,
      });
      const info = catalog.get(name);
      lastKind = info ? info.modes[next.mode] || info.kind : null;
      if (lastKind === 'binary') lastOperator = name;
      render(next);
      clearStatus();
      if (name === '=') await refreshHistory(id);
    } catch (error) {
      if (error instanceof APIError && (error.status === 404 || error.status === 401) && !sessionRenewed) {
        // The session expired on the server: start a new one and press the key there.
        savedSession.clear();
        sessionPromise = null;
        await send(name, true);
        if (!el.status.textContent) showStatus('The previous session had expired; this is a new one.');
        return;
      }
      showStatus(describe(error));
    }
  }

  // ---- other scripts ----

  // keyboard.js and modes.js press keys and change settings through these events, in the same queue as the keypad.
  root.addEventListener('calculator:press', (event) => press(event.detail));
  root.addEventListener('calculator:settings', (event) => {
    queue = queue.then(() => changeSettings(event.detail));
  });

  async function changeSettings(settings) {
    try {
      const id = await ensureSession();
      render(await request('PATCH', `sessions/${id}`, { body: settings }));
      clearStatus();
    } catch (error) {
      showStatus(describe(error));
    }
  }

  // The API key form, shown until a key is entered; resolves with it.
  function askForAPIKey(reason) {
    showStatus(reason);
    el.apiKeyForm.hidden = false;
    el.apiKeyInput.focus();
    return new Promise((resolve) => el.apiKeyForm.addEventListener('submit', (event) => {
      event.preventDefault();
      el.apiKeyForm.hidden = true;
      clearStatus();
      resolve(el.apiKeyInput.value.trim());
    }, { once: true }));
  }

  window.addEventListener('resize', fitDisplay);

  // ---- scientific keys on a narrow screen ----

  // A narrow screen shows the basic keys; the toggle adds the scientific ones, as turning a phone sideways does.
  // Wide screens always show both and hide the toggle.
  el.scientificToggle.addEventListener('click', () => {
    const shown = root.dataset.scientific !== 'true';
    root.dataset.scientific = String(shown);
    el.scientificToggle.setAttribute('aria-pressed', String(shown));
    fitDisplay();
    el.history.scrollTop = el.history.scrollHeight; // the history's box changed: keep the newest in view
  });

  for (const button of root.querySelectorAll('.tool-key')) {
    button.addEventListener('click', () => press(button.dataset.key));
  }

  // ---- start ----

  (async () => {
    const keys = loadKeys();
    try {
      await ensureSession();
    } catch (error) {
      showStatus(describe(error));
    }
    await keys;
    root.dataset.ready = 'true';
  })();
})();
