// Browser test of `sudoku serve` (issue 9): Debian's chromium, headless, driven by playwright-core.
// Starts the server on a free port, types the essay's hard puzzle into the board, solves it and
// checks the board independently (rows, columns, boxes, givens kept), then steps the explanation
// twice and checks the highlighted cells.
//   node page.test.mjs SUDOKU_BINARY [SCREENSHOT.png]
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {createInterface} from 'node:readline';
import {chromium} from 'playwright-core';

const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const [binary, screenshot] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node page.test.mjs SUDOKU_BINARY [SCREENSHOT.png]');
  process.exit(2);
}

let passed = 0;
let failed = 0;
function check(ok, what) {
  if (ok) {
    passed++;
    console.log(`ok: ${what}`);
  } else {
    failed++;
    console.log(`FAIL: ${what}`);
  }
}

/// Independent of the server: every row, column and box holds 1..9 once, and the givens are kept.
function validSolution(puzzle, grid) {
  if (grid.length !== 81 || !/^[1-9]{81}$/.test(grid)) return false;
  for (let i = 0; i < 81; i++) if (puzzle[i] !== '.' && puzzle[i] !== grid[i]) return false;
  const units = [];
  for (let k = 0; k < 9; k++) {
    const row = [], col = [], box = [];
    for (let j = 0; j < 9; j++) {
      row.push(k * 9 + j);
      col.push(j * 9 + k);
      box.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3));
    }
    units.push(row, col, box);
  }
  return units.every((u) => new Set(u.map((i) => grid[i])).size === 9);
}

// The server, on a free port: its first line of output is its URL.
const server = spawn(binary, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
const serverExit = once(server, 'exit');
const url = await Promise.race([
  (async () => {
    for await (const line of createInterface({input: server.stdout})) return line.trim();
    throw new Error('the server printed no URL');
  })(),
  serverExit.then(([code]) => { throw new Error(`the server exited with status ${code}`); }),
  new Promise((_, reject) => setTimeout(() => reject(new Error('the server did not start in 20 s')), 20000)),
]);
console.log(`server: ${url}`);

// The flags keep a headless chromium quiet on a machine without network (and let it run as root).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({viewport: {width: 1280, height: 900}});
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The invalid puzzle below is answered 422 on purpose, which chromium logs as a failed load.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) errors.push(m.text());
  });
  page.setDefaultTimeout(20000);

  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  check(await page.locator('#order option').count() >= 4, 'the strategy pickers are filled from /api/options');
  check(await page.locator('#rules input[type=checkbox]').count() >= 6, 'one checkbox per rule');
  check(await page.locator('#board input').count() === 81, 'a 9x9 board');

  // Keyboard: type the puzzle into the board, cell after cell ('.' is a blank and moves on too).
  await page.click('#r1c1');
  await page.keyboard.type(HARD);
  const typed = await page.$$eval('#board input', (els) => els.map((e) => e.value || '.').join(''));
  check(typed === HARD, 'the puzzle typed into the board');
  await page.click('#r5c5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  check(await page.evaluate(() => document.activeElement.id) === 'r6c6', 'arrow keys move between cells');

  // Solve.
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'Solved.');
  const grid = await page.$$eval('#board input', (els) => els.map((e) => e.value).join(''));
  check(validSolution(HARD, grid), `the board holds a valid solution: ${grid}`);
  check(Number((await page.textContent('#nodes')).replace(/,/g, '')) >= 0, 'nodes are shown');
  check((await page.textContent('#time')) !== '–', 'time is shown');
  check(await page.locator('#history tbody tr').count() === 1, 'the run is in the history');

  // Uniqueness.
  await page.click('#count');
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('#status').textContent));
  check(true, 'check uniqueness says unique');

  // Grade.
  await page.click('#grade');
  await page.waitForFunction(() => /^Grade: /.test(document.querySelector('#status').textContent));
  check(true, `grade: ${await page.textContent('#status')}`);

  // Explain, then step twice.
  await page.click('#explain');
  await page.waitForSelector('#explain-panel:not([hidden])');
  const total = Number((await page.textContent('#step-index')).match(/of (\d+)/)[1]);
  check(total >= 2, `the explanation has steps (${total})`);
  await page.click('#next');
  await page.click('#next');
  check((await page.textContent('#step-index')) === `Step 2 of ${total}`, 'stepped to step 2');
  const stepText = await page.textContent('#step-text');
  const highlighted = await page.$$eval('#board .cell.step-cell input', (els) => els.map((e) => e.id));
  check(highlighted.length > 0, `step 2 highlights its cells: ${highlighted.join(' ')}`);
  check(highlighted.every((id) => stepText.includes(id)), `the highlighted cells are the ones the step names: ${stepText}`);
  check(await page.locator('#board.explaining .cands span.removed').count() + await page.locator('#board .cell.placed-now').count() > 0,
    'removed candidates or a placement are shown');
  check(await page.locator('#steps li.current').count() === 1, 'the step list marks the current step');
  await page.click('#prev');
  check((await page.textContent('#step-index')) === `Step 1 of ${total}`, 'Prev goes back a step');
  await page.click('#next');
  if (screenshot) {
    await page.screenshot({path: screenshot, fullPage: true});
    console.log(`screenshot: ${screenshot}`);
  }

  // A chain step (docs/techniques.md's aic example) draws its links over the board: strong solid,
  // weak dashed, one line per link of the step.
  await page.click('#edit');
  await page.fill('#puzzle-text', '4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3');
  await page.click('#load');
  await page.click('#explain');
  await page.waitForSelector('#explain-panel:not([hidden])');
  const steps = Number((await page.textContent('#step-index')).match(/of (\d+)/)[1]);
  let chainText = '';
  for (let k = 0; k < steps && !chainText; k++) {
    await page.click('#next');
    const t = await page.textContent('#step-text');
    if (/^aic /.test(t)) chainText = t;
  }
  check(chainText !== '', 'the aic example has an aic step');
  const strong = (chainText.match(/ = /g) || []).length, weak = (chainText.match(/ - /g) || []).length;
  check(await page.locator('#links line.link.strong').count() === strong &&
          await page.locator('#links line.link.weak').count() === weak,
        `the chain's links are drawn (${strong} strong, ${weak} weak): ${chainText}`);
  await page.click('#next');
  check(await page.locator('#links').count() === 0 || /^aic /.test(await page.textContent('#step-text')),
        'the links go with their step');

  // Generate a 4x4 and an invalid puzzle: the page reports, nothing breaks.
  await page.click('#edit');
  await page.selectOption('#size', '4');
  await page.fill('#seed', '5');
  await page.click('#generate');
  await page.waitForFunction(() => /^Generated with seed 5/.test(document.querySelector('#status').textContent));
  check(await page.locator('#board input').count() === 16, 'generate on a 4x4 board');
  await page.fill('#puzzle-text', '11' + '.'.repeat(79));
  await page.click('#load');
  await page.click('#solve');
  await page.waitForFunction(() => /^Invalid puzzle/.test(document.querySelector('#status').textContent));
  check(true, 'an invalid puzzle is reported');

  check(errors.length === 0, `no error in the page's console ${errors.join('; ')}`);
} catch (err) {
  failed++;
  console.log(`FAIL: ${err.message.split('\n')[0]}`);
  const page = browser.contexts()[0]?.pages()[0];
  if (page) console.log(`the page's status line: ${await page.textContent('#status').catch(() => '?')}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  const [code] = await serverExit;
  check(code === 0, `the server stops cleanly on SIGTERM (status ${code})`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
