// A reader of the seat view's text form (crates/engine/src/seat_view_text.rs), written apart from
// the Rust one, so that the browser tests read what the page posts to the computer players'
// worker by the documented order of its tokens, not through the code under test.
import assert from 'node:assert/strict';

/** A reader of one view's tokens (`name` in its messages): the token kinds both view forms
 *  share, taken in order; `end()` asserts that none is left over. */
function tokens(text, name) {
  const t = text.split(' ');
  let i = 0;
  const next = () => {
    assert.ok(i < t.length, `the ${name} text ends too early`);
    return t[i++];
  };
  const num = () => Number(next());
  const list = (read) => Array.from({ length: num() }, read);
  const opt = (read) => (t[i] === '-' ? (i++, null) : read());
  const patterns = () => Array.from({ length: 7 }, num);
  const three = () => [next(), next(), next()];
  const department = () => ({ pieces: three(), reading: three(), bonus: num() });
  const result = () => {
    const r = { season: num(), days: num(), end: next() };
    if (r.end === 'd') Object.assign(r, { player: num(), concealed: next() === '1', patterns: patterns() });
    if (r.end === 's') Object.assign(r, { player: num(), patterns: patterns() });
    return r;
  };
  const lastHire = () => ({
    player: num(), discard: next(), from: next(), to: next(), sticks: opt(next), taken: next(), arrived: next() === '1',
  });
  const seenDay = () => ({ player: num(), dissolved: opt(three), formed: opt(three), discarded: opt(next), taken: opt(next) });
  const board = () => Array.from({ length: 25 }, () => opt(next));
  const hand = () => ({ concealed: num(), departments: list(department) });
  const end = () => assert.equal(i, t.length, `the ${name} text goes on after its end`);
  return { t, next, num, list, opt, patterns, three, department, result, lastHire, seenDay, board, hand, end };
}

/** The view in `text` as a plain object (the fields the tests look at, by their Rust names). */
export function readSeatView(text) {
  const r = tokens(text, 'seat view');
  const { next, num, list, opt, patterns, department } = r;
  assert.equal(next(), 'sv1', 'the seat view text begins with its mark');
  const v = {};
  v.seat = num();
  v.seats = list(num);
  v.luminousRule = next() === '1';
  v.status = next();
  v.scores = list(num);
  v.ledger = list(() => {
    const e = { season: num(), player: num(), points: num(), reason: next() };
    if (e.reason === 'f') e.patterns = patterns();
    return e;
  });
  v.results = list(r.result);
  v.season = num();
  v.start_player = num();
  v.direction = next();
  v.luminous = opt(next);
  v.last_hire = opt(r.lastHire);
  v.seen_days = list(r.seenDay);
  v.to_move = num();
  v.day = num();
  v.board = r.board();
  v.hands = list(r.hand);
  v.concealed = list(next);
  v.steps = list(() => {
    const kind = next();
    if (kind === 'x') return { kind, department: num(), refund: num() };
    if (kind === 'f') return { kind, ...department() };
    if (kind === 'd') return { kind, piece: next(), square: next() };
    return { kind, from: next() };
  });
  r.end();
  v.tokens = r.t;
  return v;
}

/** A spectator's view in `text` (crates/engine/src/spectator_view.rs: mark `pv1`, then the
 *  seats, the status, the scores, the results, the Season, the luminous piece, the last
 *  Hiring, the Days seen, whose Day, the Day, the board as it stands and each hand's count
 *  and Departments), read by the documented order of its tokens: every token taken, none
 *  left over, so nothing else can ride along. */
export function readSpectatorView(text) {
  const r = tokens(text, 'spectator view');
  const { next, num, list, opt } = r;
  assert.equal(next(), 'pv1', 'the spectator view text begins with its mark');
  const v = {};
  v.seats = list(num);
  v.luminousRule = next() === '1';
  v.status = next();
  v.scores = list(num);
  v.results = list(r.result);
  v.season = num();
  v.luminous = opt(next);
  v.last_hire = opt(r.lastHire);
  v.seen_days = list(r.seenDay);
  v.to_move = num();
  v.day = num();
  v.board = r.board();
  v.hands = list(r.hand);
  r.end();
  return v;
}
