// hlcg serve: opened and dropped deck files, and the deck box's events (see app.js for how
// the page's scripts fit together).
"use strict";

// -- files ------------------------------------------------------------------------------

// hlcg.deck.DECK_KINDS: each extension -> its kind's name; any other extension is a text
// deck (tests/web/test_kind_names.py keeps the two the same).
const FILE_KINDS = { ".txt": "text", ".deck": "text", ".json": "json", ".dek": "dek", ".o8d": "o8d" };

function fileKind(name) {
  const dot = name.lastIndexOf(".");
  return FILE_KINDS[dot < 0 ? "" : name.slice(dot).toLowerCase()] || "text";
}

// A .dek, .o8d or JSON deck is read by the reader its name picks (as `hlcg validate` reads
// it) and shown as the text deck `hlcg deck convert --to txt` writes, so cards can be added
// and edited; "Write as" then offers the file's own kind for export. A deck that cannot be
// converted (a line naming no single card) stays as it was written, checked as such.
async function loadFile(file) {
  if (!file) return;
  if (file.size > MAX_UPLOAD) {
    $("verdict").className = "verdict failed";
    $("verdict").textContent = `${file.name}: over the ${MAX_UPLOAD} byte limit`;
    return;
  }
  const text = await file.text();
  const kind = fileKind(file.name);
  announce("decks-status", ""); // the last deck's action messages go
  $("export-kind").value = kind;
  if (kind === "text") {
    deckBox.value = text;
    showOpened(`opened ${file.name}`);
  } else {
    try {
      const converted = await api("/api/convert", {
        deck: text, filename: file.name, to: "text",
        ...(formatBox.value ? { format: formatBox.value } : {}),
      });
      deckBox.value = converted.content;
      showOpened(`opened ${file.name} as a text deck`);
    } catch (error) {
      deckBox.value = text;
      showOpened(`opened ${file.name} as written (${error.message})`);
    }
  }
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
$("file").addEventListener("change", (event) => {
  loadFile(event.target.files[0]);
  event.target.value = ""; // the same file opened again is read again
});
deckBox.addEventListener("input", () => {
  showOpened(null);
  scheduleCheck();
});
formatBox.addEventListener("change", () => { save(); check(); });
$("fix").addEventListener("click", applyFixes);
