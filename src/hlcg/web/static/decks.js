// hlcg serve: the decks saved in this browser (see app.js for how the page's scripts fit
// together). Each deck is its own localStorage entry (`hlcg.saved.ID`: its name, text,
// format, export kind and a version counted up on every write), so two tabs never write
// one blob over each other; the deck a tab has open is in its sessionStorage. A deck another
// tab changed or deleted meanwhile is never written over silently: the tab holds its edits
// and asks. A share link opens as a new deck; Back returns to the deck before.
"use strict";

const SAVED_PREFIX = "hlcg.saved.";
const TAB_DECK = "hlcg.open"; // sessionStorage: the deck this tab has open
const LAST_DECK = "hlcg.last"; // localStorage: the deck opened last, for a new tab
const OLD_STORE = { deck: "hlcg.deck", format: "hlcg.format", kind: "hlcg.kind" }; // one deck, before

let openRecord = null; // the open deck as this tab last read or wrote it
let heldBack = null; // another tab changed ("changed") or deleted ("deleted") the open deck

function storage(kind) {
  try { return kind === "session" ? sessionStorage : localStorage; } catch (e) { return null; }
}

function readRecord(id) {
  const store = storage();
  try {
    const raw = store && store.getItem(SAVED_PREFIX + id);
    return raw ? JSON.parse(raw) : null;
  } catch (e) { return null; }
}

function writeRecord(record) {
  const store = storage();
  try {
    if (store) store.setItem(SAVED_PREFIX + record.id, JSON.stringify(record));
    return true;
  } catch (e) { return false; /* storage full or disabled: the page still works */ }
}

function savedDecks() {
  const store = storage();
  const decks = [];
  if (!store) return decks;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key || !key.startsWith(SAVED_PREFIX)) continue;
    const record = readRecord(key.slice(SAVED_PREFIX.length));
    if (record) decks.push(record);
  }
  return decks.sort((a, b) => b.updated - a.updated || a.id.localeCompare(b.id));
}

function newRecord(fields) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { id, name: "", label: "", deck: "", format: "", kind: "text", version: 0, updated: Date.now(), ...fields };
}

// What a deck is called: the name the player gave it, else its persona and format.
function deckTitle(record) {
  return (record.name || "").trim() || record.label || "New deck";
}

