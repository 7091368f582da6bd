// The keyboard as a keypad: keys send what the buttons send, through app.js's press queue ('calculator:press').
// In programmer mode the letters A-F type hex digits and the C-like operator symbols reach the bitwise keys.
// A field, a select or a control of a form keeps every key it is typed into: the calculator hears the keyboard only
// when the focus is on the page, the display or the keypad. '?' shows the shortcuts (#shortcuts).
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const help = document.getElementById('shortcuts');

  const keyboard = {
    Enter: '=', '=': '=', Backspace: 'back', Escape: 'AC', Delete: 'CE', '%': 'percent', '^': 'pow',
    '+': '+', '-': '-', '*': '*', '/': '/', '(': '(', ')': ')', '.': '.', ',': '.',
  };
  for (const digit of '0123456789') keyboard[digit] = digit;

  // The scientific functions, memory and 2nd, mostly as Windows' calculator has them; the help overlay lists them.
  const shortcuts = {
    s: 'sin', o: 'cos', t: 'tan', n: 'ln', l: 'log10', q: 'sq', '@': 'sqrt', r: 'recip', '!': 'fact', p: 'pi',
    e: 'e', i: '2nd', F9: 'neg', m: 'm+', M: 'm-', R: 'mr', C: 'mc',
  };

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
    if (root.dataset.mode === 'programmer') return programmer[event.key] || keyboard[event.key];
    // RPN mode: Enter and = are ENTER, and there are no brackets.
    if (root.dataset.mode === 'rpn' && ['Enter', '=', '(', ')'].includes(event.key)) return event.key === '(' || event.key === ')' ? null : 'enter';
    return keyboard[event.key] || shortcuts[event.key];
  }

  // A field, a select, a checkbox or any control inside a form or a panel: its keys are its own (typing 2.5 into
  // the converter's Value, Enter submitting that form).
  function ownsTheKeyboard(target) {
    if (!(target instanceof Element)) return false;
    if (target.isContentEditable || target.matches('input, select, textarea')) return true;
    return Boolean(target.closest('form, .panel, .share-panel, .shortcuts, .confirm'));
  }

  // Whether the focus reached the focused element from the keyboard (Tab), not from a click: Enter then presses the
  // focused key, as on any button. A key clicked keeps the focus, but for someone typing a calculation after a
  // click Enter stays =.
  let focusFromKeyboard = false;
  document.addEventListener('pointerdown', () => { focusFromKeyboard = false; }, true);

  function showHelp(shown) {
    help.hidden = !shown;
    if (shown) help.querySelector('button').focus();
  }
  help.querySelector('button').addEventListener('click', () => showHelp(false));
  document.getElementById('show-shortcuts').addEventListener('click', () => showHelp(true));

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') focusFromKeyboard = true;
    if (!help.hidden && event.key === 'Escape') {
      event.preventDefault();
      showHelp(false);
      return;
    }
    if (ownsTheKeyboard(event.target)) return;
    const undo = undoKeyFor(event);
    if (undo) {
      event.preventDefault();
      flash(undo);
      root.dispatchEvent(new CustomEvent('calculator:press', { detail: undo }));
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '?') {
      event.preventDefault();
      showHelp(help.hidden);
      return;
    }
    const onButton = event.target instanceof HTMLButtonElement;
    // The browser clicks the focused button (a key, a toggle, a history entry) when Tab brought the focus there:
    // once, and nothing else happens.
    if (onButton && (event.key === ' ' || (event.key === 'Enter' && focusFromKeyboard))) return;
    const name = keyFor(event);
    if (!name) return;
    // Also stops Enter from clicking a key focused by a click as well as pressing =, and '/' from opening
    // find-in-page.
    event.preventDefault();
    flash(name);
    root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));
  });

  // Copy and paste outside the fields: Ctrl+C copies the display (unless text is selected), Ctrl+V of a number
  // types it (app.js reads it in the display's locale).
  document.addEventListener('copy', (event) => {
    if (ownsTheKeyboard(event.target) || String(window.getSelection() || '') !== '') return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', window.calculatorPage.copyText());
    window.calculatorPage.copied();
  });
  document.addEventListener('paste', (event) => {
    if (ownsTheKeyboard(event.target)) return;
    event.preventDefault();
    window.calculatorPage.paste(event.clipboardData.getData('text/plain'));
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
