// hlcg serve: the deck's draw odds and grid coverage, what `hlcg deck odds` gives (POST
// /api/odds; see app.js for how the page's scripts fit together): per kind, the exact
// chance of at least one in the opening hand and in an Exertion, a gem's chances, and the
// nine areas of the grid. Worked out again whenever the deck is checked, while open.
"use strict";

const ODDS_DEBOUNCE_MS = 300;
const GRID_ROWS = ["upper", "middle", "lower"];
const GRID_COLUMNS = ["left", "center", "right"];

let oddsSerial = 0;

const oddsCopies = (count) => `${count} ${count === 1 ? "copy" : "copies"}`;
let oddsTimer = null;

// The kinds typed, as --kind takes them; none: the command's default kinds.
function oddsKinds() {
  return $("odds-kinds").value.split(",").map((kind) => kind.trim()).filter(Boolean);
}

// "48.22% (230/477)": the chance as `hlcg deck odds` prints it, its exact fraction in
// lowest terms ("0.00% (0)", "100.00% (1)" as Python's Fraction writes a whole number).
function chanceText(chance) {
  const gcd = (x, y) => (y ? gcd(y, x % y) : x);
  const common = gcd(chance.numerator, chance.denominator) || 1;
  const [top, bottom] = [chance.numerator / common, chance.denominator / common];
  return `${chance.percent.toFixed(2)}% (${bottom === 1 ? top : `${top}/${bottom}`})`;
}

function oddsTable(answer) {
  const table = el("table", null, { class: "odds-kinds" });
  table.append(el("caption", `${plural(answer.endurance, "Endurance card")} (${answer.format})`));
  const head = el("tr");
  const draws = Object.entries(answer.draws); // "opening hand": 15, "exertion": 5
  const columns = ["kind", "copies", ...draws.map(([name, size]) =>
    `${name === "exertion" ? "Exertion" : name} (${size})`)];
  for (const name of columns) head.append(el("th", name, { scope: "col" }));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const kind of answer.kinds) {
    const row = el("tr");
    row.dataset.kind = kind.kind;
    const name = el("th", kind.kind, { scope: "row" });
    if (kind.matching.length) name.title = kind.matching.join(", ");
    row.append(name, el("td", kind.copies));
    for (const [draw] of draws) {
      const cell = el("td", chanceText(kind.draws[draw]));
      cell.dataset.draw = draw;
      row.append(cell);
    }
    table.tBodies[0].append(row);
  }
  return table;
}

// A gem kind: the chance of each number of gems in an Exertion, and seed 002's gem checks.
function gemLines(gems) {
  const box = el("div", null, { class: "odds-gems" });
  box.dataset.attribute = gems.attribute;
  box.append(el("p", `${gems.attribute} gems in an Exertion of ${gems.exertion} ` +
    `(${plural(gems.in_deck, "gem")} in the Endurance):`));
  const list = el("ul");
  for (const entry of gems.at_least.slice(1)) list.append(el("li", `at least ${entry.gems}: ${chanceText(entry.chance)}`));
  for (const check of gems.checks) list.append(el("li", `${check.check} (${check.gems} gems): ${chanceText(check.chance)}`));
  if (!gems.checks.length) list.append(el("li", "no gem checks: they are Type Two's, seed 002; first-edition rules have none"));
  box.append(list);
  if (gems.unknown_gems.length) {
    const named = gems.unknown_gems.slice(0, 4).join(", ") + (gems.unknown_gems.length > 4 ? ", ..." : "");
    box.append(el("p", `Gem counts not recorded for ${plural(gems.unknown_gems.length, "card")} ` +
      `(${named}): counted as none, so each chance is at least the one shown.`, { class: "hint" }));
  }
  return box;
}

function gridTable(coverage) {
  const table = el("table", null, { class: "odds-grid" });
  table.append(el("caption", `Grid coverage (attacks / defenses), as ${coverage.rulebook} gives it`));
  const head = el("tr");
  head.append(el("td"));
  for (const column of GRID_COLUMNS) head.append(el("th", column, { scope: "col" }));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const rowName of GRID_ROWS) {
    const row = el("tr");
    row.append(el("th", rowName, { scope: "row" }));
    for (const column of GRID_COLUMNS) {
      const area = `${rowName}-${column}`;
      const cell = coverage.areas[area];
      const maybe = cell.not_recorded ? ` (+${cell.not_recorded}?)` : "";
      const td = el("td", `${cell.attacks} / ${cell.defenses}${maybe}`);
      td.dataset.area = area;
      row.append(td);
    }
    table.tBodies[0].append(row);
  }
  return table;
}

function showOdds(answer) {
  const parts = [oddsTable(answer)];
  for (const kind of answer.kinds) if (kind.gems) parts.push(gemLines(kind.gems));
  parts.push(gridTable(answer.coverage));
  const areas = Object.values(answer.coverage.areas);
  if (areas.some((cell) => cell.not_recorded)) {
    parts.push(el("p", "(+N?: defense copies that may also cover the area; no source decides, " +
      "so they are not counted)", { class: "hint" }));
  }
  const unknown = answer.coverage.unknown_grid;
  if (unknown.copies) {
    const named = Object.entries(unknown.cards).map(([name, n]) => `${name} (${n})`).join(", ");
    parts.push(el("p", `Grid not recorded for ${oddsCopies(unknown.copies)}: ${named}`, { class: "hint" }));
  }
  if (answer.unresolved_copies) {
    parts.push(el("p", `${oddsCopies(answer.unresolved_copies)} on lines naming no single card ` +
      "are drawn but match no kind.", { class: "hint" }));
  }
  $("odds-status").textContent = "";
  $("odds-result").replaceChildren(...parts);
}

async function refreshOdds() {
  clearTimeout(oddsTimer);
  const serial = ++oddsSerial;
  const box = $("odds-result");
  box.setAttribute("aria-busy", "true");
  try {
    if (!$("odds-panel").open) return;
    if (!deckBox.value.trim()) {
      box.replaceChildren();
      $("odds-status").textContent = "Paste or build a deck to see its odds.";
      return;
    }
    const answer = await api("/api/odds", { ...deckRequest(), kinds: oddsKinds() });
    if (serial === oddsSerial) showOdds(answer);
  } catch (error) {
    if (serial !== oddsSerial) return;
    box.replaceChildren();
    $("odds-status").textContent = `No odds: ${error.message}`;
  } finally {
    if (serial === oddsSerial) box.removeAttribute("aria-busy");
  }
}

// Busy from now until the odds of the deck as it is now are shown (as the verdict is).
function scheduleOdds() {
  clearTimeout(oddsTimer);
  oddsSerial++;
  $("odds-result").setAttribute("aria-busy", "true");
  oddsTimer = setTimeout(refreshOdds, ODDS_DEBOUNCE_MS);
}

$("odds-panel").addEventListener("toggle", () => { if ($("odds-panel").open) refreshOdds(); });
$("odds-kinds").addEventListener("input", scheduleOdds);
document.addEventListener("hlcg:checked", () => {
  if ($("odds-panel").open) scheduleOdds();
});
