// hlcg serve: the card browser: a live search (a near miss finds the card as `hlcg card`
// does), each card's verdict in the deck's format, and Add with its warnings (see app.js for
// how the page's scripts fit together).
"use strict";

const SEARCH_DEBOUNCE_MS = 200;
const SHOWN_ROWS = 200;
// The words validate uses for a card in a format (hlcg.rules verdicts), as a player says them.
const VERDICT_WORDS = { legal: "legal", illegal: "not legal", unconfirmed: "unchecked" };

let cardsById = new Map(); // every card of the catalogue, as /api/search returns it
let cardNames = []; // {name, folded, card}: the names a deck line writes, for suggestions
let titleLimit = new Map(); // format -> the most cards sharing a title, as its checks said
let searchSerial = 0;
let searchTimer = null;
let lastResults = [];
let searchSummary = null; // the search status line's own words, back after an action's

function cardName(card) {
  return card.subtitle ? `${card.title}: ${card.subtitle}` : card.title;
}

// The whole catalogue once (an empty search lists every card): names for the deck box's
// suggestions, gems for the budget, titles and restrictions for Add's warnings.
async function loadCatalogue() {
  try {
    const data = await api("/api/search?q=");
    cardsById = new Map(data.cards.map((card) => [card.id, card]));
    cardNames = data.cards.map((card) => ({ name: cardName(card), folded: fold(cardName(card)), card }));
    return true;
  } catch (e) {
    return false;
  }
}

function gemText(card) {
  return ATTRIBUTES.filter((a) => card[`gem_${a}`])
    .map((a) => `${a.slice(0, 3)} ${card[`gem_${a}`]}`).join(" ");
}

function verdictOf(card, fmt) {
  return (card.verdicts && card.verdicts[fmt]) || { status: "unconfirmed", reason: `${fmt} is not checked` };
}

function verdictCell(card, fmt) {
  const verdict = verdictOf(card, fmt);
  const cell = el("td", null, { class: "col-verdict" });
  cell.append(el("span", VERDICT_WORDS[verdict.status] || verdict.status, {
    class: `card-verdict verdict-${verdict.status}`, title: verdict.reason,
  }));
  cell.dataset.status = verdict.status;
  return cell;
}

// The sets' names for the set label's tooltip: "2E-CvD: 2nd Edition Connor vs. Duncan".
function setNames(card) {
  const names = new Map((card.printings || []).map((p) => [p.set, p.name]));
  return card.sets.map((code) => (names.get(code) ? `${code}: ${names.get(code)}` : code)).join("; ");
}

