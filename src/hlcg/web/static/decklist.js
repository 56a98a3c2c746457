// hlcg serve: the deck list beside the text: the persona and pre-game apart, the Endurance
// grouped by type with counts, +/- per line, each line marked with its problems; and the
// print sheet (see app.js for how the page's scripts fit together). The list is drawn from
// the server's reading of the deck (/api/check's `lines`), and every +/- edits the text, so
// the text and the list are one deck.
"use strict";

const MAX_LINE_COPIES = 999; // the most a deck line takes (docs/deck-format.md)
const SECTION_NAMES = { pregame: "Pre-Game", endurance: "Endurance" };

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

const NO_TYPE = "type not recorded";

// The list as the reader saw the deck: the persona (or the `Persona:` line naming none), the
// pre-game, the Endurance by type (cards of no recorded type last), the lines naming no
// single card, the sideboard (listed, never checked), and a forum post's prose lines (not
// read as cards, as `hlcg validate`'s deck-syntax note says).
function lineGroups(lines) {
  const persona = [];
  const pregame = [];
  const types = new Map();
  const unknown = [];
  const sideboard = [];
  const prose = [];
  for (const line of lines) {
    if (line.section === "persona" || (line.type === "persona" && !line.lines.length)) persona.push(line);
    else if (line.section === "sideboard") sideboard.push(line);
    else if (line.section === "prose") prose.push(line);
    else if (line.card === null) unknown.push(line);
    else if (line.section === "pregame") pregame.push(line);
    else {
      const type = line.type || NO_TYPE;
      if (!types.has(type)) types.set(type, []);
      types.get(type).push(line);
    }
  }
  const groups = [];
  if (persona.length) groups.push({ name: "Persona", lines: persona });
  if (pregame.length) groups.push({ name: "Pre-Game", lines: pregame });
  const typeNames = [...types.keys()].filter((type) => type !== NO_TYPE).sort();
  if (types.has(NO_TYPE)) typeNames.push(NO_TYPE);
  for (const type of typeNames) groups.push({ name: `Endurance: ${type}`, lines: types.get(type) });
  if (unknown.length) groups.push({ name: "Not recognised", lines: unknown });
  if (sideboard.length) groups.push({ name: "Sideboard", lines: sideboard, note: "not checked" });
  if (prose.length) groups.push({ name: "Not read as cards", lines: prose, prose: true });
  return groups;
}

// A group's heading: its copies, or its lines for the prose.
function groupTitle(group) {
  if (group.prose) return `${group.name} (${plural(group.lines.length, "line")})`;
  const copies = group.lines.reduce((sum, line) => sum + line.count, 0);
  return `${group.name} (${copies}${group.note ? `; ${group.note}` : ""})`;
}

// The errors and warnings of a line: those on its line, and those about its card whose line
// (if any) names one of their cards (a title limit over two lines). A problem on a line
// naming no card that lists this card (a misspelt line's did-you-mean) is that line's, not
// this one's. Notes, such as a fact not recorded, are for the problem list: on every line
// they would hide these. The sideboard is never checked: only problems on its own lines.
let cardAtLine = new Map(); // line number -> the card the reader found on it, for lineProblems

function lineProblems(line, problems) {
  const own = line.line === null ? line.lines : [line.line, ...line.lines];
  const byCard = line.card !== null && line.section !== "sideboard";
  return problems.filter((p) => p.severity !== "note" && (
    (p.line !== null && own.includes(p.line)) ||
    (byCard && p.cards.includes(line.card) && (p.line === null || p.cards.includes(cardAtLine.get(p.line))))));
}

function countButton(sign, line) {
  const more = sign === "+";
  const label = `${more ? "one more" : "one fewer"} ${line.name}`;
  const button = el("button", more ? "+" : "\u2212", { type: "button", class: "count", "aria-label": label });
  const side = line.section === "sideboard" ? "sideboard:" : "";
  button.dataset.focusKey = `${sign}${side}${line.card || line.name}`;
  button.addEventListener("click", () => {
    focusAfterRender = button.dataset.focusKey;
    if (more) addCopy(line, button);
    else queueEdit(() => changeCount(line, -1));
  });
  return button;
}

// A line's errors and warnings as badges under its name ("error HL103 title-limit"), if any.
function problemMarks(line, problems) {
  const marks = lineProblems(line, problems).map((problem) =>
    el("span", `${problem.severity} ${problem.code} ${problem.rule}`, {
      class: `mark severity-${problem.severity}`, title: problem.message,
    }));
  const under = el("span", null, { class: "marks" });
  under.append(...marks);
  return marks.length ? [under] : [];
}

