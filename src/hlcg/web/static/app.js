// hlcg serve: the deck page. Hand-written, no framework, no build step.
// Every value from the server or the deck goes into the page through textContent (never
// innerHTML), so a card name or deck line holding markup shows as text.
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
    formatBox.value = localStorage.getItem(STORE.format) || "";
    setFilename(localStorage.getItem(STORE.filename));
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

// -- files ------------------------------------------------------------------------------

async function loadFile(file) {
  if (!file) return;
  if (file.size > MAX_UPLOAD) {
    $("verdict").className = "verdict failed";
    $("verdict").textContent = `${file.name}: over the ${MAX_UPLOAD} byte limit`;
    return;
  }
  deckBox.value = await file.text();
  setFilename(file.name);
  save();
  await check();
}

deckBox.addEventListener("dragover", (event) => {
  event.preventDefault();
  deckBox.classList.add("dragging");
});
deckBox.addEventListener("dragleave", () => deckBox.classList.remove("dragging"));
deckBox.addEventListener("drop", (event) => {
  event.preventDefault();
  deckBox.classList.remove("dragging");
  loadFile(event.dataTransfer.files[0]);
});
$("file").addEventListener("change", (event) => loadFile(event.target.files[0]));
$("forget-file").addEventListener("click", () => {
  setFilename(null);
  scheduleCheck();
});
deckBox.addEventListener("input", scheduleCheck);
formatBox.addEventListener("change", () => { save(); check(); });
$("fix").addEventListener("click", applyFixes);

// -- the card browser -------------------------------------------------------------------

function gemText(card) {
  return ATTRIBUTES.filter((a) => card[`gem_${a}`])
    .map((a) => `${a.slice(0, 3)} ${card[`gem_${a}`]}`).join(" ");
}

let searchSerial = 0;

