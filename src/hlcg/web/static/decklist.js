// hlcg serve: the deck list beside the text: the persona and pre-game apart, the Endurance
// grouped by type with counts, +/- per line, each line marked with its problems; and the
// print sheet (see app.js for how the page's scripts fit together). The list is drawn from
// the server's reading of the deck (/api/check's `lines`), and every +/- edits the text, so
// the text and the list are one deck.
"use strict";

const MAX_LINE_COPIES = 999; // the most a deck line takes (docs/deck-format.md)
const SECTION_NAMES = { pregame: "Pre-Game", endurance: "Endurance" };
// A deck line with its copies in front: "3 Dodge", "3x Dodge", "  2 x Katana".
const COUNTED_LINE = /^(\s*)(\d+)(\s*[xX]?\s+)(.*)$/;

// Deck edits run one after another: an Add waiting for the server and a +/- clicked
// meanwhile would otherwise each write a deck that lacks the other's change.
let editQueue = Promise.resolve();
let focusAfterRender = null; // the key of the control to focus once the list is redrawn
let listText = null; // the deck text the list was drawn from: its line numbers are that text's

function queueEdit(edit) {
  editQueue = editQueue.then(edit).catch((error) => {
    announce("list-status", `Could not edit: ${error.message}`);
  });
  return editQueue;
}

function lineGroups(lines) {
  const persona = [];
  const pregame = [];
  const types = new Map();
  const unknown = [];
  for (const line of lines) {
    if (line.type === "persona" && !line.lines.length) persona.push(line);
    else if (line.card === null) unknown.push(line);
    else if (line.section === "pregame") pregame.push(line);
    else {
      if (!types.has(line.type)) types.set(line.type, []);
      types.get(line.type).push(line);
    }
  }
  const groups = [];
  if (persona.length) groups.push({ name: "Persona", lines: persona });
  if (pregame.length) groups.push({ name: "Pre-Game", lines: pregame });
  for (const type of [...types.keys()].sort()) {
    groups.push({ name: `Endurance: ${type}`, lines: types.get(type) });
  }
  if (unknown.length) groups.push({ name: "Not recognised", lines: unknown });
  return groups;
}

// The errors and warnings that name a line, by its line number or by its card (notes,
// such as a fact not recorded, are for the problem list: on every line they would hide these).
function lineProblems(line, problems) {
  return problems.filter((p) => p.severity !== "note" &&
    ((p.line !== null && line.lines.includes(p.line)) ||
      (line.card !== null && p.cards.includes(line.card))));
}

function countButton(sign, line) {
  const more = sign === "+";
  const label = `${more ? "one more" : "one fewer"} ${line.name}`;
  const button = el("button", more ? "+" : "\u2212", { type: "button", class: "count", "aria-label": label });
  button.dataset.focusKey = `${sign}${line.card || line.name}`;
  button.addEventListener("click", () => {
    focusAfterRender = button.dataset.focusKey;
    if (more) addCopy(line, button);
    else queueEdit(() => changeCount(line, -1));
  });
  return button;
}

