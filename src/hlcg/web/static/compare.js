// hlcg serve: the deck against another, card by card, as `hlcg deck diff` compares them
// (POST /api/diff; see app.js for how the page's scripts fit together). The other deck is
// a pasted list, a file opened here or a deck saved in this browser; the comparison follows
// both: it is made again when the deck is checked again or the other deck is edited.
"use strict";

const COMPARE_DEBOUNCE_MS = 300;
const THIS_DECK = "this deck"; // side a's name in the answer ("only this deck: ...")
const DIFF_SECTION_WORDS = { persona: "persona", pregame: "pre-game", endurance: "Endurance", sideboard: "sideboard" };
const DIFF_CHANGE_SIGNS = { added: "+", removed: "\u2212", changed: "~" };

let compareFile = null; // {name, text} of the file opened as the other deck, until it is edited
let compareFormat = null; // a saved deck's own format, when one is compared
let compareTimer = null;
let compareSerial = 0;

// The other decks saved in this browser (decks.js), as the deck can be compared with them:
// [{name, deck, format}], the open deck left out.
function savedDecksToCompare() {
  const openId = openRecord ? openRecord.id : null;
  return savedDecks()
    .filter((record) => record.id !== openId && record.deck.trim())
    .map((record) => ({ id: record.id, name: deckTitle(record), deck: record.deck, format: record.format }));
}

// The choice is kept by the deck's id, so a list refilled after a deck is saved or renamed
// keeps what was picked.
function fillSavedChoices() {
  const saved = savedDecksToCompare();
  const picked = $("compare-saved").value;
  $("compare-saved-row").hidden = !saved.length;
  if (!saved.length) return;
  const options = [el("option", "pick one", { value: "" })];
  saved.forEach((entry) => options.push(el("option", entry.name, { value: entry.id })));
  $("compare-saved").replaceChildren(...options);
  if (saved.some((entry) => entry.id === picked)) $("compare-saved").value = picked;
}

// A pasted deck's kind by its look, as the server sniffs a deck with no name: JSON,
// LackeyCCG or OCTGN XML, else text; its name says so, so its reader is the right one.
function pastedName(text) {
  const start = text.replace(/^[\ufeff\s]+/, "");
  if (start.startsWith("{")) return "the other deck.json";
  if (start.startsWith("<")) return text.includes("<superzone") ? "the other deck.dek" : "the other deck.o8d";
  return "the other deck";
}

// Side b as /api/diff takes it: the file's name (its reader) or the pasted deck's, and the
// format picked on the page (both sides, as `--format`), else a saved deck's own.
function otherSide() {
  const text = $("compare-text").value;
  const side = { deck: text, filename: compareFile ? compareFile.name : pastedName(text) };
  const format = formatBox.value || compareFormat;
  if (format) side.format = format;
  return side;
}

// Busy from now until the answer for the decks as they are now is shown (as the verdict is).
function scheduleCompare() {
  clearTimeout(compareTimer);
  compareSerial++;
  $("compare-result").setAttribute("aria-busy", "true");
  compareTimer = setTimeout(compare, COMPARE_DEBOUNCE_MS);
}

async function compare() {
  clearTimeout(compareTimer);
  const serial = ++compareSerial;
  const box = $("compare-result");
  box.setAttribute("aria-busy", "true");
  try {
    if (!$("compare-panel").open) return;
    if (!$("compare-text").value.trim() || !deckBox.value.trim()) {
      box.replaceChildren();
      $("compare-status").textContent = "Paste the other deck, or open its file, to compare.";
      return;
    }
    const a = { ...deckRequest(), filename: THIS_DECK, kind: "text" };
    const answer = await api("/api/diff", { a, b: otherSide() });
    if (serial === compareSerial) showDiff(answer);
  } catch (error) {
    if (serial !== compareSerial) return;
    box.replaceChildren();
    $("compare-status").textContent = `Could not compare: ${error.message}`;
  } finally {
    if (serial === compareSerial) box.removeAttribute("aria-busy");
  }
}

