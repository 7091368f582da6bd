// What desktop calculators have beside the keypad: a unit converter (GET /units, GET /convert, and the session's
// convert key), a date calculator (GET /dates/difference, GET /dates/add) and the display's format and locale (a PATCH
// of the session). app.js owns the session and the press queue; this script answers with 'calculator:settings' and
// 'calculator:press', as modes.js does.
'use strict';

(() => {
  const root = document.getElementById('calculator');
  const { apiRoot } = window.calculatorLocation;
  const $ = (id) => document.getElementById(id);

  async function get(path, parameters) {
    const url = new URL(path, apiRoot);
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    const response = await fetch(url, { headers: { Accept: 'application/json, application/problem+json' } });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error((body && (body.detail || body.title)) || `${response.status}`);
    return body;
  }

  const settings = (body) => root.dispatchEvent(new CustomEvent('calculator:settings', { detail: body }));
  const press = (name) => root.dispatchEvent(new CustomEvent('calculator:press', { detail: name }));

  // ---- units ----

  let categories = [];
  const unitOptions = (select, units, chosen) => {
    select.replaceChildren(...units.map((unit) => new Option(`${unit.name} (${unit.symbol})`, unit.id, false, unit.id === chosen)));
  };

  function showCategory() {
    const category = categories.find((each) => each.name === $('unit-category').value) || categories[0];
    if (!category) return;
    unitOptions($('unit-from'), category.units, category.units[1] ? category.units[1].id : category.base);
    unitOptions($('unit-to'), category.units, category.base);
    $('unit-result').textContent = '';
  }

  async function loadUnits() {
    try {
      categories = (await get('units', {})).categories;
      $('unit-category').replaceChildren(...categories.map((category) => new Option(category.name, category.name)));
      showCategory();
    } catch (error) {
      $('unit-result').textContent = error.message;
    }
  }

  // A whole number from 0 to the field's data-max (the API's limit), or a sentence saying what the field takes.
  function wholeNumber(field, name) {
    const text = field.value.trim() || '0';
    const max = Number(field.dataset.max);
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(value) && value <= max) return { value };
    return { problem: `${name} is a whole number from 0 to ${max.toLocaleString('en-US')}; correct it and try again.` };
  }

  async function convert(event) {
    event.preventDefault();
    const value = window.calculatorPage.plainNumber($('unit-value').value);
    if (value === null) {
      const point = window.calculatorPage.decimalSeparator();
      $('unit-result').textContent = `Value is a number, such as 2${point}5; correct it and press Convert.`;
      return;
    }
    try {
      const answer = await get('convert', { value, from: $('unit-from').value, to: $('unit-to').value });
      const exact = answer.exact && answer.exact !== answer.display ? ` = ${answer.exact} exactly` : '';
      $('unit-result').textContent = `${answer.display} ${$('unit-to').selectedOptions[0].text}${exact}`;
    } catch (error) {
      $('unit-result').textContent = error.message;
    }
  }

  // The display converted in the session: its units set, then the convert key, so the value goes on.
  function convertDisplay() {
    settings({ convert: { from: $('unit-from').value, to: $('unit-to').value } });
    press('convert');
  }

  $('unit-category').addEventListener('change', showCategory);
  $('unit-form').addEventListener('submit', convert);
  $('unit-display').addEventListener('click', convertDisplay);

  // ---- dates ----

  const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

  async function difference(event) {
    event.preventDefault();
    try {
      const answer = await get('dates/difference', { from: $('date-from').value, to: $('date-to').value });
      const parts = [['years', 'year'], ['months', 'month'], ['weeks', 'week'], ['days', 'day']]
        .filter(([member]) => answer[member] > 0).map(([member, word]) => plural(answer[member], word));
      $('date-difference').textContent = `${parts.join(', ') || 'Same dates'} (${plural(answer.totalDays, 'day')})`;
    } catch (error) {
      $('date-difference').textContent = error.message;
    }
  }

  async function add(event) {
    event.preventDefault();
    const amounts = {};
    for (const [unit, name] of [['years', 'Years'], ['months', 'Months'], ['weeks', 'Weeks'], ['days', 'Days']]) {
      const amount = wholeNumber($(`date-${unit}`), name);
      if (amount.problem) {
        $('date-sum').textContent = amount.problem;
        return;
      }
      amounts[unit] = amount.value;
    }
    try {
      const answer = await get('dates/add', { date: $('date-start').value, operation: $('date-operation').value, ...amounts });
      $('date-sum').textContent = answer.result;
    } catch (error) {
      $('date-sum').textContent = `${error.message}: change the date or the amounts and press Calculate again.`;
    }
  }

  $('date-difference-form').addEventListener('submit', difference);
  $('date-add-form').addEventListener('submit', add);

  // ---- format and locale ----

  function applyFormat(event) {
    event.preventDefault();
    const decimals = wholeNumber($('format-decimals'), 'Decimals');
    $('format-problem').textContent = decimals.problem || '';
    if (decimals.problem) return;
    settings({
      notation: $('format-notation').value,
      decimals: decimals.value,
      grouping: $('format-grouping').checked,
      fraction: $('format-fraction').value,
      locale: $('format-locale').value || null,
    });
  }

  $('format-form').addEventListener('submit', applyFormat);

  // The controls show the session's format when a state brings another one (absent members are the standard
  // format's): a choice not yet applied stays while keys are pressed.
  let shownFormat = null;
  root.addEventListener('calculator:state', (event) => {
    const state = event.detail;
    if (!state || !('mode' in state)) return;
    const format = {
      notation: state.notation || 'auto', decimals: state.decimals ?? 2, grouping: Boolean(state.grouping),
      fraction: state.fraction || 'off', locale: state.locale || '',
    };
    const key = JSON.stringify(format);
    if (key === shownFormat) return;
    shownFormat = key;
    $('format-notation').value = format.notation;
    $('format-decimals').value = format.decimals;
    $('format-grouping').checked = format.grouping;
    $('format-fraction').value = format.fraction;
    $('format-locale').value = format.locale;
  });

  loadUnits();
})();
