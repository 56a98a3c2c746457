// hlcg serve: undo and redo for every change to the deck (see app.js for how the page's
// scripts fit together): typing, Add, +/-, a suggestion taken, Apply suggested fixes, the
// format, an opened file, a share link, another saved deck opened. Every change reaches
// app.js save(), which calls recordStep: one history of states {deck id, text, format}, so
// undoing the opening of a link or of another deck goes back to the deck before. Typing
// is one step per burst (a pause of a second ends it). Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y) and
// the buttons; in the search box and the other fields, the browser's own undo.
"use strict";

const UNDO_STEPS = 200; // at least 50, as the issue asks; a state is one deck's text
const TYPING_PAUSE_MS = 1000;

let steps = []; // states, oldest first
let shownStep = -1; // the state the page shows
let restoringStep = false;
let typedAt = 0; // when the box was last typed in
let typing = false; // the change being recorded was typed in the box

function pageState() {
  return { id: openRecord ? openRecord.id : null, deck: deckBox.value, format: formatBox.value };
}

function sameState(a, b) {
  return a.id === b.id && a.deck === b.deck && a.format === b.format;
}

function recordStep() {
  if (restoringStep) return;
  const state = pageState();
  const shown = steps[shownStep];
  const typed = typing;
  typing = false;
  if (shown && sameState(shown, state)) return;
  const now = Date.now();
  // A burst of typing in one deck is one step: the state before it stays the step below.
  const burst = typed && shown && shown.typed && shown.id === state.id && now - typedAt < TYPING_PAUSE_MS;
  if (typed) typedAt = now;
  steps = steps.slice(0, shownStep + 1);
  if (burst) steps[shownStep] = { ...state, typed: true };
  else steps.push({ ...state, typed });
  if (steps.length > UNDO_STEPS) steps = steps.slice(steps.length - UNDO_STEPS);
  shownStep = steps.length - 1;
  showUndoButtons();
}

// The deck was deleted: its states go (undo never brings back a deck deleted on purpose).
function forgetSteps(id) {
  const shown = steps[shownStep];
  steps = steps.filter((state) => state.id !== id);
  shownStep = shown ? steps.indexOf(shown) : -1;
  if (shownStep < 0) shownStep = steps.length - 1;
  showUndoButtons();
}

function showUndoButtons() {
  $("undo").disabled = shownStep <= 0;
  $("redo").disabled = shownStep >= steps.length - 1;
}

// Show the state ``index`` steps hold: another deck is opened as it is saved now (another
// tab may have changed it meanwhile); the open deck gets the state's text and format.
function showStep(index) {
  const state = steps[index];
  if (!state) return false;
  restoringStep = true;
  try {
    if (openRecord && state.id !== openRecord.id) {
      const record = readRecord(state.id);
      if (!record) {
        steps.splice(index, 1); // deleted in another tab meanwhile
        if (index <= shownStep) shownStep--;
        return false;
      }
      showRecord(record);
      history.replaceState({ deck: record.id }, "", location.pathname);
      $("deck-name").value = record.name || "";
      if (record.deck !== state.deck || record.format !== state.format) steps[index] = { ...pageState(), typed: false };
    } else {
      deckBox.value = state.deck;
      formatBox.value = state.format;
    }
    shownStep = index;
    showOpened(null);
    scheduleCheck(); // saves the open deck; restoringStep keeps it from being a new step
  } finally {
    restoringStep = false;
  }
  showUndoButtons();
  return true;
}

function undo() {
  while (shownStep > 0) {
    if (showStep(shownStep - 1)) {
      announce("decks-status", `Undone: back to ${deckTitle(openRecord)} as it was.`);
      return;
    }
  }
  announce("decks-status", "Nothing to undo.");
}

function redo() {
  while (shownStep < steps.length - 1) {
    if (showStep(shownStep + 1)) {
      announce("decks-status", `Redone (${deckTitle(openRecord)}).`);
      return;
    }
  }
  announce("decks-status", "Nothing to redo.");
}

// The page's undo is the deck's: in the deck box and anywhere but another text field.
function ownsUndo(target) {
  if (target === deckBox) return true;
  const tag = target && target.tagName;
  return !(tag === "INPUT" || tag === "TEXTAREA" || (target && target.isContentEditable));
}

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || !ownsUndo(event.target)) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) {
    event.preventDefault();
    undo();
  } else if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) {
    event.preventDefault();
    redo();
  }
});
deckBox.addEventListener("beforeinput", (event) => {
  // The browser's own undo (its Edit menu) would undo only the typing, not an Add or a +.
  if (event.inputType === "historyUndo" || event.inputType === "historyRedo") {
    event.preventDefault();
    if (event.inputType === "historyUndo") undo();
    else redo();
    return;
  }
  typing = true;
  setTimeout(() => { typing = false; }, 0); // its input event, if any, came first
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);

// The first state: the deck the page opened with.
function startUndo() {
  steps = [{ ...pageState(), typed: false }];
  shownStep = 0;
  showUndoButtons();
}
