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
    watch: document.getElementById('ind-watch'),
    watchNote: document.getElementById('watch-note'),
    clearHistory: document.getElementById('clear-history'),
    copyDisplay: document.getElementById('copy-display'),
    confirm: document.getElementById('shared-confirm'),
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

  // What went wrong, for a person, with what to do next. A server's detail is shown where it speaks to the person
  // (a 4xx about their input, a 503 with its retry); the refusals the page knows are said in its own words.
  function describe(error) {
    if (error instanceof NetworkError) {
      return `Cannot reach the calculator service${base ? ` at ${base}` : ''}. Check the connection and try again.`;
    }
    if (error instanceof APIError) {
      if (error.status === 403) return 'You can only watch this session: its owner presses the keys.';
      if (error.status === 429) return 'Too many presses at once. Wait a moment, then press the key again.';
      if (error.status >= 500 && error.status !== 503) {
        return 'The calculator service had a problem. Press the key again; if it keeps failing, reload the page.';
      }
      return error.message;
    }
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

  // A problem (the default) or a plain notice ('info': copied, recalled), which reads in the text's own colour.
  function showStatus(message, kind = 'problem') {
    el.status.textContent = message;
    el.status.classList.toggle('is-info', kind === 'info');
    delete el.status.dataset.from;
  }
  function clearStatus() {
    el.status.textContent = '';
    delete el.status.dataset.from;
  }
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
        const info = catalog.get(Array.isArray(name) ? name[name.length - 1] : name);
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
      // MS and the memory list's entry keys (m+:2 …) are the memory panel's (statistics.js).
      if (info.name === 'ms' || info.name.includes(':')) continue;
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

  // Whether this page may press keys on its session: not with a watch-only link's token.
  const mayPress = () => savedSession.scope() !== 'viewer';

  // A watch-only page says so and offers no key that would only be refused.
  function showAccess() {
    const watching = !mayPress();
    root.dataset.access = watching ? 'viewer' : 'owner';
    el.watch.hidden = !watching;
    el.watchNote.hidden = !watching;
    for (const button of root.querySelectorAll('#keypad button, .tools .tool-key, #toggle-grad, #toggle-programmer, #toggle-rpn, #toggle-bits, #toggle-statistics, #memory-store, #statistics-panel button, #memory-panel button, #unit-display, #format-form button, #clear-history')) {
      if (watching) button.disabled = true;
      else if (!button.closest('#programmer-grid, #bit-grid')) button.disabled = false;
    }
  }

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
    // RPN mode has no =: its place is ENTER's, drawn as ⏎ to fit a round key (the stack keys spell it out).
    const equals = buttons.get('=');
    if (equals && catalog.has('enter')) {
      setButtonKey(equals, next.mode === 'rpn' ? 'enter' : '=');
      if (next.mode === 'rpn') equals.textContent = '⏎';
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
    showAccess();
    setDecimalKey(next.locale);
  }

  // ---- numbers in the display's locale ----

  // The decimal separator of `locale` from the browser's CLDR data (Intl), which the server's table follows too.
  function decimalSeparator(locale) {
    if (!locale) return '.';
    try {
      const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((each) => each.type === 'decimal');
      return part ? part.value : '.';
    } catch (_) {
      return '.';
    }
  }

  // The point key shows the display's separator; it still sends '.', and the keyboard's '.' and ',' both type it.
  function setDecimalKey(locale) {
    const point = buttons.get('.');
    if (point) point.textContent = decimalSeparator(locale);
  }

  // `text`, a number written in the display's locale (1.234,5 in de-DE; 1 234,5; -2.5e-3) or plainly, written
  // plainly (-1234.5); null for anything else.
  function plainNumber(text, locale = state && state.locale) {
    const decimal = decimalSeparator(locale);
    let plain = String(text).trim().replace(/[\s\u00a0\u202f\u2019'_]/g, '').replace(/^\u2212/, '-');
    if (decimal === ',') plain = plain.replace(/\./g, '').replace(',', '.');
    else plain = plain.replace(/,/g, '');
    return /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(plain) ? plain : null;
  }

  // The keys that type `text` (as plainNumber reads it); null for anything that is no number.
  function keysForNumber(text, locale) {
    const plain = plainNumber(text, locale);
    const match = plain && /^(-?)([\d.]+)(?:[eE]([+-]?)(\d+))?$/.exec(plain);
    if (!match) return null;
    const [, sign, digits, exponentSign, exponent] = match;
    const keys = [...digits];
    if (sign) keys.push('neg');
    if (exponent !== undefined) {
      keys.push('EE', ...exponent);
      if (exponentSign === '-') keys.push('neg');
    }
    return keys;
  }

  // Long numbers shrink to fit the width instead of being cut off, but never below the size that keeps the result
  // the largest text on the page (the expression's and the history's are smaller): past that they wrap.
  const smallestResult = 28;
  function fitDisplay() {
    const display = el.display;
    display.style.fontSize = '';
    display.classList.remove('is-wrapped');
    const available = display.clientWidth;
    const needed = display.scrollWidth;
    if (available > 0 && needed > available) {
      const size = parseFloat(getComputedStyle(display).fontSize);
      const fitted = Math.floor(size * available / needed);
      display.style.fontSize = `${Math.max(smallestResult, fitted)}px`;
      if (fitted < smallestResult) display.classList.add('is-wrapped');
    }
  }

  function renderHistory(entries) {
    const items = entries.map((entry) => {
      const li = document.createElement('li');
      // A button: a click, Enter or Space puts the result on the display.
      const recall = document.createElement('button');
      recall.type = 'button';
      recall.className = 'history-entry';
      recall.addEventListener('click', () => recallEntry(entry));
      const expression = document.createElement('span');
      expression.className = 'history-expression';
      expression.textContent = `${entry.expression} =`;
      const result = document.createElement('span');
      result.className = 'history-result';
      result.textContent = entry.result;
      recall.append(expression, result);
      li.append(recall);
      return li;
    });
    el.history.replaceChildren(...items);
    el.historyEmpty.hidden = entries.length > 0;
    el.clearHistory.hidden = entries.length === 0 || !mayPress();
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
    if (savedSession.needsConsent()) {
      if (await askToOpenShared()) savedSession.consent(); else savedSession.decline();
    }
    const saved = savedSession.get();
    if (saved) {
      try {
        if (savedSession.isShared() && savedSession.scope() === null) await learnScope(saved);
        const resumed = await request('GET', `sessions/${saved}`);
        render(resumed);
        await refreshHistory(saved);
        return saved;
      } catch (error) {
        // Expired or deleted, or its token revoked: start a new one. Anything else (service down) is reported, and the
        // id kept.
        if (!(error instanceof APIError && (error.status === 404 || error.status === 401))) throw error;
        const wasShared = savedSession.isShared();
        savedSession.clear();
        if (wasShared) {
          showStatus('That shared link no longer works (its session ended or the link was revoked), so this is your own session.');
          return openSession();
        }
        showStatus('Your previous session is no longer on the server, so this is a new one with an empty history.');
      }
    }
    return createSession();
  }

  // A link's token is a viewer's or an owner's: only an owner may list the session's tokens.
  async function learnScope(id) {
    try {
      await request('GET', `sessions/${id}/tokens`);
      savedSession.setScope('owner');
    } catch (error) {
      if (error instanceof APIError && error.status === 403) savedSession.setScope('viewer');
      else if (!(error instanceof APIError && error.status === 404)) throw error;
    }
  }

  // Whether to open a full-control link's session here: the person says so with #shared-confirm's buttons.
  function askToOpenShared() {
    el.confirm.hidden = false;
    document.getElementById('shared-open').focus();
    return new Promise((resolve) => {
      const answer = (open) => () => {
        el.confirm.hidden = true;
        resolve(open);
      };
      document.getElementById('shared-open').addEventListener('click', answer(true), { once: true });
      document.getElementById('shared-decline').addEventListener('click', answer(false), { once: true });
    });
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
        apiKey.set(await askForAPIKey());
      }
    }
    savedSession.set(created.id, created.token, created.tokenId);
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
    showStatus,
    mayPress,
    plainNumber,
    decimalSeparator: () => decimalSeparator(state && state.locale),
    // What Ctrl+C and the Copy button copy: the display as shown.
    copyText: () => el.display.textContent,
    copied: () => showStatus(`Copied ${el.display.textContent}.`, 'info'),
    paste(text) {
      const keys = keysForNumber(text, state && state.locale);
      if (!keys) {
        showStatus('Only a number can be pasted here, such as 1234.5 (or as the display writes numbers).');
        return;
      }
      press(keys);
    },
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
    if (!mayPress()) {
      showStatus('You can only watch this session: its owner presses the keys.');
      return queue;
    }
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
        body: Array.isArray(name) ? { keys: name } : { key: name },
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
        // The session is gone from the server (expired, deleted, or held in memory by a server that restarted; the
        // answer does not say which), or its token was revoked: a link's session gives way to the page's own, the
        // page's own to a new one, and the key is pressed there.
        const wasShared = savedSession.isShared();
        savedSession.clear();
        sessionPromise = null;
        await send(name, true);
        if (!el.status.textContent || el.status.dataset.from === 'stream') {
          showStatus(wasShared
            ? 'The shared session is no longer available, so this is your own session again.'
            : 'The previous session is no longer on the server, so this is a new one with an empty history.');
        }
        return;
      }
      if (error instanceof APIError && error.status === 403) {
        savedSession.setScope('viewer');
        showAccess();
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

  // statistics.js empties the data set, or takes out one point (its place), through this event, in the same queue.
  root.addEventListener('calculator:data', (event) => {
    queue = queue.then(() => removeData(event.detail));
  });

  async function removeData(point) {
    try {
      const id = await ensureSession();
      await request('DELETE', point === null ? `sessions/${id}/data` : `sessions/${id}/data?point=${point}`);
      render(await request('GET', `sessions/${id}`));
      clearStatus();
    } catch (error) {
      showStatus(describe(error));
    }
  }

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
  function askForAPIKey() {
    showStatus(apiKey.get()
      ? 'That API key was not accepted. Enter the key the calculator\'s operator gave you, then press Use key.'
      : 'This calculator is private: enter the API key its operator gave you, then press Use key.');
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

  // ---- history and clipboard ----

  // An entry's result goes on the display, typed as its digits would be; the status line names its calculation.
  function recallEntry(entry) {
    const keys = keysForNumber(entry.result, state && state.locale);
    if (!keys) {
      showStatus(`${entry.result} cannot be put on the display; pick another calculation.`);
      return;
    }
    press(keys).then(() => {
      if (el.status.textContent === '') showStatus(`Recalled ${entry.result} from ${entry.expression}.`, 'info');
    });
  }

  el.clearHistory.addEventListener('click', async () => {
    try {
      const id = await ensureSession();
      await request('DELETE', `sessions/${id}/history`);
      renderHistory([]);
      showStatus('History cleared.', 'info');
    } catch (error) {
      showStatus(`Could not clear the history: ${describe(error)}`);
    }
  });

  el.copyDisplay.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(el.display.textContent);
      window.calculatorPage.copied();
    } catch (_) {
      showStatus('The browser did not allow copying: select the number and copy it, or press Ctrl+C.');
    }
  });

  for (const button of root.querySelectorAll('.tool-key')) {
    button.addEventListener('click', () => press(button.dataset.key));
  }

  // ---- theme ----

  // The system's theme until the toggle chooses one, which is kept.
  const themeToggle = document.getElementById('toggle-theme');
  const systemLight = window.matchMedia('(prefers-color-scheme: light)');
  function showTheme() {
    const chosen = window.calculatorLocation.theme.get();
    if (chosen) document.documentElement.dataset.theme = chosen; else delete document.documentElement.dataset.theme;
    const light = chosen ? chosen === 'light' : systemLight.matches;
    themeToggle.setAttribute('aria-pressed', String(light));
    document.querySelector('meta[name="theme-color"]').content = light ? '#f2f2f5' : '#000000';
  }
  themeToggle.addEventListener('click', () => {
    window.calculatorLocation.theme.set(themeToggle.getAttribute('aria-pressed') === 'true' ? 'dark' : 'light');
    showTheme();
  });
  systemLight.addEventListener('change', showTheme);
  showTheme();

  // ---- start ----

  // Once every deferred script has run (they come after this one, and the browser may answer a request between two
  // of them): the keys and the first state are events, and a script that has not yet listened would miss them.
  document.addEventListener('DOMContentLoaded', async () => {
    const keys = loadKeys();
    try {
      await ensureSession();
    } catch (error) {
      showStatus(describe(error));
    }
    await keys;
    root.dataset.ready = 'true';
  }, { once: true });
})();
