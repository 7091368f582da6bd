// The keyboard as a keypad: keys send what the buttons send, through app.js's press queue ('calculator:press').
// In programmer mode the letters A-F type hex digits and the C-like operator symbols reach the bitwise keys.
'use strict';

(() => {
  const root = document.getElementById('calculator');

  const keyboard = {
    Enter: '=', '=': '=', Backspace: 'back', Escape: 'AC', Delete: 'CE', '%': 'percent', '^': 'pow',
    '+': '+', '-': '-', '*': '*', '/': '/', '(': '(', ')': ')', '.': '.', ',': '.',
  };
  for (const digit of '0123456789') keyboard[digit] = digit;

  // Where programmer mode differs: % is mod, as in Windows' calculator, and ^ is xor, as in C.
  const programmer = { '%': 'mod', '^': 'xor', '&': 'and', '|': 'or', '~': 'not', '<': 'lsh', '>': 'rsh' };
  for (const letter of 'ABCDEF') {
    programmer[letter] = letter;
    programmer[letter.toLowerCase()] = letter;
  }

  // Undo and redo as in an editor: Ctrl+Z (⌘Z on a Mac), and Ctrl+Shift+Z or Ctrl+Y (⌘⇧Z). Programmer mode's
  // keypad has neither.
  function undoKeyFor(event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || root.dataset.mode === 'programmer') return null;
    const letter = event.key.toLowerCase();
    if (letter === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (letter === 'y' && !event.shiftKey) return 'redo';
    return null;
  }

  function keyFor(event) {
    if (root.dataset.mode === 'programmer' && programmer[event.key]) return programmer[event.key];
    return keyboard[event.key];
  }

  // Whether the focus reached the focused element from the keyboard (Tab), not from a click: Enter then presses the
  // focused key, as on any button. A key clicked keeps the focus, but for someone typing a calculation after a
  // click Enter stays =.
  let focusFromKeyboard = false;
  document.addEventListener('pointerdown', () => { focusFromKeyboard = false; }, true);

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') focusFromKeyboard = true;
    const undo = undoKeyFor(event);
    if (undo) {
      event.preventDefault();
      flash(undo);
      root.dispatchEvent(new CustomEvent('calculator:press', { detail: undo }));
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const onButton = event.target instanceof HTMLButtonElement;
    // The browser clicks the focused button: once, and nothing else happens.
    if (onButton && (event.key === ' ' || (event.key === 'Enter' && focusFromKeyboard))) return;
    const name = keyFor(event);
    if (!name) return;
    // Also stops Enter from clicking a key focused by a click as well as pressing =, and '/' from opening
    // find-in-page.
    event.preventDefault();
    flash(name);
    root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  });

  // A key clicked from the keyboard (Enter or Space on the focused button) shows which key went, as a typed one does.
  root.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('#keypad button');
    if (button && event.detail === 0) flash(button.dataset.key);
  });

  function flash(name) {
    for (const button of root.querySelectorAll('#keypad button')) {
      if (button.dataset.key !== name) continue;
      button.classList.add('is-pressed');
      setTimeout(() => button.classList.remove('is-pressed'), 120);
    }
  }
})();
