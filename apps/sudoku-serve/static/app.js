// The page of `sudoku serve`: a board to type or paste a puzzle, and the JSON API behind the
// buttons. Plain JavaScript, no build step, no third-party code.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const board = $('board');
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';

  // --- Board state -----------------------------------------------------------------------------
  let n = 9;        // side
  let b = 3;        // box side
  let inputs = [];  // row-major <input> elements
  let cells = [];   // their .cell wrappers
  let cands = [];   // per cell, the candidate <span>s (index v-1)
  let explanation = null;  // {steps, states, index} while stepping
  let defaults = {rules: 'naked-single,hidden-single'};
  let ruleSets = {none: []};  // from /api/options: what each rule-set word stands for

  const symbol = (v) => SYMBOLS[v - 1];
  const valueOf = (ch) => {
    const text = String(ch);
    if (text.length !== 1) return 0;
    const v = SYMBOLS.indexOf(text.toUpperCase()) + 1;
    return v >= 1 && v <= n ? v : 0;
  };
  const cellName = (i) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
  const cellIndex = (name) => {
    const m = /^r(\d+)c(\d+)$/.exec(name);
    return m ? (Number(m[1]) - 1) * n + (Number(m[2]) - 1) : -1;
  };

  function buildBoard(size) {
    n = size;
    b = Math.round(Math.sqrt(n));
    board.innerHTML = '';
    board.dataset.size = String(n);
    board.style.setProperty('--n', String(n));
    board.style.setProperty('--b', String(b));
    inputs = [];
    cells = [];
    cands = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      if ((c + 1) % b === 0 && c + 1 < n) cell.classList.add('box-right');
      if ((r + 1) % b === 0 && r + 1 < n) cell.classList.add('box-bottom');
      const input = document.createElement('input');
      input.id = cellName(i);
      input.type = 'text';
      input.inputMode = n > 9 ? 'text' : 'numeric';
      input.autocomplete = 'off';
      input.maxLength = 1;
      input.setAttribute('aria-label', `row ${r + 1} column ${c + 1}`);
      input.dataset.index = String(i);
      input.tabIndex = i === 0 ? 0 : -1;  // one tab stop; arrows move inside the board
      const box = document.createElement('div');
      box.className = 'cands';
      box.setAttribute('aria-hidden', 'true');
      const spans = [];
      for (let v = 1; v <= n; v++) {
        const s = document.createElement('span');
        s.textContent = symbol(v);
        box.appendChild(s);
        spans.push(s);
      }
      cell.append(input, box);
      board.appendChild(cell);
      inputs.push(input);
      cells.push(cell);
      cands.push(spans);
    }
    $('puzzle-text').placeholder = `${n * n} characters: ${n > 9 ? '1-9 and A-G' : `1-${n}`}, and . or 0 for a blank`;
  }

  /// The puzzle: every value typed (not the solver's answers).
  function puzzleText() {
    return inputs.map((el, i) => {
      const v = valueOf(el.value);
      return v && !cells[i].classList.contains('solved') ? symbol(v) : '.';
    }).join('');
  }

  function setCell(i, v, kind) {
    inputs[i].value = v ? symbol(v) : '';
    cells[i].classList.toggle('solved', kind === 'solved' && v > 0);
    cells[i].classList.toggle('has-value', v > 0);
  }

  function clearSolution() {
    cells.forEach((cell, i) => {
      if (cell.classList.contains('solved')) setCell(i, 0);
    });
  }

  /// Keeps the characters of a pasted or typed puzzle that can be cells.
  function normalise(text) {
    return String(text).replace(/[^0-9A-Za-z.]/g, '').replace(/0/g, '.');
  }

  function loadPuzzle(text) {
    const t = normalise(text);
    const size = {16: 4, 81: 9, 256: 16}[t.length];
    if (!size) {
      showStatus(`A puzzle has 16, 81 or 256 cells; that text has ${t.length}.`, 'bad');
      return false;
    }
    stopExplaining();
    if (size !== n) {
      $('size').value = String(size);
      buildBoard(size);
    }
    for (let i = 0; i < n * n; i++) {
      const v = t[i] === '.' ? 0 : valueOf(t[i]);
      if (t[i] !== '.' && !v) {
        showStatus(`'${t[i]}' at ${cellName(i)} is not a value of a ${n}×${n} puzzle.`, 'bad');
        return false;
      }
      setCell(i, v, 'given');
    }
    $('puzzle-text').value = t;
    showStatus('Puzzle loaded.', '');
    return true;
  }

  // --- Keyboard and paste on the board ---------------------------------------------------------
  function focusCell(i) {
    if (i < 0 || i >= n * n) return;
    inputs.forEach((el) => { el.tabIndex = -1; });
    inputs[i].tabIndex = 0;
    inputs[i].focus();
    inputs[i].select();
  }

  board.addEventListener('keydown', (e) => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement) || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = Number(el.dataset.index);
    const r = Math.floor(i / n), c = i % n;
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      focusCell(((r + dr + n) % n) * n + ((c + dc + n) % n));
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusCell(r * n + (e.key === 'Home' ? 0 : n - 1));
      return;
    }
    if (e.key === 'Tab' || e.key === 'Enter' || e.key === 'Escape') return;
    if (explanation) {  // the board is read-only while stepping
      if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') e.preventDefault();
      return;
    }
    if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '.' || e.key === '0' || e.key === ' ') {
      // A blank typed moves on like a value, so a puzzle line can be typed straight in.
      e.preventDefault();
      clearSolution();
      setCell(i, 0);
      if (e.key === 'Backspace') focusCell(Math.max(0, i - 1));
      else if (e.key !== 'Delete') focusCell(Math.min(n * n - 1, i + 1));
      return;
    }
    if (e.key.length === 1) {
      e.preventDefault();
      const v = valueOf(e.key);
      if (!v) return;
      clearSolution();
      setCell(i, v, 'given');
      focusCell(Math.min(n * n - 1, i + 1));
    }
  });

  // Input not from the keyboard (on-screen keyboards, drag and drop): keep only a valid value.
  board.addEventListener('input', (e) => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement)) return;
    const i = Number(el.dataset.index);
    if (explanation) {
      renderStep();
      return;
    }
    const chars = el.value.split('').map(valueOf).filter((v) => v > 0);
    clearSolution();
    setCell(i, chars.length ? chars[chars.length - 1] : 0, 'given');
  });

  board.addEventListener('paste', (e) => {
    const text = (e.clipboardData || window.clipboardData).getData('text');
    e.preventDefault();
    const t = normalise(text);
    if (t.length > 1) {
      loadPuzzle(t);
      return;
    }
    const el = e.target;
    if (el instanceof HTMLInputElement && !explanation && t.length === 1) {
      clearSolution();
      setCell(Number(el.dataset.index), t === '.' ? 0 : valueOf(t), 'given');
    }
  });

  // --- Talking to the server ------------------------------------------------------------------
  let busy = false;
  const actionButtons = ['solve', 'count', 'explain', 'grade', 'generate', 'load'];

  async function call(method, path, body) {
    const options = {method, headers: {}};
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (err) {
      throw new Error(`cannot reach the server (${err.message})`);
    }
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = {error: `HTTP ${response.status}`};
    }
    return {status: response.status, data};
  }

  async function withBusy(fn) {
    if (busy) return;
    busy = true;
    actionButtons.forEach((id) => { $(id).disabled = true; });
    document.body.setAttribute('aria-busy', 'true');
    try {
      await fn();
    } catch (err) {
      showStatus(String(err.message || err), 'bad');
    } finally {
      busy = false;
      actionButtons.forEach((id) => { $(id).disabled = false; });
      document.body.removeAttribute('aria-busy');
    }
  }

  function strategy() {
    const rules = [...document.querySelectorAll('#rules input:checked')].map((el) => el.value);
    return {
      order: $('order').value,
      values: $('values').value,
      inference: $('inference').value,
      rules: rules.length ? rules.join(',') : 'none',
    };
  }

  function showStatus(text, kind) {
    const el = $('status');
    el.textContent = text;
    el.className = kind || '';
  }

  function showStats(data) {
    const fmt = (x) => (x === undefined || x === null ? '–' : Number(x).toLocaleString('en'));
    $('nodes').textContent = fmt(data.nodes);
    $('failures').textContent = fmt(data.failures);
    $('propagations').textContent = fmt(data.propagations);
    $('time').textContent = data.time_us === undefined ? '–' : formatTime(data.time_us);
  }

  function formatTime(us) {
    if (us < 1000) return `${us} µs`;
    if (us < 1e6) return `${(us / 1000).toFixed(us < 1e4 ? 2 : 1)} ms`;
    return `${(us / 1e6).toFixed(2)} s`;
  }

  function addHistory(action, s, result, data) {
    const row = document.createElement('tr');
    const values = [action, s.order, s.values, s.inference, s.rules, result,
      data.nodes ?? '', data.failures ?? '', data.time_us === undefined ? '' : formatTime(data.time_us)];
    values.forEach((v, k) => {
      const td = document.createElement('td');
      td.textContent = typeof v === 'number' ? v.toLocaleString('en') : String(v);
      if (k >= 6) td.className = 'num';
      if (k === 4) { td.className = 'rules'; td.title = String(v); }
      row.appendChild(td);
    });
    const body = $('history').tBodies[0];
    body.insertBefore(row, body.firstChild);
    while (body.rows.length > 50) body.deleteRow(body.rows.length - 1);
  }

  const limitText = (data) => `Stopped by the ${data.limit} limit (the server bounds every search).`;

  async function solve() {
    stopExplaining();
    clearSolution();
    const s = strategy();
    const puzzle = puzzleText();
    const {status, data} = await call('POST', '/api/solve', {puzzle, ...s});
    showStats(data);
    if (status !== 200) {
      showStatus(data.status === 'invalid' ? `Invalid puzzle: ${data.error}` : `Error: ${data.error}`, 'bad');
      return;
    }
    addHistory('solve', s, data.status, data);
    if (data.status === 'solved') {
      for (let i = 0; i < n * n; i++) {
        if (puzzle[i] === '.') setCell(i, valueOf(data.solution[i]), 'solved');
      }
      showStatus('Solved.', 'ok');
    } else if (data.status === 'unsolvable') {
      showStatus('This puzzle has no solution.', 'bad');
    } else {
      showStatus(limitText(data), 'bad');
    }
  }

  async function countSolutions() {
    stopExplaining();
    clearSolution();
    const s = strategy();
    const {status, data} = await call('POST', '/api/count', {puzzle: puzzleText(), max: 2, ...s});
    showStats(data);
    if (status !== 200) {
      showStatus(data.status === 'invalid' ? `Invalid puzzle: ${data.error}` : `Error: ${data.error}`, 'bad');
      return;
    }
    let text;
    if (data.status === 'limit') text = limitText(data);
    else if (data.solutions === 0) text = 'No solution.';
    else if (data.unique === true) text = 'Unique: exactly one solution.';
    else text = `Not unique: at least ${data.solutions} solutions.`;
    showStatus(text, data.unique === true ? 'ok' : 'bad');
    addHistory('count', s, data.status === 'limit' ? 'limit' : data.unique ? 'unique' : `${data.solutions}${data.exact ? '' : '+'}`, data);
  }

  async function generate() {
    stopExplaining();
    const seed = $('seed').value.trim();
    const query = new URLSearchParams({size: String(n)});
    if (seed !== '') query.set('seed', seed);
    const {status, data} = await call('GET', `/api/generate?${query}`);
    if (status !== 200) {
      showStatus(`Error: ${data.error}`, 'bad');
      return;
    }
    loadPuzzle(data.puzzle);
    $('seed').value = String(data.seed);
    showStats({time_us: data.time_us});
    showStatus(`Generated with seed ${data.seed}: ${data.clues} clues, one solution, no clue removable.`, 'ok');
  }

  async function grade() {
    stopExplaining();
    clearSolution();
    const {status, data} = await call('POST', '/api/grade', {puzzle: puzzleText()});
    showStats(data);
    if (status !== 200) {
      showStatus(data.status === 'invalid' ? `Invalid puzzle: ${data.error}` : `Error: ${data.error}`, 'bad');
      return;
    }
    const text = data.result === 'solved'
      ? `Grade: ${data.level} (score ${data.score}; hardest technique ${data.hardest}; ${data.steps} steps).`
      : data.result === 'needs search' ? 'Grade: needs search (the techniques alone do not solve it).'
        : 'No solution.';
    showStatus(text, data.result === 'solved' ? 'ok' : 'bad');
    addHistory('grade', {order: '', values: '', inference: '', rules: 'techniques: all'}, data.text, data);
  }

  // --- Explanations ---------------------------------------------------------------------------
  // The board after each step is replayed in the page from the steps' placements and removals:
  // state k is the board after k steps. State 0 is the givens, and every blank with the values no
  // given of its row, column or box holds (the explainer starts there too). A placement also
  // removes its value from the cell's peers. A guess (if the steps hold search) saves the state; a
  // backtrack returns to the state its guess saved, minus that value.
  function peers(i) {
    const r = Math.floor(i / n), c = i % n;
    const br = r - (r % b), bc = c - (c % b);
    const out = [];
    for (let j = 0; j < n; j++) {
      out.push(r * n + j, j * n + c, (br + Math.floor(j / b)) * n + bc + (j % b));
    }
    return out.filter((k) => k !== i);
  }

  function replay(puzzle, steps) {
    const full = (1 << n) - 1;
    const values = new Uint8Array(n * n);
    const masks = new Uint32Array(n * n);
    for (let i = 0; i < n * n; i++) {
      values[i] = puzzle[i] === '.' ? 0 : valueOf(puzzle[i]);
      masks[i] = values[i] ? 1 << (values[i] - 1) : full;
    }
    const place = (i, v) => {
      values[i] = v;
      masks[i] = 1 << (v - 1);
      for (const k of peers(i)) if (!values[k]) masks[k] &= ~(1 << (v - 1));
    };
    for (let i = 0; i < n * n; i++) if (values[i]) place(i, values[i]);
    const states = [{values: values.slice(), masks: masks.slice()}];
    const guesses = [];
    for (const step of steps) {
      if (step.technique === 'guess') {
        const p = step.placements[0];
        if (p) guesses.push({cell: p.cell, value: p.value, values: values.slice(), masks: masks.slice()});
      }
      if (step.technique === 'backtrack' && step.removals.length) {
        const {cell, value} = step.removals[0];
        let k = guesses.length - 1;
        while (k >= 0 && !(guesses[k].cell === cell && guesses[k].value === value)) k--;
        if (k >= 0) {
          values.set(guesses[k].values);
          masks.set(guesses[k].masks);
          guesses.length = k;
        }
      }
      for (const r of step.removals) {
        const i = cellIndex(r.cell);
        if (i >= 0 && r.value >= 1 && r.value <= n) masks[i] &= ~(1 << (r.value - 1));
      }
      for (const p of step.placements) {
        const i = cellIndex(p.cell);
        if (i >= 0 && p.value >= 1 && p.value <= n) place(i, p.value);
      }
      states.push({values: values.slice(), masks: masks.slice()});
    }
    return states;
  }

  /// The cells of "row 3", "column 5" or "box 7".
  function groupCells(name) {
    const m = /^(row|column|box) (\d+)$/.exec(name);
    if (!m) return [];
    const k = Number(m[2]) - 1;
    const out = [];
    for (let j = 0; j < n; j++) {
      if (m[1] === 'row') out.push(k * n + j);
      else if (m[1] === 'column') out.push(j * n + k);
      else out.push((Math.floor(k / b) * b + Math.floor(j / b)) * n + (k % b) * b + (j % b));
    }
    return out;
  }

  async function explain() {
    stopExplaining();
    clearSolution();
    const s = strategy();
    const puzzle = puzzleText();
    const {status, data} = await call('POST', '/api/explain', {puzzle, ...s});
    showStats(data);
    if (status !== 200) {
      showStatus(data.result === 'invalid' || data.status === 'invalid' ? `Invalid puzzle: ${data.error}` : `Error: ${data.error}`, 'bad');
      return;
    }
    addHistory('explain', s, data.result, data);
    const steps = Array.isArray(data.steps) ? data.steps : [];
    explanation = {steps, states: replay(puzzle, steps), index: 0, puzzle};
    board.classList.add('explaining');
    inputs.forEach((el) => { el.readOnly = true; });
    $('edit').hidden = false;
    $('explain-panel').hidden = false;
    const list = $('steps');
    list.innerHTML = '';
    steps.forEach((step, k) => {
      const li = document.createElement('li');
      li.textContent = step.text;
      if (['guess', 'backtrack', 'contradiction', 'search'].includes(step.technique)) li.className = 'search';
      li.title = step.technique;
      li.addEventListener('click', () => goTo(k + 1));
      list.appendChild(li);
    });
    const more = data.truncated ? ` (the first ${steps.length} of ${data.total_steps} shown)` : '';
    let outcome = {
      'solved': 'Solved by the techniques alone',
      'needs search': data.solution ? `The techniques get stuck; search finishes with ${data.guesses} guesses`
        : data.limit ? `The techniques get stuck; search stopped by the ${data.limit} limit`
          : 'The techniques get stuck',
      'unsolvable': 'No solution',
    }[data.result] || data.result;
    showStatus(`${outcome}; ${steps.length} steps${more}. Step through them with Next and Prev.`, data.result === 'solved' ? 'ok' : '');
    renderStep();
  }

  function goTo(k) {
    if (!explanation) return;
    explanation.index = Math.max(0, Math.min(k, explanation.steps.length));
    renderStep();
  }

  function renderStep() {
    const e = explanation;
    if (!e) return;
    const k = e.index;
    const state = e.states[k];
    const step = k > 0 ? e.steps[k - 1] : null;
    const stepCells = new Set(step ? step.cells.map(cellIndex) : []);
    const groupSet = new Set(step ? step.groups.flatMap(groupCells) : []);
    const placedNow = new Set(step ? step.placements.map((p) => cellIndex(p.cell)) : []);
    const removedNow = new Map();
    if (step) {
      for (const r of step.removals) {
        const i = cellIndex(r.cell);
        if (!removedNow.has(i)) removedNow.set(i, new Set());
        removedNow.get(i).add(r.value);
      }
    }
    for (let i = 0; i < n * n; i++) {
      const v = state.values[i];
      const given = e.puzzle[i] !== '.';
      inputs[i].value = v ? symbol(v) : '';
      cells[i].classList.toggle('has-value', v > 0);
      cells[i].classList.toggle('solved', false);
      cells[i].classList.toggle('placed', v > 0 && !given);
      cells[i].classList.toggle('step-cell', stepCells.has(i));
      cells[i].classList.toggle('placed-now', placedNow.has(i));
      cells[i].classList.toggle('in-group', groupSet.has(i) && !stepCells.has(i));
      const removed = removedNow.get(i);
      for (let val = 1; val <= n; val++) {
        const span = cands[i][val - 1];
        const present = (state.masks[i] >> (val - 1)) & 1;
        const struck = removed !== undefined && removed.has(val);
        span.textContent = present || struck ? symbol(val) : '';
        span.classList.toggle('removed', struck);
      }
    }
    drawLinks(step);
    $('step-index').textContent = `Step ${k} of ${e.steps.length}`;
    $('step-text').textContent = step ? step.text : 'The puzzle, each blank with its candidates. Press Next.';
    $('prev').disabled = k === 0;
    $('first').disabled = k === 0;
    $('next').disabled = k === e.steps.length;
    $('last').disabled = k === e.steps.length;
    const items = $('steps').children;
    for (const li of document.querySelectorAll('#steps li.current')) li.classList.remove('current');
    if (k > 0 && items[k - 1]) {
      items[k - 1].classList.add('current');
      items[k - 1].scrollIntoView({block: 'nearest'});
    }
  }

  // A chain step's links (step.links: from, to, strong) as lines between the candidates, drawn on an
  // SVG laid over the board: strong links solid, weak ones dashed.
  function drawLinks(step) {
    const board = $('board');
    const old = document.getElementById('links');
    if (old) old.remove();
    if (!step || !Array.isArray(step.links) || step.links.length === 0) return;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.id = 'links';
    svg.setAttribute('aria-hidden', 'true');
    const box = board.getBoundingClientRect();
    svg.setAttribute('width', box.width);
    svg.setAttribute('height', box.height);
    // A link's end: its candidate, or the middle of a grouped node's candidates (end.cells: every
    // cell of the node, each also marked as a step cell).
    const centre = (c) => {
      const names = Array.isArray(c.cells) && c.cells.length > 0 ? c.cells : [c.cell];
      let x = 0, y = 0;
      for (const name of names) {
        const r = cands[cellIndex(name)][c.value - 1].getBoundingClientRect();
        // Relative to the board's padding box (where the absolutely placed SVG starts).
        x += r.left + r.width / 2 - box.left - board.clientLeft;
        y += r.top + r.height / 2 - box.top - board.clientTop;
      }
      return [x / names.length, y / names.length];
    };
    // A grouped node's candidates outlined together, so that the group reads as one node.
    for (const end of step.links.flatMap((l) => [l.from, l.to])) {
      if (!Array.isArray(end.cells) || end.cells.length < 2) continue;
      const rs = end.cells.map((name) => cands[cellIndex(name)][end.value - 1].getBoundingClientRect());
      const left = Math.min(...rs.map((r) => r.left)), top = Math.min(...rs.map((r) => r.top));
      const right = Math.max(...rs.map((r) => r.right)), bottom = Math.max(...rs.map((r) => r.bottom));
      const rect = document.createElementNS(ns, 'rect');
      rect.setAttribute('x', left - box.left - board.clientLeft);
      rect.setAttribute('y', top - box.top - board.clientTop);
      rect.setAttribute('width', right - left);
      rect.setAttribute('height', bottom - top);
      rect.setAttribute('class', 'group-node');
      svg.appendChild(rect);
    }
    for (const link of step.links) {
      const [x1, y1] = centre(link.from);
      const [x2, y2] = centre(link.to);
      const line = document.createElementNS(ns, 'line');
      line.setAttribute('x1', x1);
      line.setAttribute('y1', y1);
      line.setAttribute('x2', x2);
      line.setAttribute('y2', y2);
      line.setAttribute('class', link.strong ? 'link strong' : 'link weak');
      svg.appendChild(line);
    }
    board.appendChild(svg);
  }

  function stopExplaining() {
    if (!explanation) return;
    drawLinks(null);
    const puzzle = explanation.puzzle;
    explanation = null;
    board.classList.remove('explaining');
    $('edit').hidden = true;
    $('explain-panel').hidden = true;
    for (let i = 0; i < n * n; i++) {
      inputs[i].readOnly = false;
      cells[i].classList.remove('placed', 'step-cell', 'placed-now', 'in-group');
      setCell(i, puzzle[i] === '.' ? 0 : valueOf(puzzle[i]), 'given');
    }
  }

  // --- Options and wiring ---------------------------------------------------------------------
  function fillSelect(id, names, chosen) {
    const el = $(id);
    el.innerHTML = '';
    for (const name of names) {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = name;
      if (name === chosen) o.selected = true;
      el.appendChild(o);
    }
  }

  // A rule list as --rules takes it: rule names and words for sets of them (all, techniques, ...),
  // which /api/options spells out in rule_sets.
  function setRules(list) {
    const on = new Set(list.split(',').flatMap((name) => ruleSets[name] || [name]));
    for (const el of document.querySelectorAll('#rules input')) el.checked = on.has(el.value);
  }

  async function loadOptions() {
    const {status, data} = await call('GET', '/api/options');
    if (status !== 200) throw new Error(`cannot load the options: ${data.error}`);
    defaults = data.defaults;
    ruleSets = data.rule_sets;
    fillSelect('order', data.orders, data.defaults.order);
    fillSelect('values', data.values, data.defaults.values);
    fillSelect('inference', data.inferences, data.defaults.inference);
    const box = $('rules');
    box.innerHTML = '';
    for (const rule of data.rules) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.id = `rule-${rule}`;
      input.value = rule;
      label.append(input, document.createTextNode(rule));
      box.appendChild(label);
    }
    setRules(data.defaults.rules);
  }

  $('size').addEventListener('change', () => {
    stopExplaining();
    buildBoard(Number($('size').value));
    $('puzzle-text').value = '';
    showStatus(`Empty ${n}×${n} board.`, '');
  });
  $('clear').addEventListener('click', () => {
    stopExplaining();
    for (let i = 0; i < n * n; i++) setCell(i, 0);
    showStats({});
    showStatus('Board cleared.', '');
  });
  $('edit').addEventListener('click', () => { stopExplaining(); focusCell(0); });
  $('paste-form').addEventListener('submit', (e) => {
    e.preventDefault();
    loadPuzzle($('puzzle-text').value);
  });
  $('solve').addEventListener('click', () => withBusy(solve));
  $('count').addEventListener('click', () => withBusy(countSolutions));
  $('generate').addEventListener('click', () => withBusy(generate));
  $('explain').addEventListener('click', () => withBusy(explain));
  $('grade').addEventListener('click', () => withBusy(grade));
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(explanation ? explanation.index - 1 : 0));
  $('next').addEventListener('click', () => goTo(explanation ? explanation.index + 1 : 0));
  $('last').addEventListener('click', () => goTo(explanation ? explanation.steps.length : 0));
  $('rules-none').addEventListener('click', () => setRules('none'));
  $('rules-all').addEventListener('click', () => setRules('all'));
  $('rules-default').addEventListener('click', () => setRules(defaults.rules));
  $('explain-panel').addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') goTo(explanation ? explanation.index + 1 : 0);
    else if (e.key === 'ArrowLeft') goTo(explanation ? explanation.index - 1 : 0);
  });

  buildBoard(9);
  withBusy(loadOptions).then(() => { document.body.dataset.ready = 'true'; });
})();
