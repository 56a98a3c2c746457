// hlcg serve: dropped and chosen deck files, and the deck box's events (see app.js for how the page's scripts fit together).
"use strict";

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