function lineItem(line, problems) {
  const item = el("li", null, { class: "deck-line" });
  item.dataset.card = line.card || "";
  const count = el("span", line.count, { class: "copies" });
  const name = line.card
    ? el("button", line.name, { type: "button", class: "link" })
    : el("span", line.name, { class: "unknown-name" });
  if (line.card) {
    name.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(line.card)}`; });
  }
  // Three columns: the copies, the name with its problems under it, the -/+ buttons, so
  // a long name or a problem's badge wraps in its column and never pushes the buttons down.
  const main = el("span", null, { class: "line-main" });
  main.append(name);
  const marks = lineProblems(line, problems).map((problem) =>
    el("span", `${problem.severity} ${problem.code} ${problem.rule}`, {
      class: `mark severity-${problem.severity}`, title: problem.message,
    }));
  if (marks.length) {
    const under = el("span", null, { class: "marks" });
    under.append(...marks);
    main.append(under);
  }
  item.append(count, main);
  if (line.lines.length) {
    const buttons = el("span", null, { class: "count-buttons" });
    buttons.append(countButton("\u2212", line), countButton("+", line));
    item.append(buttons);
  }
  return item;
}

function renderDeckList(data) {
  const box = $("deck-list");
  box.replaceChildren();
  if (!data) {
    box.append(el("p", "No cards yet: search for cards and add them, or paste a deck.", { class: "hint" }));
    renderPrintSheet(null);
    return;
  }
  listText = data.text;
  const problems = data.report.decks[0].problems;
  for (const group of lineGroups(data.lines)) {
    const copies = group.lines.reduce((sum, line) => sum + line.count, 0);
    const heading = el("h4", `${group.name} (${copies})`);
    const list = el("ul", null, { class: "deck-group" });
    list.dataset.group = group.name;
    for (const line of group.lines) list.append(lineItem(line, problems));
    box.append(heading, list);
  }
  if (focusAfterRender) {
    const target = box.querySelector(`[data-focus-key="${CSS.escape(focusAfterRender)}"]`);
    if (target) target.focus();
    focusAfterRender = null;
  }
  renderPrintSheet(data);
}

// One copy fewer or more on the deck line ``line`` first names; a line at 0 goes.
function changeCount(line, delta) {
  if (listText !== deckBox.value) {
    // The text changed since the list was drawn: its line numbers may be off by now.
    announce("list-status", "The deck changed; the list is being brought up to date.");
    check();
    return;
  }
  const number = line.lines[0];
  const rows = deckBox.value.split(/\r\n|\r|\n/);
  const row = rows[number - 1];
  if (row === undefined) return;
  const counted = COUNTED_LINE.exec(row);
  if (!counted && line.count !== 1) {
    // "Dodge x3" and the like: the copies are not in front, where this edit writes them.
    announce("list-status", `Write line ${number} as "${line.count} ${line.name}" to change it here.`);
    return;
  }
  const copies = counted ? Number(counted[2]) : 1;
  const wanted = copies + delta;
  if (wanted > MAX_LINE_COPIES) {
    announce("list-status", `${line.name}: a deck line takes at most ${MAX_LINE_COPIES} copies.`);
    return;
  }
  if (wanted <= 0) rows.splice(number - 1, 1);
  else if (counted) rows[number - 1] = `${counted[1]}${wanted}${counted[3]}${counted[4]}`;
  else rows[number - 1] = `${wanted} ${row.trim()}`;
  deckBox.value = rows.join("\n");
  // A count changed keeps every line where it was; a line gone moves those after it.
  listText = wanted > 0 ? deckBox.value : null;
  // Until the check answers, the list shows the new count (line numbers are unchanged
  // unless the line went, and then the list is redrawn by the check).
  line.count += wanted - copies; // the card's copies over all its lines
  const item = $("deck-list").querySelector(`li[data-card="${CSS.escape(line.card || "")}"] .copies`);
  if (item && wanted > 0) item.textContent = line.count;
  announce("list-status", wanted > 0 ? `${line.count} ${line.name}` : `${line.name}: line ${number} removed`);
  if (wanted <= 0 && focusAfterRender && focusAfterRender.startsWith("\u2212")) focusAfterRender = null;
  scheduleCheck();
}

// + on a line: as Add does, a warning first when one more copy breaks a limit.
function addCopy(line, button) {
  const card = cardsById.get(line.card);
  const warning = card ? addWarning(card) : null;
  if (!warning) {
    queueEdit(() => changeCount(line, 1));
    return;
  }
  showAddWarning(warning, button, () => queueEdit(() => changeCount(line, 1)));
}

// -- the print sheet ----------------------------------------------------------------------

// One page, as a judge reads a deck: format, persona, pre-game, then the Endurance by type,
// the verdict and the fingerprint.
function renderPrintSheet(data) {
  const sheet = $("print-sheet");
  sheet.replaceChildren();
  if (!data) return;
  const deck = data.report.decks[0];
  sheet.append(
    el("h2", `${deck.persona} - ${deck.format}`),
    el("p", data.verdict, { class: "print-verdict" }),
    el("p", countsText(deck, data)),
  );
  const columns = el("div", null, { class: "print-columns" });
  for (const group of lineGroups(data.lines)) {
    const copies = group.lines.reduce((sum, line) => sum + line.count, 0);
    const block = el("div", null, { class: "print-group" });
    block.append(el("h3", `${group.name} (${copies})`));
    const list = el("ul");
    const sorted = [...group.lines].sort((a, b) => a.name.localeCompare(b.name));
    for (const line of sorted) list.append(el("li", `${line.count} ${line.name}`));
    block.append(list);
    columns.append(block);
  }
  sheet.append(columns, el("p", `Fingerprint: ${data.fingerprint}`, { class: "print-fingerprint" }));
}
