// hlcg serve: the deck page. Hand-written, no framework, no build step: four plain scripts
// that share the page's global scope, loaded in order (app.js: the deck and its check;
// files.js: dropped and chosen files; browser.js: search and add a card; pages.js: card and
// persona panels, then the start). Every value from the server or the deck goes into the
// page through textContent (never innerHTML), so a card name or deck line holding markup
// shows as text.
"use strict";

const ATTRIBUTES = ["master", "agility", "strength", "toughness", "empathy", "reason"];
const MAX_UPLOAD = 1024 * 1024;
const STORE = { deck: "hlcg.deck", format: "hlcg.format", filename: "hlcg.filename" };
const DEBOUNCE_MS = 250;

const $ = (id) => document.getElementById(id);
const deckBox = $("deck");
const formatBox = $("format");
let filename = null; // the dropped file's name: it picks the reader, as on the command line
let checkTimer = null;
let checkSerial = 0; // answers to older requests are dropped

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const message = data && data.error ? data.error.message : `HTTP ${response.status}`;
    throw new Error(message);
  }
  return data;
}

function deckRequest() {
  const body = { deck: deckBox.value };
  if (formatBox.value) body.format = formatBox.value;
  if (filename) body.filename = filename;
  return body;
}

// -- the format choices -----------------------------------------------------------------

// The formats a deck can be checked in, as GET /api/formats lists them (`hlcg formats
// --json`), after the deck's own Format: line, which names the default format.
async function loadFormats() {
  let formats = [];
  try {
    formats = await api("/api/formats");
  } catch (e) { /* the check itself will say what is wrong */ }
  const fallback = formats.find((format) => format.default);
  const own = "the deck's Format: line" + (fallback ? ` (else ${fallback.name})` : "");
  const options = [el("option", own, { value: "" })];
  for (const format of formats) {
    if (format.checked) options.push(el("option", format.name, { value: format.name }));
  }
  formatBox.replaceChildren(...options);
}

// -- keeping the deck across reloads ----------------------------------------------------

function save() {
  try {
    localStorage.setItem(STORE.deck, deckBox.value);
    localStorage.setItem(STORE.format, formatBox.value);
    if (filename) localStorage.setItem(STORE.filename, filename);
    else localStorage.removeItem(STORE.filename);
  } catch (e) { /* storage full or disabled: the page still works */ }
}

function restore() {
  try {
    deckBox.value = localStorage.getItem(STORE.deck) || "";
    setFilename(localStorage.getItem(STORE.filename));
  } catch (e) { /* no storage */ }
}

// Once loadFormats has filled the choices: a saved format is one of them.
function restoreFormat() {
  try {
    formatBox.value = localStorage.getItem(STORE.format) || "";
  } catch (e) { /* no storage */ }
}

function setFilename(name) {
  filename = name || null;
  $("filename").hidden = !filename;
  $("forget-file").hidden = !filename || /\.(txt|deck)$/i.test(filename);
  $("filename").textContent = filename ? `read as ${filename}` : "";
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
}

async function check() {
  clearTimeout(checkTimer);
  const serial = ++checkSerial;
  const verdict = $("verdict");
  if (!deckBox.value.trim()) {
    showEmpty();
    verdict.removeAttribute("aria-busy");
    return;
  }
  verdict.setAttribute("aria-busy", "true");
  try {
    const data = await api("/api/check", deckRequest());
    if (serial === checkSerial) render(data);
  } catch (error) {
    if (serial !== checkSerial) return;
    verdict.className = "verdict failed";
    verdict.textContent = `Could not check: ${error.message}`;
    $("problems").replaceChildren();
    $("fix").disabled = true;
  } finally {
    if (serial === checkSerial) verdict.removeAttribute("aria-busy");
  }
}

function render(data) {
  const deck = data.report.decks[0];
  const verdict = $("verdict");
  verdict.className = `verdict ${deck.legal ? "legal" : "illegal"}`;
  verdict.textContent = deck.legal
    ? `LEGAL in ${deck.format}`
    : `ILLEGAL in ${deck.format}: ${data.errors} error(s)`;
  const stats = data.stats;
  const pregameLimit = stats.pregame.limit === null ? "" : ` of ${stats.pregame.limit}`;
  const masterLimit = stats.master.limit === null ? "?" : stats.master.limit;
  $("counts").textContent =
    `${deck.persona}. Endurance ${stats.endurance} cards; pre-game ${stats.pregame.used}` +
    `${pregameLimit}; Master cards ${stats.master.used} of ${masterLimit}; ` +
    `${data.warnings} warning(s).`;
  renderProblems(deck.problems);
  renderGems(stats);
  $("fingerprint").textContent = data.fingerprint;
  $("fix").disabled = deck.legal;
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
    item.append(el("span", `${problem.code} ${problem.rule}`, { class: "code" }), " ");
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
    if (!data.changed) {
      result.textContent = "No automatic fix for these problems.";
      return;
    }
    deckBox.value = data.deck;
    setFilename(data.filename && /\.(txt|deck)$/i.test(data.filename) ? null : data.filename);
    result.textContent = `Fixed: ${data.applied.join("; ")}`;
    save();
    await check();
  } catch (error) {
    result.textContent = `Could not fix: ${error.message}`;
  }
}
