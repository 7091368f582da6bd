// Programmer mode's bit grid, as Windows' bit toggling keypad: a toggle puts it in the place of the programmer keys,
// 64 bits in groups of 4 (rows of 16, or of 8 on a narrow screen), the bits past the word greyed out, a click on a
// bit flipping it (the catalog's bit0 … bit63), and the count of one bits. app.js draws the rest of the state and
// owns the press queue; this script hears its 'calculator:keys' and 'calculator:state' events and answers with
// 'calculator:press'.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const el = {
    grid: document.getElementById('bit-grid'),
    count: document.getElementById('bit-count'),
    toggle: document.getElementById('toggle-bits'),
  };
  const press = (name) => root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  let hasBitKeys = false;
  let shown = false;

  // Bit 63 first, as the bits are written; each group of four says the number of its lowest bit.
  function drawGrid() {
    const groups = [];
    for (let high = 63; high >= 0; high -= 4) {
      const group = document.createElement('div');
      group.className = 'bit-group';
      const bits = document.createElement('div');
      bits.className = 'bit-group-bits';
      for (let bit = high; bit > high - 4; bit -= 1) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'bit';
        button.dataset.key = `bit${bit}`;
        button.dataset.bit = String(bit);
        button.textContent = '0';
        button.addEventListener('click', () => press(`bit${bit}`));
        bits.append(button);
      }
      const index = document.createElement('span');
      index.className = 'bit-index';
      index.textContent = String(high - 3);
      index.setAttribute('aria-hidden', 'true');
      group.append(bits, index);
      groups.push(group);
    }
    el.grid.replaceChildren(...groups);
  }

  function render(next) {
    const programmer = next.mode === 'programmer';
    el.toggle.hidden = !programmer || !hasBitKeys;
    root.dataset.bits = String(programmer && shown);
    el.toggle.setAttribute('aria-pressed', String(programmer && shown));
    if (!programmer || !shown) return;
    if (el.grid.childElementCount === 0) drawGrid();
    // The word's bits, lowest last, from the binary line (no Error shows while it is there).
    const binary = next.radixes ? next.radixes.bin : '';
    let ones = 0;
    for (const button of el.grid.querySelectorAll('.bit')) {
      const bit = Number(button.dataset.bit);
      const outside = bit >= next.word;
      const one = !outside && binary.length > bit && binary[binary.length - 1 - bit] === '1';
      if (one) ones += 1;
      button.textContent = one ? '1' : '0';
      button.disabled = outside || !next.radixes;
      button.setAttribute('aria-pressed', String(one));
      button.setAttribute('aria-label', `bit ${bit}: ${one ? 'one' : 'zero'}${outside ? `, outside the ${next.word}-bit word` : ''}`);
    }
    el.count.textContent = next.radixes ? `${ones} of ${next.word} bits set` : '';
  }

  let state = null;
  el.toggle.addEventListener('click', () => {
    shown = !shown;
    if (state) render(state);
  });

  root.addEventListener('calculator:keys', (event) => {
    hasBitKeys = event.detail.some((info) => info.name === 'bit63');
    if (state) render(state);
  });
  root.addEventListener('calculator:state', (event) => {
    state = event.detail;
    render(state);
  });
})();
