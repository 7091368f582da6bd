// Statistics mode and the memory list on the page: the mode switch, statistics mode's keys and its data set (each
// point with a remove button, and a clear button), and the memory list (each entry with MR, M+, M− and MC). app.js
// draws the state and owns the press queue; this script hears its 'calculator:keys' and 'calculator:state' events
// and answers with 'calculator:press', 'calculator:settings' (a PATCH of the session) and 'calculator:data' (a
// point's place to take out, or null to empty the set).
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const el = {
    toggle: document.getElementById('toggle-statistics'),
    panel: document.getElementById('statistics-panel'),
    keys: document.getElementById('statistics-keys'),
    data: document.getElementById('data-list'),
    clear: document.getElementById('data-clear'),
    memoryPanel: document.getElementById('memory-panel'),
    memories: document.getElementById('memory-list'),
  };

  // Casio's and HP's order: entering, then the summaries of x, of y, and the regression.
  const layout = [
    'sigma+', 'sigma-', 'pair', 'clstat', 'n', 'meanx', 'sx', 'psx', 'sumx', 'sumx2', 'varx', 'pvarx',
    'meany', 'sy', 'psy', 'sumy', 'sumy2', 'sumxy', 'vary', 'pvary', 'slope', 'intercept', 'r', 'yhat', 'xhat',
  ];
  // An entry's keys: the first entry's are today's single memory keys (mc:1 clears it alone, mc the whole list).
  const entryKeys = [['mr', 'MR', 'recall'], ['m+', 'M+', 'add'], ['m-', 'M−', 'subtract'], ['mc', 'MC', 'clear']];

  const press = (name) => root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  let catalog = new Map();
  let state = null;

  function button(name, label, spoken, className) {
    const made = document.createElement('button');
    made.type = 'button';
    made.className = className;
    made.dataset.key = name;
    made.textContent = label;
    made.setAttribute('aria-label', spoken);
    made.addEventListener('click', () => press(name));
    return made;
  }

  function loadKeys(keys) {
    catalog = new Map(keys.map((info) => [info.name, info]));
    el.toggle.hidden = !catalog.has('sigma+');
    el.keys.replaceChildren(...layout.filter((name) => catalog.has(name)).map((name) => {
      const info = catalog.get(name);
      return button(name, info.label, info.spoken || info.label, 'key key-statistics');
    }));
    if (state) render(state);
  }

  function entryName(command, entry) {
    if (command === 'mc') return `mc:${entry}`;
    return entry === 1 ? command : `${command}:${entry}`;
  }

  function render(next) {
    state = next;
    const statistics = next.mode === 'statistics';
    el.toggle.setAttribute('aria-pressed', String(statistics));
    el.panel.hidden = !statistics;
    const points = (next.statistics && next.statistics.points) || [];
    el.data.replaceChildren(...points.map((point, index) => {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = point.y === undefined ? point.x : `(${point.x}, ${point.y})`;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'toggle data-remove';
      remove.textContent = '×';
      remove.setAttribute('aria-label', `Remove point ${index + 1}, ${text.textContent}`);
      remove.addEventListener('click', () => root.dispatchEvent(new CustomEvent('calculator:data', { detail: index })));
      item.append(text, remove);
      return item;
    }));
    el.clear.hidden = points.length === 0;
    // `memories` comes once the list holds two entries; before, `memory` is the only one.
    const memories = next.memories || (next.memory === null || next.memory === undefined ? [] : [next.memory]);
    el.memoryPanel.hidden = memories.length === 0;
    el.memories.replaceChildren(...memories.map((value, index) => {
      const entry = index + 1;
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.className = 'memory-value';
      text.textContent = value;
      item.append(text, ...entryKeys.map(([command, label, verb]) => {
        const name = entryName(command, entry);
        return button(name, label, `memory ${entry} ${verb}`, 'toggle memory-key');
      }));
      return item;
    }));
  }

  // Statistics mode on, or back to scientific mode.
  el.toggle.addEventListener('click', () => {
    const mode = state && state.mode === 'statistics' ? 'scientific' : 'statistics';
    root.dispatchEvent(new CustomEvent('calculator:settings', { detail: { mode } }));
  });
  el.clear.addEventListener('click', () => root.dispatchEvent(new CustomEvent('calculator:data', { detail: null })));

  root.addEventListener('calculator:keys', (event) => loadKeys(event.detail));
  root.addEventListener('calculator:state', (event) => render(event.detail));
})();