async function search(event) {
  if (event) event.preventDefault();
  const serial = ++searchSerial;
  const q = $("search").value;
  const status = $("search-status");
  const body = document.querySelector("#results tbody");
  try {
    const data = await api(`/api/search?q=${encodeURIComponent(q)}`);
    if (serial !== searchSerial) return;
    body.replaceChildren();
    const shown = data.cards.slice(0, 200);
    for (const card of shown) {
      const row = el("tr");
      row.dataset.card = card.id;
      const name = el("button", card.subtitle ? `${card.title}: ${card.subtitle}` : card.title, {
        type: "button", class: "link",
      });
      name.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(card.id)}`; });
      // Versions of a card share a title: the sets (as a deck line writes them) tell them apart.
      const sets = card.sets.length ? ` [${card.sets.join(", ")}]` : "";
      const add = el("button", "Add", {
        type: "button", class: "add", "aria-label": `add ${card.title}${sets} to the deck`,
      });
      add.addEventListener("click", () => addCard(card.id));
      const cell = el("td");
      cell.append(name);
      if (sets) cell.append(el("span", sets, { class: "sets", title: card.id }));
      const addCell = el("td");
      addCell.append(add);
      row.append(
        cell,
        el("td", card.type || "?"),
        el("td", card.restriction === null ? "" : card.restriction),
        el("td", gemText(card)),
        el("td", card.formats.join(", ") || "any", { class: "col-formats" }),
        addCell,
      );
      body.append(row);
    }
    status.textContent = data.count > shown.length
      ? `${data.count} card(s); the first ${shown.length} shown`
      : `${data.count} card(s)`;
  } catch (error) {
    if (serial !== searchSerial) return;
    body.replaceChildren();
    status.textContent = error.message;
  }
}

async function addCard(cardId) {
  const status = $("search-status");
  try {
    const data = await api("/api/add", { ...deckRequest(), card: cardId });
    deckBox.value = data.deck;
    status.textContent = `Added ${data.added} (line ${data.line}).`;
    save();
    await check();
  } catch (error) {
    status.textContent = `Could not add: ${error.message}`;
  }
}

function field(list, name, value) {
  if (value === null || value === undefined || value === "" ||
      (Array.isArray(value) && !value.length)) value = "unknown / none";
  list.append(el("dt", name), el("dd", Array.isArray(value) ? value.join(", ") : value));
}

function sourceLink(source) {
  if (/^https?:\/\//i.test(source)) return el("a", source, { href: source, rel: "noreferrer" });
  return el("span", source);
}

async function showCard(id, serial) {
  const box = $("card");
  $("persona").hidden = true;
  try {
    const data = await api(`/api/card?q=${encodeURIComponent(id)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    const card = data.cards.find((c) => c.id === id) || data.cards[0];
    box.replaceChildren();
    if (!card) {
      box.append(el("p", `No card ${id}.`));
      box.hidden = false;
      return;
    }
    box.append(el("h3", card.subtitle ? `${card.title}: ${card.subtitle}` : card.title));
    const list = el("dl");
    for (const [key, value] of Object.entries(card)) {
      if (key === "printings" || key === "source" || key === "modifiers") continue;
      field(list, key.replace("_", " "), typeof value === "boolean" ? (value ? "yes" : "no") : value);
    }
    field(list, "modifiers", card.modifiers.map((m) => JSON.stringify(m)));
    field(list, "printings", card.printings.map((p) => `${p.set} (${p.name})`));
    list.append(el("dt", "source"));
    const source = el("dd");
    source.append(sourceLink(card.source));
    list.append(source);
    box.append(list);
    const add = el("button", "Add to deck", { type: "button", class: "add" });
    add.addEventListener("click", () => addCard(card.id));
    box.append(add);
    if (card.type === "persona") {
      const persona = el("button", "Persona page", { type: "button" });
      persona.addEventListener("click", () => {
        location.hash = `persona=${encodeURIComponent(card.title)}`;
      });
      box.append(" ", persona);
    }
    box.hidden = false;
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
    box.hidden = false;
  }
}

async function showPersona(name, serial) {
  const box = $("persona");
  $("card").hidden = true;
  try {
    const data = await api(`/api/persona?q=${encodeURIComponent(name)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    box.replaceChildren();
    if (!data.versions.length) box.append(el("p", `No persona named ${name}.`));
    for (const version of data.versions) {
      box.append(el("h3", `${version.title} [${version.id}]`));
      const list = el("dl");
      field(list, "sets", version.sets);
      field(list, "formats", version.formats);
      for (const a of ATTRIBUTES) {
        const value = version.attributes[a];
        const cap = version.gem_caps[a];
        field(list, a, `${value === null ? "unknown" : value} (gem cap ${cap === null ? "unknown" : cap})`);
      }
      field(list, "Master limit", version.master_limit);
      field(list, "modifiers", version.modifiers.map((m) => JSON.stringify(m)));
      list.append(el("dt", "specific cards"));
      const cards = el("dd");
      version.specific_cards.forEach((id, i) => {
        const link = el("button", id, { type: "button", class: "link" });
        link.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(id)}`; });
        if (i) cards.append(", ");
        cards.append(link);
      });
      list.append(cards);
      list.append(el("dt", "source"));
      const source = el("dd");
      source.append(sourceLink(version.source));
      list.append(source);
      box.append(list);
    }
    box.hidden = false;
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
    box.hidden = false;
  }
}

let routeSerial = 0; // a card or persona answer for an older address is dropped

function route() {
  const serial = ++routeSerial;
  const hash = location.hash.slice(1);
  const kind = hash.split("=")[0];
  let value = "";
  try {
    value = decodeURIComponent(hash.split("=").slice(1).join("="));
  } catch (e) {
    // A hand-edited or truncated address (#card=%E0%A4%A): say so instead of failing.
    $("persona").hidden = true;
    $("card").replaceChildren(el("p", `The address names no card or persona: #${hash}`));
    $("card").hidden = false;
    return;
  }
  if (kind === "card" && value) showCard(value, serial);
  else if (kind === "persona" && value) showPersona(value, serial);
  else {
    // No card or persona in the address (back to /, or #card=): no panel left over.
    $("card").hidden = true;
    $("persona").hidden = true;
  }
}

$("search-form").addEventListener("submit", search);
window.addEventListener("hashchange", route);

restore();
check();
search();
route();