function resultRow(card, fmt) {
  const row = el("tr");
  row.dataset.card = card.id;
  const name = el("button", cardName(card), { type: "button", class: "link" });
  name.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(card.id)}`; });
  // Versions of a card share a title: the sets (as a deck line writes them) tell them apart.
  const sets = card.sets.length ? ` [${card.sets.join(", ")}]` : "";
  // The full name, the sets and the id: versions sharing a name and set differ by the id.
  const add = el("button", "Add", {
    type: "button", class: "add", "aria-label": `add ${cardName(card)}${sets} (${card.id}) to the deck`,
  });
  add.addEventListener("click", () => askToAdd(card, add));
  const cell = el("td");
  cell.append(name);
  if (sets) cell.append(el("span", sets, { class: "sets", title: setNames(card) }));
  const addCell = el("td");
  addCell.append(add);
  row.append(
    cell,
    card.type ? el("td", card.type)
      : el("td", "type not recorded", { class: "unrecorded", title: "type not recorded" }),
    el("td", card.restriction === null ? "" : card.restriction),
    el("td", gemText(card)),
    verdictCell(card, fmt),
    addCell,
  );
  return row;
}

// The rows of the latest search in the deck's format; with "only cards the format takes",
// the cards validate rejects in it are left out.
function showResults(note) {
  const fmt = deckFormat();
  shownFormat = fmt;
  $("only-format-name").textContent = fmt;
  $("verdict-heading").textContent = `In ${fmt}`;
  const only = $("only-format").checked;
  const shown = lastResults.filter((card) => !only || verdictOf(card, fmt).status !== "illegal");
  // in the order picked, 200 rows a page (finding.js)
  const rows = resultPage(orderedResults(shown)).map((card) => resultRow(card, fmt));
  document.querySelector("#results tbody").replaceChildren(...rows);
  const hidden = lastResults.length - shown.length;
  let status = `${shown.length} card(s)`;
  if (hidden) status += `; ${hidden} not legal in ${fmt} hidden`;
  if (shown.length > rows.length) status += `; ${$("page-where").textContent} shown`;
  searchSummary = note ? `${note} ${status}` : status;
  $("search-status").textContent = searchSummary;
}

let shownFormat = null; // the format the rows' verdicts are in

// After a check: the rows again only when the deck's format is another than theirs.
function formatChanged() {
  if (deckFormat() !== shownFormat && lastResults.length) showResults();
}

function didYouMean(names) {
  const box = $("did-you-mean");
  box.replaceChildren();
  if (!names.length) return;
  box.append(el("span", "Did you mean: "));
  names.forEach((name, i) => {
    const pick = el("button", name, { type: "button", class: "link" });
    pick.addEventListener("click", () => {
      $("search").value = name;
      search();
      $("search").focus();
    });
    if (i) box.append(", ");
    box.append(pick);
  });
}

// No card holds the words: the lookup `hlcg card` makes (a near miss, a typo) decides.
async function lookupNearMiss(q) {
  const data = await api(`/api/card?q=${encodeURIComponent(q)}`);
  if (data.cards.length) return { cards: data.cards, note: `No card holds "${q}"; read as ${cardName(data.cards[0])}.` };
  didYouMean(data.suggestions.map((s) => s.name));
  return { cards: [], note: `No card matches "${q}".` };
}

async function search(event) {
  if (event) event.preventDefault();
  clearTimeout(searchTimer);
  const serial = ++searchSerial;
  const q = $("search").value;
  // Busy until this search's rows are in: assistive tech (and tests) wait for the answer
  // to the latest query, not for a row of an earlier one that is about to be replaced.
  $("results").setAttribute("aria-busy", "true");
  try {
    const data = await api(`/api/search?q=${encodeURIComponent(q)}`);
    let found = { cards: data.cards, note: "" };
    if (!data.count && q.trim() && !q.includes(":")) found = await lookupNearMiss(q.trim());
    if (serial !== searchSerial) return;
    if (found.cards.length || !found.note.startsWith("No card matches")) didYouMean([]);
    lastResults = found.cards;
    resultOffset = 0; // a new list starts at its first page
    // a letter of another alphabet that looks Latin ("Дodge") is named (finding.js)
    showResults(`${lookAlikeNote(q)}${found.note}`.trim());
  } catch (error) {
    if (serial !== searchSerial) return;
    lastResults = [];
    document.querySelector("#results tbody").replaceChildren();
    didYouMean([]);
    searchSummary = error.message;
    $("search-status").textContent = error.message;
    // The server is down or restarting: the same search again once it answers.
    if (error.offline) searchTimer = setTimeout(search, RETRY_MS);
  }
  $("results").removeAttribute("aria-busy");
}

function scheduleSearch() {
  $("results").setAttribute("aria-busy", "true");
  searchSerial++;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(search, SEARCH_DEBOUNCE_MS);
}

// -- adding a card --------------------------------------------------------------------------

function copiesInDeck(test) {
  if (!lastCheck) return 0;
  return lastCheck.lines.filter((line) => line.card && test(cardsById.get(line.card) || {}))
    .reduce((sum, line) => sum + line.count, 0);
}

// Each check says its format's limit of cards sharing a title.
document.addEventListener("hlcg:checked", (event) => {
  if (event.detail) titleLimit.set(event.detail.report.decks[0].format, event.detail.title_limit);
});

// Why one more copy of ``card`` breaks the deck, before it is added: a card the format does
// not take, its restriction number, the title limit. null: nothing known against it.
function addWarning(card) {
  if (card.type === "persona") return null; // it becomes the Persona: line
  const fmt = deckFormat();
  const verdict = verdictOf(card, fmt);
  if (verdict.status === "illegal") return `${cardName(card)} is not legal in ${fmt}: ${verdict.reason}.`;
  const copies = copiesInDeck((c) => c.id === card.id);
  if (card.restriction !== null && copies + 1 > card.restriction) {
    return `${cardName(card)} has restriction ${card.restriction}: the deck holds ${copies} already.`;
  }
  const limit = titleLimit.get(fmt);
  const titled = copiesInDeck((c) => c.title === card.title);
  if (limit !== undefined && titled + 1 > limit) {
    return `At most ${limit} cards may be titled '${card.title}' in ${fmt}: the deck holds ${titled} already.`;
  }
  return null;
}

function clearAddWarning() {
  $("add-warning").replaceChildren();
  for (const box of document.querySelectorAll(".line-warning")) box.remove();
}

// The warning, with a choice: add anyway or keep the deck as it is. Focus goes to the safe
// choice (Enter keeps the deck), and back to the button that asked when it is made. A +
// on a deck line warns on that line, where the player is looking.
function showAddWarning(message, origin, proceed) {
  clearAddWarning();
  const line = origin.closest("#deck-list li");
  let box = $("add-warning");
  if (line) {
    box = el("div", null, { class: "line-warning", role: "alert" });
    line.append(box);
  }
  const anyway = el("button", "Add anyway", { type: "button" });
  const cancel = el("button", "Do not add", { type: "button" });
  anyway.addEventListener("click", () => {
    clearAddWarning();
    if (origin.isConnected) origin.focus();
    proceed();
  });
  cancel.addEventListener("click", () => {
    clearAddWarning();
    if (origin.isConnected) origin.focus();
  });
  box.replaceChildren(el("p", `Warning: ${message}`), cancel, " ", anyway);
  cancel.focus();
  box.scrollIntoView({ block: "nearest" });
}

function askToAdd(card, origin) {
  const warning = addWarning(card);
  clearAddWarning();
  if (!warning) {
    addCard(card.id);
    return;
  }
  showAddWarning(warning, origin, () => addCard(card.id));
}

function addCard(cardId) {
  return queueEdit(async () => {
    try {
      const data = await api("/api/add", { ...deckRequest(), card: cardId });
      deckBox.value = data.deck;
      announce("search-status", `Added ${data.added} (line ${data.line}).`);
      save();
      await check();
    } catch (error) {
      announce("search-status", `Could not add: ${error.message}`);
    }
  });
}

$("search-form").addEventListener("submit", search);
$("search").addEventListener("input", scheduleSearch);
$("only-format").addEventListener("change", () => showResults());
