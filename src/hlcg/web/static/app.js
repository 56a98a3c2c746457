// hlcg serve: the deck page. Hand-written, no framework, no build step: plain scripts that
// share the page's global scope, loaded in order (app.js: the deck and its check;
// decklist.js: the list view, +/- and the print sheet; complete.js: card-name suggestions in
// the deck box; files.js: opened and dropped files; export.js: download, copy, share;
// decks.js: the decks saved in the browser; undo.js: undo and redo;
// browser.js: search and add a card; pages.js: card, persona and rule panels, then the
// start; finding.js: sorting, paging, the search shortcut, look-alike letters; compare.js:
// the deck against another; odds.js: draw odds and grid coverage). Every value from the
// server or the deck goes into the page through textContent (never innerHTML), so a card
// name or deck line holding markup shows as text.
"use strict";

const ATTRIBUTES = ["master", "agility", "strength", "toughness", "empathy", "reason"];
const MAX_UPLOAD = 1024 * 1024;
const DEBOUNCE_MS = 250;
const RETRY_MS = 2000;

const $ = (id) => document.getElementById(id);
const deckBox = $("deck");
const formatBox = $("format");
let checkTimer = null;
let retryTimer = null;
let checkSerial = 0; // answers to older requests are dropped
let lastCheck = null; // the latest answer of /api/check: the list view, warnings and print use it
let defaultFormat = "type-two"; // the format a deck without a Format: line is checked in

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
}

// A failed request: `offline` when the server could not be reached at all.
class ApiFailure extends Error {
  constructor(message, offline) {
    super(message);
    this.offline = offline;
  }
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    throw new ApiFailure("cannot reach the server (is hlcg serve still running?)", true);
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const message = data && data.error ? data.error.message : `HTTP ${response.status}`;
    throw new ApiFailure(message, false);
  }
  return data;
}

// The box always holds a text deck (an opened .dek, .o8d or JSON deck is converted when it
// is opened), so no file name is sent and no reader choice outlives the text it was for:
// the server picks the reader from what is in the box, every time.
function deckRequest() {
  const body = { deck: deckBox.value };
  if (formatBox.value) body.format = formatBox.value;
  return body;
}

// The format the deck is checked in: the one picked, else its Format: line's, else the default.
function deckFormat() {
  if (formatBox.value) return formatBox.value;
  if (lastCheck) return lastCheck.report.decks[0].format;
  return defaultFormat;
}

// -- the format choices -----------------------------------------------------------------

// The formats a deck can be checked in, as GET /api/formats lists them (`hlcg formats
// --json`), after the deck's own Format: line, which names the default format.
async function loadFormats() {
  let formats = [];
  try {
    formats = await api("/api/formats");
  } catch (e) { return false; /* the check says what is wrong, and retries */ }
  const fallback = formats.find((format) => format.default);
  if (fallback) defaultFormat = fallback.name;
  const own = "the deck's Format: line" + (fallback ? ` (else ${fallback.name})` : "");
  const options = [el("option", own, { value: "" })];
  for (const format of formats) {
    if (format.checked) options.push(el("option", format.name, { value: format.name }));
  }
  formatBox.replaceChildren(...options);
  return true;
}

// -- keeping the deck across reloads ----------------------------------------------------

// Every change to the deck comes here: it is written into the deck saved in this browser
// (decks.js) and becomes a step undo can take back (undo.js).
function save() {
  saveOpenDeck();
  recordStep();
}

function restore() {
  startDecks();
}

// Once loadFormats has filled the choices: the open deck's format is one of them.
function restoreFormat() {
  formatBox.value = (openRecord && openRecord.format) || "";
  if (formatBox.value !== ((openRecord && openRecord.format) || "")) formatBox.value = "";
}

// The file a deck came from, shown beside the controls ("opened bob-richie.dek as text").
function showOpened(text) {
  $("filename").hidden = !text;
  $("filename").textContent = text || "";
}

// -- checking ---------------------------------------------------------------------------

function scheduleCheck() {
  save();
  checkSerial++; // an answer already on its way is for an older deck
  $("verdict").setAttribute("aria-busy", "true"); // until this deck's answer is shown
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, DEBOUNCE_MS);
}

function showEmpty() {
  // Nothing written yet: a prompt, not the errors of an empty deck.
  const verdict = $("verdict");
  verdict.className = "verdict empty";
  verdict.textContent = "Paste or type a deck (or drop a deck file) to check it.";
  for (const id of ["counts", "fingerprint", "fix-result"]) $(id).textContent = "";
  $("problems").replaceChildren();
  $("gems").replaceChildren();
  $("fix").disabled = true;
  lastCheck = null;
  renderDeckList(null);
  deckChecked(null);
}

