// Programmer mode, gradians and variables on the page: the mode switch, the programmer keypad with its radix and word
// selectors, the four radix lines, the gradian toggle, and the indicator of a waiting sto or rcl and the variables. app.js draws the
// state and owns the press queue; this script hears its 'calculator:keys' and 'calculator:state' events and answers
// with 'calculator:press' and 'calculator:settings' (a PATCH of the session).
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const el = {
    grid: document.getElementById('programmer-grid'),
    radixSelect: document.getElementById('radix-select'),
    wordSelect: document.getElementById('word-select'),
    radixes: document.getElementById('radixes'),
    variables: document.getElementById('variables'),
    awaiting: document.getElementById('ind-awaiting'),
    word: document.getElementById('ind-word'),
    gradToggle: document.getElementById('toggle-grad'),
    programmerToggle: document.getElementById('toggle-programmer'),
  };

  // Windows' programmer keypad, six keys a row: the bitwise keys, then the digits with A-F beside them, memory and
  // the variables. Keys the catalog lacks are left out.
  const layout = [
    ['and', 'or', 'xor', 'not', 'nand', 'nor'],
    ['rol', 'ror', 'lsh', 'rsh', 'mod', 'CE'],
    ['A', 'B', '(', ')', 'back', 'AC'],
    ['C', '7', '8', '9', '/', 'mc'],
    ['D', '4', '5', '6', '*', 'mr'],
    ['E', '1', '2', '3', '-', 'm+'],
    ['F', 'neg', '0', '=', '+', 'm-'],
    ['sto', 'rcl', 'x', 'y', 'z', 't'],
  ];
  const radixes = [['hex', 'HEX', 16], ['dec', 'DEC', 10], ['oct', 'OCT', 8], ['bin', 'BIN', 2]];
  const words = [['qword', 'QWORD', 64], ['dword', 'DWORD', 32], ['word', 'WORD', 16], ['byte', 'BYTE', 8]];

  // What a screen reader says for a key of this keypad (the labels are abbreviations): the catalog's spoken name,
  // which is for the key's meaning in the other modes, so a digit here (C is clear entry there) says its label.
  const spoken = (name) => {
    const info = catalog.get(name);
    if (!info) return undefined;
    return info.modes.programmer === 'digit' ? info.label : info.spoken;
  };

  const press = (name) => root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  let state = null;
  let catalog = new Map();

  function button(name, label, className, extra = {}, onClick = () => press(name)) {
    const made = document.createElement('button');
    made.type = 'button';
    made.className = className;
    made.dataset.key = name;
    made.textContent = label;
    made.setAttribute('aria-label', spoken(name) || label);
    for (const [attribute, value] of Object.entries(extra)) made.setAttribute(attribute, value);
    made.addEventListener('click', onClick);
    return made;
  }

  function classFor(info) {
    const kind = info.modes.programmer;
    if (kind === 'digit') return 'key key-programmer key-programmer-digit';
    if (kind === 'binary' || kind === 'equals') return 'key key-programmer key-programmer-operator';
    return 'key key-programmer';
  }

  function loadKeys(keys) {
    catalog = new Map(keys.map((info) => [info.name, info]));
    el.gradToggle.hidden = !catalog.has('grad');
    if (state) render(state);
  }

  // The programmer keypad exists only in programmer mode, so the other modes' keys are the only ones of their names.
  function drawKeypad(programmer) {
    if (!programmer) {
      for (const container of [el.grid, el.radixSelect, el.wordSelect, el.radixes]) container.replaceChildren();
      return;
    }
    if (el.grid.childElementCount > 0) return;
    const made = [];
    for (const row of layout) {
      for (const name of row) {
        const info = catalog.get(name);
        if (!info || !info.modes.programmer) continue;
        // Word labels (AND, Lsh, STO) take a smaller type than symbols and digits.
        made.push(button(name, info.label, classFor(info) + ([...info.label].length > 1 ? ' is-word' : '')));
      }
    }
    el.grid.replaceChildren(...made);
    el.radixSelect.replaceChildren(...radixes.map(([name, label]) => button(name, label, 'segment', { 'aria-pressed': 'false' })));
    el.wordSelect.replaceChildren(...words.map(([name, label]) => button(name, label, 'segment', { 'aria-pressed': 'false' })));
    el.radixes.replaceChildren(...radixes.map(([name, label]) => {
      const line = button(name, '', 'radix-line');
      line.setAttribute('aria-label', `${spoken(name)}: show the display in it`);
      const tag = document.createElement('span');
      tag.className = 'radix-name';
      tag.textContent = label;
      const value = document.createElement('span');
      value.className = 'radix-value';
      value.id = `radix-${name}`;
      line.append(tag, value);
      return line;
    }));
  }

  function render(next) {
    state = next;
    const programmer = next.mode === 'programmer';
    if (catalog.size > 0) drawKeypad(programmer);
    el.programmerToggle.setAttribute('aria-pressed', String(programmer));
    el.radixes.hidden = !programmer;
    el.word.hidden = !programmer;
    if (programmer) {
      el.word.textContent = (words.find(([, , bits]) => bits === next.word) || [, 'QWORD'])[1];
      for (const [name] of radixes) {
        const value = document.getElementById(`radix-${name}`);
        if (value) value.textContent = next.radixes ? next.radixes[name] : '';
      }
      const base = radixes.find(([name]) => name === next.radix)[2];
      for (const key of el.grid.querySelectorAll('.key-programmer-digit')) {
        // A digit outside the radix is refused by the service; the page greys it out, as Windows does.
        key.disabled = parseInt(key.dataset.key, 16) >= base;
      }
    }
    for (const segment of root.querySelectorAll('.segment, .radix-line')) {
      const on = segment.dataset.key === next.radix || (words.find(([name]) => name === segment.dataset.key) || [])[2] === next.word;
      segment.setAttribute('aria-pressed', String(programmer && on));
    }
    el.gradToggle.setAttribute('aria-pressed', String(next.angle === 'grad'));
    el.awaiting.hidden = !next.awaiting;
    el.awaiting.textContent = next.awaiting ? next.awaiting.toUpperCase() : '';
    el.awaiting.title = next.awaiting ? `${next.awaiting} waits for a variable: x, y, z or t` : '';
    for (const key of root.querySelectorAll('#keypad button[data-key]')) {
      if (['x', 'y', 'z', 't'].includes(key.dataset.key)) key.classList.toggle('is-active', Boolean(next.awaiting));
    }
    const stored = Object.entries(next.variables || {});
    el.variables.hidden = stored.length === 0;
    el.variables.textContent = stored.map(([name, value]) => `${name} = ${value}`).join('   ');
  }

  // The gradian toggle: on, it presses grad; off, deg.
  el.gradToggle.addEventListener('click', () => press(state && state.angle === 'grad' ? 'deg' : 'grad'));

  // Programmer mode on, or back to scientific mode.
  el.programmerToggle.addEventListener('click', () => {
    const mode = state && state.mode === 'programmer' ? 'scientific' : 'programmer';
    root.dispatchEvent(new CustomEvent('calculator:settings', { detail: { mode } }));
  });

  root.addEventListener('calculator:keys', (event) => loadKeys(event.detail));
  root.addEventListener('calculator:state', (event) => render(event.detail));
})();
