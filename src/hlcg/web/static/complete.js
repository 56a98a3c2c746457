// hlcg serve: card names suggested while typing in the deck box (see app.js for how the
// page's scripts fit together). The names are the catalogue's, loaded once (browser.js
// loadCatalogue); the line's copies and a `Persona:` label are kept as written.
"use strict";

const SUGGESTIONS = 8;
const MIN_PREFIX = 2;
// What comes before the name on a deck line: its copies ("3 ", "3x ") or "Persona: ".
const LINE_LEAD = /^(\s*(?:persona:\s*|\d+\s*[xX]?\s+)?)(.*)$/i;
const HEADER_LINE = /^\s*(format|pre-?game|endurance|sideboard|name|#|\/\/)/i;

let suggestions = []; // {name, card} shown in #suggest
let activeSuggestion = -1;

function fold(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, " ").trim();
}

// The caret's line: where it starts and ends in the box, and its text.
function caretLine() {
  const text = deckBox.value;
  const caret = deckBox.selectionStart;
  const start = text.lastIndexOf("\n", caret - 1) + 1;
  let end = text.indexOf("\n", caret);
  if (end < 0) end = text.length;
  return { start, end, text: text.slice(start, end) };
}

// Names starting with the typed words first, then names holding them; personas only after
// "Persona:".
function namesFor(typed, personaOnly) {
  const wanted = fold(typed);
  if (wanted.length < MIN_PREFIX) return [];
  const starts = [];
  const holds = [];
  const seen = new Set();
  for (const entry of cardNames) {
    if (personaOnly && entry.card.type !== "persona") continue;
    if (seen.has(entry.name)) continue;
    if (entry.folded.startsWith(wanted)) starts.push(entry);
    else if (entry.folded.includes(wanted)) holds.push(entry);
    else continue;
    seen.add(entry.name);
  }
  return [...starts, ...holds].slice(0, SUGGESTIONS);
}

function closeSuggestions() {
  suggestions = [];
  activeSuggestion = -1;
  $("suggest").hidden = true;
  $("suggest").replaceChildren();
  deckBox.removeAttribute("aria-activedescendant");
  $("suggest-note").textContent = "";
}

function showSuggestions() {
  const line = caretLine();
  if (HEADER_LINE.test(line.text) || deckBox.selectionStart !== deckBox.selectionEnd ||
      deckBox.selectionStart !== line.end) {
    closeSuggestions();
    return;
  }
  const [, lead, typed] = LINE_LEAD.exec(line.text);
  const personaOnly = /persona:/i.test(lead);
  // a letter of another alphabet ("Дodge") folds away: the lookup reads the name whole
  const found = lookAlikes(typed.trim()) ? [] : namesFor(typed, personaOnly);
  if (!found.length || (found.length === 1 && found[0].name === typed.trim())) {
    closeSuggestions();
    // no name holds the words: a near miss, as `hlcg card` reads it (finding.js)
    if (!found.length && fold(typed).length > MIN_PREFIX) nearMissSuggestions(typed, personaOnly);
    return;
  }
  listSuggestions(found);
  $("suggest-note").textContent = lookAlikes(typed.trim()) || ""; // "Дodge": the Д named
}

// ``found`` ({name, card}) in #suggest, none picked yet.
function listSuggestions(found) {
  suggestions = found;
  activeSuggestion = -1;
  const list = $("suggest");
  list.replaceChildren(...found.map((entry, i) => {
    const option = el("li", entry.name, { role: "option", id: `suggest-${i}`, "aria-selected": "false" });
    // mousedown, not click: the box keeps its focus and caret.
    option.addEventListener("mousedown", (event) => {
      event.preventDefault();
      takeSuggestion(i);
    });
    return option;
  }));
  list.hidden = false;
}

function markSuggestion(index) {
  activeSuggestion = index;
  const options = $("suggest").querySelectorAll("li");
  options.forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
  if (index >= 0) deckBox.setAttribute("aria-activedescendant", `suggest-${index}`);
}

function takeSuggestion(index) {
  const entry = suggestions[index];
  if (!entry) return;
  const line = caretLine();
  const [, lead] = LINE_LEAD.exec(line.text);
  const written = `${lead}${entry.name}`;
  const text = deckBox.value;
  deckBox.value = text.slice(0, line.start) + written + text.slice(line.end);
  const caret = line.start + written.length;
  deckBox.setSelectionRange(caret, caret);
  deckBox.focus();
  closeSuggestions();
  scheduleCheck();
}

deckBox.addEventListener("input", showSuggestions);
deckBox.addEventListener("blur", closeSuggestions);
deckBox.addEventListener("keydown", (event) => {
  if (!suggestions.length) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    markSuggestion((activeSuggestion + step + suggestions.length) % suggestions.length);
  } else if ((event.key === "Enter" || event.key === "Tab") && activeSuggestion >= 0) {
    event.preventDefault();
    takeSuggestion(activeSuggestion);
  } else if (event.key === "Escape") {
    event.preventDefault();
    closeSuggestions();
  }
});
