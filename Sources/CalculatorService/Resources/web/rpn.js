// RPN mode on the page: the mode switch, the stack's four lines above the display (T, Z, Y and X, as macOS shows
// them) and the stack keys (ENTER, x⇄y, R↓, R↑, LASTx) from the catalog. app.js draws the rest of the state, turns
// the = key into ENTER in RPN mode and owns the press queue; this script hears its 'calculator:keys' and
// 'calculator:state' events and answers with 'calculator:press' and 'calculator:settings' (a PATCH of the session).
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const el = {
    stack: document.getElementById('rpn-stack'),
    keys: document.getElementById('keys-rpn'),
    toggle: document.getElementById('toggle-rpn'),
  };
  const levels = ['t', 'z', 'y', 'x'];
  const press = (name) => root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  let state = null;

  // The stack keys are the catalog's keys of RPN mode only, in its order.
  function loadKeys(keys) {
    const made = keys.filter((info) => info.modes.rpn === 'stack').map((info) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'key key-rpn' + ([...info.label].length > 2 ? ' is-word' : '');
      button.dataset.key = info.name;
      button.textContent = info.label;
      button.setAttribute('aria-label', info.spoken);
      button.title = info.spoken;
      button.addEventListener('click', () => press(info.name));
      return button;
    });
    el.keys.replaceChildren(...made);
    el.toggle.hidden = made.length === 0;
  }

  function drawStack() {
    el.stack.replaceChildren(...levels.map((level) => {
      const line = document.createElement('li');
      line.className = 'rpn-level';
      const name = document.createElement('span');
      name.className = 'rpn-name';
      name.textContent = level.toUpperCase();
      const value = document.createElement('span');
      value.className = 'rpn-value';
      value.id = `rpn-${level}`;
      line.append(name, value);
      return line;
    }));
  }

  function render(next) {
    state = next;
    const rpn = next.mode === 'rpn' && Boolean(next.stack);
    el.toggle.setAttribute('aria-pressed', String(next.mode === 'rpn'));
    el.stack.hidden = !rpn;
    if (!rpn) return;
    if (el.stack.childElementCount === 0) drawStack();
    for (const level of levels) document.getElementById(`rpn-${level}`).textContent = next.stack[level];
  }

  // RPN mode on, or back to scientific mode.
  el.toggle.addEventListener('click', () => {
    const mode = state && state.mode === 'rpn' ? 'scientific' : 'rpn';
    root.dispatchEvent(new CustomEvent('calculator:settings', { detail: { mode } }));
  });

  root.addEventListener('calculator:keys', (event) => loadKeys(event.detail));
  root.addEventListener('calculator:state', (event) => render(event.detail));
})();