// "a: this deck: legal, type-two, 5c14...", as `hlcg deck diff` writes each side.
function sideLine(sign, side) {
  const legal = side.verdict === "legal";
  const line = el("p", null, { class: "diff-side" });
  line.dataset.side = sign;
  line.append(`${sign}: ${side.path}: `,
    el("span", side.verdict || "no verdict", { class: `verdict-${legal ? "legal" : "illegal"}` }),
    `, ${side.format}, `, el("code", side.fingerprint));
  return line;
}

function changeRow(change) {
  const row = el("tr");
  Object.assign(row.dataset, {
    section: change.section, card: change.card, change: change.change,
    before: change.before, after: change.after,
  });
  row.append(
    el("td", DIFF_SECTION_WORDS[change.section] || change.section),
    el("td", `${DIFF_CHANGE_SIGNS[change.change] || ""} ${change.change}`),
    el("td", change.name),
    el("td", `${change.before} \u2192 ${change.after}`),
  );
  return row;
}

function showDiff(answer) {
  const box = $("compare-result");
  const counted = answer.changes.filter((c) => c.section !== "sideboard");
  const summary = answer.same ? "same deck" : `differ: ${plural(counted.length, "card")}`;
  $("compare-status").textContent = `Compared: ${summary}.`;
  const parts = [sideLine("a", answer.a), sideLine("b", answer.b)];
  if (answer.changes.length) {
    const table = el("table", null, { class: "diff-changes" });
    table.append(el("caption", "Cards that differ (a \u2192 b)"));
    const head = el("tr");
    for (const name of ["section", "change", "card", "copies"]) head.append(el("th", name, { scope: "col" }));
    table.append(el("thead"), el("tbody"));
    table.tHead.append(head);
    table.tBodies[0].append(...answer.changes.map(changeRow));
    const wrap = el("div", null, { class: "table-wrap" });
    wrap.append(table);
    parts.push(wrap);
  }
  if (answer.other.length) {
    const notes = el("ul", null, { class: "diff-other", "aria-label": "other differences" });
    notes.append(...answer.other.map((note) => el("li", note)));
    parts.push(notes);
  }
  parts.push(el("p", summary, { class: "diff-summary" }));
  box.replaceChildren(...parts);
}

async function openCompareFile(file) {
  if (!file) return;
  if (file.size > MAX_UPLOAD) {
    $("compare-status").textContent = `${file.name}: over the ${MAX_UPLOAD} byte limit`;
    return;
  }
  const text = await file.text();
  compareFile = { name: file.name, text };
  compareFormat = null;
  $("compare-text").value = text;
  $("compare-from").textContent = `opened ${file.name}`;
  compare();
}

$("compare-file").addEventListener("change", (event) => {
  openCompareFile(event.target.files[0]);
  event.target.value = ""; // the same file opened again is read again
});
$("compare-text").addEventListener("input", () => {
  // edited: no longer the file's text, so no longer read by the file's reader
  if (compareFile && $("compare-text").value !== compareFile.text) {
    compareFile = null;
    $("compare-from").textContent = "";
  }
  scheduleCompare();
});
$("compare-saved").addEventListener("change", () => {
  const entry = savedDecksToCompare().find((saved) => saved.id === $("compare-saved").value);
  if (!$("compare-saved").value || !entry) return;
  compareFile = null;
  compareFormat = entry.format || null;
  $("compare-text").value = entry.deck;
  $("compare-from").textContent = `saved deck ${entry.name}`;
  compare();
});
$("compare-panel").addEventListener("toggle", () => {
  if (!$("compare-panel").open) return;
  fillSavedChoices();
  compare();
});
document.addEventListener("hlcg:checked", () => {
  if (!$("compare-panel").open) return;
  fillSavedChoices(); // the decks saved meanwhile
  scheduleCompare();
});