async function check() {
  clearTimeout(checkTimer);
  clearTimeout(retryTimer);
  const serial = ++checkSerial;
  const verdict = $("verdict");
  if (!deckBox.value.trim()) {
    showEmpty();
    verdict.removeAttribute("aria-busy");
    return;
  }
  verdict.setAttribute("aria-busy", "true");
  try {
    const request = deckRequest();
    const data = await api("/api/check", request);
    data.text = request.deck; // the text this answer is about (its line numbers are its)
    if (serial === checkSerial) render(data);
  } catch (error) {
    if (serial !== checkSerial) return;
    verdict.className = "verdict failed";
    if (error.offline) {
      // The server is down or restarting: try again until it answers, losing nothing.
      verdict.textContent = `Could not check: ${error.message}; trying again every ${RETRY_MS / 1000} s.`;
      retryTimer = setTimeout(recover, RETRY_MS);
    } else {
      verdict.textContent = `Could not check: ${error.message}`;
    }
    markStale();
    $("problems").replaceChildren();
    $("fix").disabled = true;
  } finally {
    if (serial === checkSerial) verdict.removeAttribute("aria-busy");
  }
}

// The counts of the last answer stay, greyed and marked, until the server answers again.
function markStale() {
  const counts = $("counts");
  if (!counts.textContent || counts.classList.contains("stale")) return;
  counts.classList.add("stale");
  counts.textContent += " (last check)";
}

// The server answers again: the format choices if they never came, then the check.
async function recover() {
  if (formatBox.options.length <= 1 && await loadFormats()) restoreFormat();
  if (!cardsById.size) await loadCatalogue();
  await check();
}

// "1 warning", "4 notes": the words `hlcg validate` counts in.
function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

// The latest action's words in its own status line; every other action status is cleared
// (the search's own line goes back to its count), so only the latest is read out.
const ACTION_STATUS = ["list-status", "fix-result", "export-status", "decks-status"];
function announce(id, text) {
  for (const other of ACTION_STATUS) if (other !== id) $(other).textContent = "";
  if (id !== "search-status" && typeof searchSummary === "string") $("search-status").textContent = searchSummary;
  $(id).textContent = text;
}

function countsText(deck, data) {
  const stats = data.stats;
  const minimum = data.endurance_minimum;
  let endurance = `${deck.endurance}/${minimum}`;
  if (deck.unrecognised) {
    endurance = `${deck.endurance + deck.unrecognised}/${minimum} (${deck.endurance} recognised + ` +
      `${deck.unrecognised} unrecognised)`;
  }
  const pregameLimit = stats.pregame.limit === null ? "" : `/${stats.pregame.limit}`;
  let pregame = `${deck.pregame}${pregameLimit}`;
  if (deck.pregame_unrecognised) {
    pregame = `${deck.pregame + deck.pregame_unrecognised}${pregameLimit} (${deck.pregame} ` +
      `recognised + ${deck.pregame_unrecognised} unrecognised)`;
  }
  const masterLimit = stats.master.limit === null ? "?" : stats.master.limit;
  return `Persona ${deck.persona} | Endurance ${endurance} | pre-game ${pregame} | ` +
    `Master cards ${stats.master.used}/${masterLimit} | ${plural(data.warnings, "warning")}, ` +
    plural(data.notes, "note");
}

function render(data) {
  lastCheck = data;
  const deck = data.report.decks[0];
  const verdict = $("verdict");
  verdict.className = `verdict ${deck.legal ? "legal" : "illegal"}`;
  verdict.textContent = data.verdict; // as `hlcg validate` words it, notes and all
  $("counts").textContent = countsText(deck, data);
  $("counts").classList.remove("stale");
  // what was checked and what could not be, as `hlcg validate` words it
  $("coverage").textContent = data.coverage.join("\n");
  renderProblems(deck.problems);
  renderGems(data.stats);
  $("fingerprint").textContent = data.fingerprint;
  $("fix").disabled = deck.legal;
  renderDeckList(data);
  formatChanged();
  noteDeckChecked(data);
  deckChecked(data);
}

// The deck was checked (``data`` the answer, null for an empty box): the panels that follow
// the deck (compare.js, odds.js) listen for "hlcg:checked" and bring themselves up to date.
function deckChecked(data) {
  document.dispatchEvent(new CustomEvent("hlcg:checked", { detail: data }));
}

