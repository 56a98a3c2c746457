// hlcg serve: finding cards (see app.js for how the page's scripts fit together): the card
// list's order (an exact title first, or sorted by name, type, gems or set) and its pages
// of 200 rows, the / shortcut to the search, near misses suggested in the deck box as
// `hlcg card` reads them, and letters of another alphabet that look Latin, named.
"use strict";

let resultOffset = 0; // the first row of the card list's page

// -- the card list's order and pages ------------------------------------------------------

function gemTotal(card) {
  return ATTRIBUTES.reduce((sum, a) => sum + (card[`gem_${a}`] || 0), 0);
}

// Unknown values sort last; ties go by name (folded, as the deck box's suggestions fold it),
// then by id: one order, the same in every browser.
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const CARD_SORTS = {
  name: () => 0,
  type: (a, b) => (a.type === null) - (b.type === null) || byText(a.type || "", b.type || ""),
  gems: (a, b) => gemTotal(b) - gemTotal(a),
  set: (a, b) => !a.sets.length - !b.sets.length || byText(a.sets[0] || "", b.sets[0] || ""),
};

// The search's own order (an exact title or name first: "head shot" puts Head Shot
// above the cards whose text holds the words), or the order picked.
function orderedResults(cards) {
  const by = CARD_SORTS[$("sort").value];
  if (by) {
    return [...cards].sort((a, b) => by(a, b) || byText(fold(cardName(a)), fold(cardName(b))) ||
      byText(a.id, b.id));
  }
  const wanted = fold($("search").value);
  const exact = (card) => fold(card.title) === wanted || fold(cardName(card)) === wanted;
  return [...cards.filter(exact), ...cards.filter((card) => !exact(card))];
}

// The page of rows shown, and the Previous / Next buttons with where the page is.
function resultPage(cards) {
  if (resultOffset >= cards.length) resultOffset = Math.max(0, cards.length - SHOWN_ROWS);
  const shown = cards.slice(resultOffset, resultOffset + SHOWN_ROWS);
  const paged = cards.length > SHOWN_ROWS;
  $("pages").hidden = !paged;
  if (paged) {
    $("page-where").textContent = `cards ${resultOffset + 1} to ${resultOffset + shown.length} of ${cards.length}`;
    $("page-back").disabled = resultOffset === 0;
    $("page-on").disabled = resultOffset + SHOWN_ROWS >= cards.length;
  }
  return shown;
}

function turnPage(step) {
  resultOffset = Math.max(0, resultOffset + step * SHOWN_ROWS);
  showResults();
  // the list starts again at its top: the first row is where reading goes on
  document.querySelector("#results").scrollIntoView({ block: "start" });
}

$("page-back").addEventListener("click", () => turnPage(-1));
$("page-on").addEventListener("click", () => turnPage(1));
$("sort").addEventListener("change", () => {
  resultOffset = 0;
  showResults();
});

// -- the search from anywhere: "/" ----------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  event.preventDefault();
  $("search").focus();
  $("search").select();
});

// -- letters that look Latin and are not ----------------------------------------------------

// The Latin letter each commonly mistaken Cyrillic or Greek letter is taken for.
const LOOK_ALIKE_LETTERS = {
  "\u0410": "A", "\u0412": "B", "\u0421": "C", "\u0414": "D", "\u0415": "E", "\u041d": "H",
  "\u0406": "I", "\u0408": "J", "\u041a": "K", "\u041c": "M", "\u041e": "O", "\u0420": "P",
  "\u0405": "S", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u0430": "a", "\u0441": "c",
  "\u0435": "e", "\u0456": "i", "\u0458": "j", "\u043e": "o", "\u0440": "p", "\u0455": "s",
  "\u0445": "x", "\u0443": "y", "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0397": "H",
  "\u0399": "I", "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O", "\u03a1": "P",
  "\u03a4": "T", "\u03a7": "X", "\u03a5": "Y", "\u0396": "Z", "\u03bf": "o", "\u03bd": "v",
};
const LOOK_ALIKE_SCRIPTS = ["Cyrillic", "Greek", "Armenian", "Cherokee", "Coptic"];

// "Дodge": 'Д (U+0414, a Cyrillic letter, looks like D)': each letter of another alphabet
// in a name otherwise written in Latin letters, which no card title holds.
function lookAlikes(text) {
  if (!/\p{Script=Latin}/u.test(text)) return null; // a name wholly in another alphabet
  const named = [];
  for (const letter of new Set(text)) {
    if (!/\p{L}/u.test(letter) || /\p{Script=Latin}/u.test(letter)) continue;
    const script = LOOK_ALIKE_SCRIPTS.find((name) => new RegExp(`\\p{Script=${name}}`, "u").test(letter)) || "non-Latin";
    const code = letter.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
    const like = LOOK_ALIKE_LETTERS[letter] ? `, looks like ${LOOK_ALIKE_LETTERS[letter]}` : "";
    named.push(`${letter} (U+${code}, a ${script} letter${like})`);
  }
  if (!named.length) return null;
  return `"${text}" holds ${named.length === 1 ? "a letter" : "letters"} of another alphabet: ` +
    `${named.join(", ")}; no card title does.`;
}

// The search's words: a note before the count when they hold such a letter.
function lookAlikeNote(query) {
  const note = lookAlikes(query.trim());
  return note ? `${note} ` : "";
}

// The deck's unknown names: each problem naming one (the check says of which rule) names
// the letter too.
document.addEventListener("hlcg:checked", (event) => {
  if (!event.detail) return;
  const rule = CSS.escape(event.detail.unknown_card_rule);
  for (const message of document.querySelectorAll(`#problems li[data-rule="${rule}"] .message`)) {
    const name = /'(.*)'/.exec(message.textContent);
    const note = name && lookAlikes(name[1]);
    if (note) message.after(el("span", note, { class: "fix lookalike" }));
  }
});

// -- near misses in the deck box's suggestions ------------------------------------------------

// No name starts with or holds the typed words: what `hlcg card` reads them as (a typo, a
// look-alike letter, a missing word), its match or its did-you-mean names. Shown only while
// the caret's line still holds the same words; asked once the typing pauses.
const NEAR_MISS_DEBOUNCE_MS = 200;
let nearMissTimer = null;

function nearMissSuggestions(typed, personaOnly) {
  clearTimeout(nearMissTimer);
  nearMissTimer = setTimeout(() => askNearMiss(typed, personaOnly), NEAR_MISS_DEBOUNCE_MS);
}

async function askNearMiss(typed, personaOnly) {
  const asked = typed.trim();
  let data;
  try {
    data = await api(`/api/card?q=${encodeURIComponent(asked)}`);
  } catch (error) {
    return;
  }
  const line = caretLine();
  if (LINE_LEAD.exec(line.text)[2].trim() !== asked || document.activeElement !== deckBox) return;
  // the cards read, else the ranked did-you-mean names: what `hlcg card` answers
  const entries = (data.cards.length
    ? data.cards.map((card) => ({ name: cardName(card), card }))
    : data.suggestions.map((s) => ({ name: s.name, card: cardsById.get(s.ids[0]) || {} })))
    .filter((entry) => !personaOnly || entry.card.type === "persona");
  const seen = new Set();
  const unique = entries.filter((entry) => !seen.has(entry.name) && seen.add(entry.name));
  $("suggest-note").textContent = lookAlikes(asked) || "";
  if (unique.length) listSuggestions(unique.slice(0, SUGGESTIONS));
}