// The file a download is saved as, without its extension: the deck's name, else its
// persona and format ("the-kurgan-first-edition"), else "deck".
function deckFileStem() {
  const given = openRecord && (openRecord.name || "").trim();
  if (given) return given.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").slice(0, 100);
  const slug = (openRecord && openRecord.label || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug || "deck";
}

function rememberOpen(id) {
  try {
    const session = storage("session");
    if (session) session.setItem(TAB_DECK, id);
    const store = storage();
    if (store) store.setItem(LAST_DECK, id);
  } catch (e) { /* no storage */ }
}

// -- start and save -----------------------------------------------------------------------

// The deck this tab had open (a reload), else the one opened last, else the newest; a deck
// kept by the page before decks were named becomes the first saved deck.
function startDecks() {
  const decks = savedDecks();
  const store = storage();
  if (!decks.length && store) {
    let old = null;
    try { old = store.getItem(OLD_STORE.deck); } catch (e) { old = null; }
    if (old) {
      const record = newRecord({
        deck: old, format: store.getItem(OLD_STORE.format) || "", kind: store.getItem(OLD_STORE.kind) || "text",
      });
      // Moved, not copied: deleting every deck later must not bring this one back.
      if (writeRecord(record)) for (const key of Object.values(OLD_STORE)) store.removeItem(key);
      decks.push(record);
    }
  }
  let wanted = null;
  try {
    const session = storage("session");
    wanted = (session && session.getItem(TAB_DECK)) || (store && store.getItem(LAST_DECK));
  } catch (e) { wanted = null; }
  let record = (wanted && readRecord(wanted)) || decks[0];
  if (!record) {
    record = newRecord({});
    writeRecord(record);
  }
  showRecord(record);
  history.replaceState({ deck: record.id }, "", location.href);
}

// The open deck into the page: text, export kind; the format once the choices are loaded.
function showRecord(record) {
  openRecord = record;
  heldBack = null;
  $("deck-ask").replaceChildren();
  deckBox.value = record.deck;
  if (record.kind) $("export-kind").value = record.kind;
  if (formatBox.options.length > 1) formatBox.value = record.format || "";
  rememberOpen(record.id);
  renderDeckChoices();
}

// app.js save(): the box, the format and the export kind into the open deck, unless another
// tab wrote it since this tab read it (then nothing is written until the player chooses).
function saveOpenDeck() {
  if (!openRecord) return;
  const fields = { deck: deckBox.value, format: formatBox.value, kind: $("export-kind").value };
  if (Object.entries(fields).every(([key, value]) => openRecord[key] === value)) return;
  if (heldBack) return;
  const stored = readRecord(openRecord.id);
  if (stored && stored.version !== openRecord.version) {
    askAboutOtherTab("changed");
    return;
  }
  writeOpen(fields);
}

function writeOpen(fields) {
  const stored = readRecord(openRecord.id);
  const version = Math.max(openRecord.version, stored ? stored.version : 0) + 1;
  openRecord = { ...openRecord, ...fields, version, updated: Date.now() };
  if (!writeRecord(openRecord)) {
    announce("decks-status", "Not saved: this browser's storage is full or turned off; download the deck to keep it.");
  }
  rememberOpen(openRecord.id);
  renderDeckChoices();
}

// After each check: the deck's persona and format name it until the player names it.
function noteDeckChecked(data) {
  if (!openRecord || data.text !== deckBox.value) return;
  const deck = data.report.decks[0];
  const label = `${deck.persona} - ${deck.format}`;
  if (openRecord.label === label || heldBack) return;
  const stored = readRecord(openRecord.id);
  if (stored && stored.version !== openRecord.version) return; // the other tab's is asked about
  writeOpen({ label });
}

// -- opening, naming, duplicating, deleting ------------------------------------------------

// Another deck into the page, as a step undo can take back, with a Back entry in the
// browser's history (``push``); the previous deck's action messages are cleared.
function openDeck(record, push, said, discardHeld) {
  if (heldBack && !discardHeld) keepHeldAsCopy();
  clearAddWarning();
  showRecord(record);
  showOpened(null);
  if (push) history.pushState({ deck: record.id }, "", location.pathname + location.hash);
  else history.replaceState({ deck: record.id }, "", location.href);
  announce("decks-status", said || `Opened ${deckTitle(record)}.`);
  $("deck-name").value = record.name || "";
  recordStep();
  check();
}

function openSaved(id) {
  if (openRecord && id === openRecord.id) return;
  const record = readRecord(id);
  if (!record) {
    announce("decks-status", "That deck is no longer saved (deleted in another tab).");
    renderDeckChoices();
    return;
  }
  openDeck(record, true);
}

// A new deck holding ``fields`` (a share link's, a copy's), opened.
function openAsNewDeck(fields, said) {
  const record = newRecord({ kind: $("export-kind").value, ...fields });
  writeRecord(record);
  openDeck(record, true, said);
  return record;
}

function renameDeck() {
  if (!openRecord) return;
  const name = $("deck-name").value.trim();
  if (name === (openRecord.name || "")) return;
  if (heldBack) {
    announce("decks-status", "Choose what to keep first: another tab changed this deck.");
    return;
  }
  writeOpen({ name });
  announce("decks-status", name ? `Named ${name}.` : `Named after its persona and format: ${deckTitle(openRecord)}.`);
}

function duplicateDeck() {
  const title = deckTitle(openRecord);
  saveOpenDeck();
  openAsNewDeck({
    deck: deckBox.value, format: formatBox.value, label: openRecord.label,
    name: `${title} (copy)`,
  }, `Duplicated ${title} as ${title} (copy).`);
}

function newDeck() {
  saveOpenDeck();
  openAsNewDeck({ deck: "", format: formatBox.value }, "Opened a new, empty deck.");
}

// Deleting asks first; the focus goes to "Keep it", so Enter deletes nothing.
function askToDelete() {
  const title = deckTitle(openRecord);
  const box = $("deck-ask");
  const remove = el("button", "Delete it", { type: "button" });
  const keep = el("button", "Keep it", { type: "button" });
  keep.addEventListener("click", () => {
    box.replaceChildren();
    $("deck-delete").focus();
  });
  remove.addEventListener("click", () => {
    box.replaceChildren();
    deleteOpenDeck();
  });
  box.replaceChildren(el("p", `Delete the deck ${title} from this browser? This cannot be undone.`), keep, " ", remove);
  keep.focus();
}

function deleteOpenDeck() {
  const title = deckTitle(openRecord);
  const gone = openRecord.id;
  try { localStorage.removeItem(SAVED_PREFIX + gone); } catch (e) { /* no storage */ }
  forgetSteps(gone);
  const next = savedDecks()[0] || newRecord({});
  if (!readRecord(next.id)) writeRecord(next);
  openDeck(next, false, `Deleted ${title}; opened ${deckTitle(next)}.`);
  $("deck-delete").focus();
}

function renderDeckChoices() {
  const list = $("deck-choices");
  const decks = savedDecks();
  list.replaceChildren(...decks.map((record) => {
    const item = el("li");
    const open = openRecord && record.id === openRecord.id;
    const button = el("button", deckTitle(record), { type: "button", class: "link" });
    button.dataset.deck = record.id;
    if (open) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => openSaved(record.id));
    const lines = record.deck.split("\n").filter((line) => line.trim()).length;
    item.append(button, el("span", open ? " (open)" : ` (${plural(lines, "line")})`, { class: "deck-choice-note" }));
    return item;
  }));
  if (!openRecord) return;
  if (document.activeElement !== $("deck-name")) $("deck-name").value = openRecord.name || "";
  $("deck-name").placeholder = openRecord.label || "its persona and format"; // the name it goes by
}