// What the list says of a line the reader did not take as cards: a `Persona:` line naming
// no persona, a forum post's prose.
function unreadItem(line, problems) {
  const item = el("li", null, { class: "deck-line unread" });
  item.dataset.card = "";
  item.dataset.line = line.line === null ? "" : line.line;
  const persona = line.section === "persona";
  const main = el("span", null, { class: "line-main" });
  main.append(
    el("span", persona ? `Persona: ${line.name}` : line.name, { class: "unknown-name" }),
    el("span", persona ? "no persona of this name: the persona checks are skipped"
      : `line ${line.line}: not read as a card`, { class: "unread-why" }),
  );
  main.append(...problemMarks(line, problems));
  item.append(el("span", persona ? "?" : "", { class: "copies" }), main);
  return item;
}

function lineItem(line, problems) {
  const item = el("li", null, { class: "deck-line" });
  item.dataset.card = line.card || "";
  item.dataset.line = line.line === null ? "" : line.line;
  const count = el("span", line.count, { class: "copies" });
  line.copiesNode = count; // +/- write the new count here before the check answers
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
  main.append(...problemMarks(line, problems));
  item.append(count, main);
  if (line.lines.length && line.at && line.at[0]) {
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
  cardAtLine = new Map();
  for (const line of data.lines) {
    if (line.card && line.section !== "sideboard") for (const number of line.lines) cardAtLine.set(number, line.card);
  }
  for (const group of lineGroups(data.lines)) {
    const heading = el("h4", groupTitle(group));
    const list = el("ul", null, { class: "deck-group" });
    list.dataset.group = group.name;
    for (const line of group.lines) {
      const unread = group.prose || (line.section === "persona" && line.card === null);
      list.append(unread ? unreadItem(line, problems) : lineItem(line, problems));
    }
    box.append(heading, list);
  }
  if (focusAfterRender) {
    const target = box.querySelector(`[data-focus-key="${CSS.escape(focusAfterRender)}"]`);
    if (target) target.focus();
    focusAfterRender = null;
  }
  renderPrintSheet(data);
}

// One copy fewer or more on the deck line ``line`` first names, its count rewritten where
// the reader found it (`- Thrust x3`, `* Upper Left Block (x3)`, `Taunt: The Kurgan: 2`:
// /api/check's `at`), so the line keeps its notation; a line writing no count gets one
// before its name (`- 2 War Axe`); a line at 0 goes.
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
  const at = line.at && line.at[0];
  if (row === undefined || !at) return;
  const [start, end] = at;
  const copies = end > start ? Number(row.slice(start, end)) : 1;
  const wanted = copies + delta;
  if (wanted > MAX_LINE_COPIES) {
    announce("list-status", `${line.name}: a deck line takes at most ${MAX_LINE_COPIES} copies.`);
    return;
  }
  if (wanted <= 0) rows.splice(number - 1, 1);
  else {
    rows[number - 1] = row.slice(0, start) + (end > start ? `${wanted}` : `${wanted} `) + row.slice(end);
    line.at[0] = [start, start + String(wanted).length]; // a second click before the check
  }
  const newline = /\r\n/.test(deckBox.value) ? "\r\n" : "\n";
  deckBox.value = rows.join(newline);
  // A count changed keeps every line where it was; a line gone moves those after it.
  listText = wanted > 0 ? deckBox.value : null;
  // Until the check answers, the list shows the new count (line numbers are unchanged
  // unless the line went, and then the list is redrawn by the check).
  line.count += wanted - copies; // the card's copies over all its lines
  if (line.copiesNode && wanted > 0) line.copiesNode.textContent = line.count;
  announce("list-status", wanted > 0 ? `${line.count} ${line.name}` : `${line.name}: line ${number} removed`);
  if (wanted <= 0 && focusAfterRender && focusAfterRender.startsWith("\u2212")) focusAfterRender = null;
  scheduleCheck();
}

// + on a line: as Add does, a warning first when one more copy breaks a limit.
function addCopy(line, button) {
  const card = line.section === "sideboard" ? null : cardsById.get(line.card); // never checked
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
    if (group.prose) continue; // a forum post's words are not the deck
    const block = el("div", null, { class: "print-group" });
    block.append(el("h3", groupTitle(group)));
    const list = el("ul");
    const sorted = [...group.lines].sort((a, b) => a.name.localeCompare(b.name));
    for (const line of sorted) {
      const unknownPersona = line.section === "persona" && line.card === null;
      list.append(el("li", unknownPersona ? `Persona: ${line.name} (no persona of this name)` : `${line.count} ${line.name}`));
    }
    block.append(list);
    columns.append(block);
  }
  sheet.append(columns, el("p", `Fingerprint: ${data.fingerprint}`, { class: "print-fingerprint" }));
}