function renderProblems(problems) {
  const list = $("problems");
  list.replaceChildren();
  if (!problems.length) {
    list.append(el("li", "No problems."));
    return;
  }
  for (const problem of problems) {
    const item = el("li", null, { class: `severity-${problem.severity}` });
    item.dataset.rule = problem.rule;
    // The severity in words, not only in colour.
    item.append(el("span", problem.severity, { class: "severity" }), " ");
    const code = el("button", `${problem.code} ${problem.rule}`, {
      type: "button", class: "code link", "aria-label": `rule ${problem.code} ${problem.rule}: read it`,
    });
    code.addEventListener("click", () => showRule(problem.rule, code));
    item.append(code, " ");
    if (problem.line !== null) {
      const jump = el("button", `line ${problem.line}`, {
        type: "button",
        class: "line-link",
        "aria-label": `go to line ${problem.line}`,
      });
      jump.dataset.line = problem.line;
      jump.addEventListener("click", () => goToLine(problem.line));
      item.append(jump, " ");
    }
    item.append(el("span", problem.message, { class: "message" }));
    if (problem.fix) item.append(el("span", `Fix: ${problem.fix}`, { class: "fix" }));
    list.append(item);
  }
}

// The deck's cards that carry a gem of ``attribute``, most gems first: "3 Master of the
// Katana (2 each)".
function gemUsers(attribute) {
  if (!lastCheck) return [];
  const users = [];
  for (const line of lastCheck.lines) {
    const card = line.card && cardsById.get(line.card);
    const gems = card ? card[`gem_${attribute}`] : null;
    if (gems && card.type !== "persona") users.push({ line, gems, total: gems * line.count });
  }
  users.sort((a, b) => b.total - a.total || a.line.name.localeCompare(b.line.name));
  return users.map((u) => `${u.line.count} ${u.line.name} (${u.gems} each)`);
}

function renderGems(stats) {
  const box = $("gems");
  box.replaceChildren();
  if (!stats.gem_caps_apply) {
    box.append(el("p", `No gem caps in ${stats.format}.`));
    return;
  }
  for (const attribute of ATTRIBUTES) {
    const gem = stats.gems[attribute];
    const row = el("div", null, { class: "gem" });
    row.dataset.attribute = attribute;
    const capKnown = gem.cap !== null;
    const over = capKnown && gem.used > gem.cap;
    const share = !capKnown ? 0 : gem.cap === 0 ? (gem.used ? 100 : 0)
      : Math.min(100, Math.round((100 * gem.used) / gem.cap));
    const bar = el("div", null, {
      class: over ? "bar over" : "bar",
      role: "img",
      "aria-label": `${attribute}: ${gem.used} of ${capKnown ? gem.cap : "unknown cap"}`,
    });
    const fill = el("span");
    fill.style.width = `${share}%`;
    bar.append(fill);
    const text = capKnown
      ? `${gem.used} / ${gem.cap} (${gem.headroom >= 0 ? `${gem.headroom} left` : `${-gem.headroom} over`})`
      : `${gem.used} / cap unknown`;
    row.append(el("span", attribute), bar, el("span", text, { class: "gem-text" }));
    const users = gemUsers(attribute);
    row.append(el("span", users.length ? `used by ${users.join(", ")}` : "no card uses it",
      { class: "gem-users" }));
    box.append(row);
  }
  if (stats.gem_counts_unknown.length) {
    box.append(el("p", `Gem counts not recorded for ${stats.gem_counts_unknown.length} card(s).`));
  }
}

function goToLine(line) {
  const lines = deckBox.value.split(/\r\n|\r|\n/);
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[line - 1] || "").length;
  deckBox.focus();
  deckBox.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(deckBox).lineHeight) || 18;
  deckBox.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

async function applyFixes() {
  const result = $("fix-result");
  try {
    const data = await api("/api/fix", deckRequest());
    // Lines naming no card are kept as written, never dropped: the page says which.
    const kept = data.kept.length ? ` ${data.kept.join("; ")}.` : "";
    if (!data.changed) {
      announce("fix-result", `No automatic fix for these problems.${kept}`);
      return;
    }
    deckBox.value = data.deck;
    announce("fix-result", `Fixed: ${data.applied.join("; ")}.${kept}`);
    save();
    await check();
    // The button is disabled once the deck is legal: the focus goes to what was done.
    if ($("fix").disabled) result.focus();
  } catch (error) {
    announce("fix-result", `Could not fix: ${error.message}`);
  }
}

// On a narrow screen the verdict bar is fixed at the foot of the screen: the page gets room
// below its last line (and a focused control is scrolled clear of the bar).
function padForVerdictBar() {
  const bar = $("verdict-bar");
  const fixed = getComputedStyle(bar).position === "fixed";
  const room = fixed ? `${bar.offsetHeight}px` : "";
  document.body.style.paddingBottom = room;
  document.documentElement.style.scrollPaddingBottom = room;
}
new ResizeObserver(padForVerdictBar).observe($("verdict-bar"));
window.addEventListener("resize", padForVerdictBar);