// -- another tab --------------------------------------------------------------------------

// Leaving a deck whose edits were held back (another tab changed it): they are saved as a
// deck of their own, never dropped.
function keepHeldAsCopy() {
  const stored = readRecord(openRecord.id);
  if (stored && stored.deck === deckBox.value && stored.format === formatBox.value) return;
  writeRecord(newRecord({
    deck: deckBox.value, format: formatBox.value, kind: $("export-kind").value,
    name: `${deckTitle(openRecord)} (this tab)`, label: openRecord.label,
  }));
}

// The open deck changed or went in another tab: this tab writes nothing until the player
// picks the other tab's deck, keeps this one as a new deck, or (changed) writes over it.
function askAboutOtherTab(what) {
  heldBack = what;
  const box = $("deck-ask");
  const title = deckTitle(openRecord);
  const theirs = el("button", "Open the other tab's version", { type: "button" });
  const copy = el("button", "Keep this tab's as a new deck", { type: "button" });
  const mine = el("button", what === "deleted" ? "Save it again" : "Write this tab's over it", { type: "button" });
  theirs.addEventListener("click", () => {
    const stored = readRecord(openRecord.id);
    if (stored) openDeck(stored, false, `Opened the other tab's version of ${deckTitle(stored)}.`, true);
  });
  copy.addEventListener("click", () => {
    box.replaceChildren();
    heldBack = null;
    openAsNewDeck({ deck: deckBox.value, format: formatBox.value, name: `${title} (this tab)`, label: openRecord.label },
      `Kept this tab's deck as ${title} (this tab).`);
  });
  mine.addEventListener("click", () => {
    box.replaceChildren();
    heldBack = null;
    const stored = readRecord(openRecord.id);
    if (stored) openRecord.version = stored.version;
    writeOpen({ deck: deckBox.value, format: formatBox.value, kind: $("export-kind").value });
    announce("decks-status", `Saved this tab's ${title}.`);
  });
  const said = what === "deleted"
    ? `The deck ${title} was deleted in another tab. This tab's copy is not saved until you choose.`
    : `The deck ${title} was changed in another tab. This tab's edits are not saved over it until you choose.`;
  box.replaceChildren(el("p", said), ...(what === "deleted" ? [mine, " ", copy] : [theirs, " ", copy, " ", mine]));
  renderDeckChoices();
}

window.addEventListener("storage", (event) => {
  if (event.storageArea !== localStorage || !event.key || !event.key.startsWith(SAVED_PREFIX)) return;
  renderDeckChoices();
  if (!openRecord || event.key !== SAVED_PREFIX + openRecord.id || heldBack) return;
  if (event.newValue === null) {
    askAboutOtherTab("deleted");
    return;
  }
  let stored;
  try { stored = JSON.parse(event.newValue); } catch (e) { return; }
  const same = stored.deck === deckBox.value && stored.format === formatBox.value;
  if (same) openRecord = { ...openRecord, ...stored }; // a name or label: nothing to ask
  else askAboutOtherTab("changed");
});

// Back and Forward: the deck that was open at that entry (a card panel's entry is stamped
// with the deck open when it was made).
window.addEventListener("popstate", (event) => {
  const id = event.state && event.state.deck;
  if (!id || (openRecord && id === openRecord.id)) return;
  const record = readRecord(id);
  if (record) openDeck(record, false, `Back to ${deckTitle(record)}.`);
});
window.addEventListener("hashchange", () => {
  if (!history.state && openRecord) history.replaceState({ deck: openRecord.id }, "", location.href);
});

$("deck-name").addEventListener("change", renameDeck);
$("deck-new").addEventListener("click", newDeck);
$("deck-duplicate").addEventListener("click", duplicateDeck);
$("deck-delete").addEventListener("click", askToDelete);
