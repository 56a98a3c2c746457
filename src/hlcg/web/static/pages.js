// hlcg serve: a card's, a persona's and a rule's panels, by the address or a click, and the
// page's start (see app.js for how the page's scripts fit together).
"use strict";

// -- card and persona panels ----------------------------------------------------------

function sourceLink(source) {
  if (/^https?:\/\//i.test(source)) return el("a", source, { href: source, rel: "noreferrer" });
  return el("span", source);
}

function known(value) {
  return !(value === null || value === undefined || value === "" || value === false ||
    (Array.isArray(value) && !value.length));
}

// The facts a player reads a card by, in that order: [label, the card's fields].
const CARD_FACTS = [
  ["type", ["type"]],
  ["restriction", ["restriction"]],
  ["gems", ATTRIBUTES.map((a) => `gem_${a}`)],
  ["Master limit", ["master_limit"]],
  ["hand icons", ["hand_icons"]],
  ["unique", ["unique"]],
  ["reserved", ["reserved"]],
  ["signature", ["signature"]],
  ["unrestricted", ["unrestricted"]],
  ["faction", ["faction"]],
  ["modifiers", ["modifiers"]],
  ["text", ["text"]],
];

// A persona's Master card limit is its own field when recorded, else its Master gem (as the
// master-limit rule and the Persona panel read it); other cards have none to record.
function masterLimit(card) {
  if (card.type !== "persona") return { skip: true };
  if (known(card.master_limit)) return { value: String(card.master_limit), fields: ["master_limit"] };
  if (known(card.gem_master)) return { value: `${card.gem_master} (its Master gem)`, fields: ["gem_master"] };
  return { value: null };
}

function factValue(card, label, fields) {
  if (label === "gems") {
    const gems = ATTRIBUTES.filter((a) => card[`gem_${a}`]).map((a) => `${a} ${card[`gem_${a}`]}`);
    return gems.length ? gems.join(", ") : null;
  }
  const value = card[fields[0]];
  if (!known(value)) return null;
  if (value === true) return "yes";
  if (label === "modifiers") return value.map((m) => JSON.stringify(m)).join(", ");
  return Array.isArray(value) ? value.join(", ") : String(value);
}

// Where each of ``fields`` was read: the fact's own source, else the card's.
function factSources(card, fields) {
  const sources = new Set();
  for (const fact of card.facts || []) {
    if (fields.includes(fact.field)) sources.add(fact.source);
  }
  return sources.size ? [...sources] : [card.source];
}

function sourced(dd, sources) {
  const note = el("span", null, { class: "fact-source" });
  note.append(" (source: ");
  sources.forEach((source, i) => {
    if (i) note.append(", ");
    note.append(sourceLink(source));
  });
  note.append(")");
  dd.append(note);
}

function cardPanel(card, recorded) {
  const box = $("card");
  box.replaceChildren(el("h3", cardName(card)));
  const verdicts = el("ul", null, { class: "card-verdicts", "aria-label": "verdicts" });
  for (const [fmt, verdict] of Object.entries(card.verdicts || {})) {
    const item = el("li", `${fmt}: ${VERDICT_WORDS[verdict.status] || verdict.status} (${verdict.reason})`);
    // A ban the data records from a card page's edition marking ("[2E Only]") is the
    // validator's reason; the fact's own note says why, so the reader sees it is the edition.
    const fact = verdict.status === "illegal" && (card.legality || []).find((f) =>
      f.format === fmt && f.note && verdict.reason.startsWith(`${f.status} in ${fmt}`));
    if (fact) item.append(el("span", ` Recorded: ${fact.note}`, { class: "verdict-note" }));
    item.dataset.format = fmt;
    item.dataset.status = verdict.status;
    verdicts.append(item);
  }
  box.append(verdicts);
  const list = el("dl");
  const unknown = [];
  for (const [label, cardFields] of CARD_FACTS) {
    let fields = cardFields;
    let value;
    if (label === "Master limit") {
      const limit = masterLimit(card);
      if (limit.skip) continue;
      value = limit.value;
      fields = limit.fields || fields;
    } else value = factValue(card, label, fields);
    if (value === null) {
      if (!["reserved", "signature", "unrestricted", "modifiers", "faction"].includes(label)) unknown.push(label);
      continue;
    }
    const dd = el("dd", value);
    sourced(dd, factSources(card, fields));
    list.append(el("dt", label), dd);
  }
  const printings = card.printings.map((p) => `${p.set} (${p.name})`);
  if (printings.length) {
    const dd = el("dd", printings.join(", "));
    sourced(dd, factSources(card, ["sets"]));
    list.append(el("dt", "printings"), dd);
  } else unknown.push("printings");
  box.append(list);
  if (unknown.length) box.append(el("p", `Not recorded: ${unknown.join(", ")}.`, { class: "unknowns" }));
  const source = el("p", `id ${card.id}; card source: `, { class: "card-source" });
  source.append(sourceLink(card.source));
  box.append(source);
  const add = el("button", "Add to deck", { type: "button", class: "add" });
  add.addEventListener("click", () => askToAdd(card, add));
  box.append(add);
  if (card.type === "persona") {
    const persona = el("button", "Persona page", { type: "button" });
    persona.addEventListener("click", () => {
      location.hash = `persona=${encodeURIComponent(card.title)}`;
    });
    box.append(" ", persona);
  }
  recordForm(card, box, recorded);
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" }); // below a long card list: brought into sight
}

async function showCard(id, serial) {
  const box = $("card");
  $("persona").hidden = true;
  try {
    const data = await api(`/api/card?q=${encodeURIComponent(id)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    const card = data.cards.find((c) => c.id === id) || data.cards[0];
    if (!card) {
      box.replaceChildren(el("p", `No card ${id}.`));
      box.hidden = false;
      return;
    }
    cardPanel(card);
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
    box.hidden = false;
  }
}

function field(list, name, value) {
  if (!known(value)) value = "unknown / none";
  list.append(el("dt", name), el("dd", Array.isArray(value) ? value.join(", ") : value));
}

function cardLinks(ids) {
  const cards = el("dd");
  ids.forEach((id, i) => {
    const card = cardsById.get(id);
    const link = el("button", card ? cardName(card) : id, { type: "button", class: "link" });
    link.dataset.card = id;
    link.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(id)}`; });
    if (i) cards.append(", ");
    cards.append(link);
  });
  return cards;
}

// A persona's verdict in each checked format, in the card panel's words and from the same
// answer (the validator's, /api/search's `verdicts`), not the recorded formats list alone.
function personaVerdicts(id) {
  const card = cardsById.get(id);
  const verdicts = Object.entries((card && card.verdicts) || {});
  if (!verdicts.length) return el("dd", "unknown / none");
  const dd = el("dd", null, { class: "persona-verdicts" });
  dd.append(verdicts.map(([fmt, v]) => `${fmt}: ${VERDICT_WORDS[v.status] || v.status} (${v.reason})`).join("; "));
  return dd;
}

function personaMissed(box, name, candidates) {
  box.append(el("p", `No persona named ${name}.`));
  if (!candidates || !candidates.length) return;
  const line = el("p", "Did you mean: ", { class: "did-you-mean" });
  candidates.forEach((candidate, i) => {
    const pick = el("button", candidate.name, { type: "button", class: "link" });
    pick.addEventListener("click", () => { location.hash = `persona=${encodeURIComponent(candidate.name)}`; });
    if (i) line.append(", ");
    line.append(pick);
  });
  box.append(line);
}

async function showPersona(name, serial) {
  const box = $("persona");
  $("card").hidden = true;
  try {
    const data = await api(`/api/persona?q=${encodeURIComponent(name)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    box.replaceChildren();
    if (!data.versions.length) personaMissed(box, name, data.candidates);
    for (const version of data.versions) {
      box.append(el("h3", `${version.title} [${version.id}]`));
      const list = el("dl");
      field(list, "sets", version.sets);
      list.append(el("dt", "formats"), personaVerdicts(version.id));
      for (const a of ATTRIBUTES) {
        const value = version.attributes[a];
        const cap = version.gem_caps[a];
        field(list, a, `${value === null ? "unknown" : value} (gem cap ${cap === null ? "unknown" : cap})`);
      }
      field(list, "Master limit", version.master_limit);
      field(list, "modifiers", version.modifiers.map((m) => JSON.stringify(m)));
      list.append(el("dt", "specific cards"), cardLinks(version.specific_cards));
      list.append(el("dt", "source"));
      const source = el("dd");
      source.append(sourceLink(version.source));
      list.append(source);
      box.append(list);
    }
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
    box.hidden = false;
  }
}

// -- a rule's text, from a problem's code -------------------------------------------------

// A list item or a table row keeps its own line; any other line is a wrapped sentence.
const KEPT_LINE = /^\s*([-*+] |\d+[.)] |\|)/;

// The rule's documentation in paragraphs: the hard-wrapped lines of each joined (a list
// item's indented continuation joins its item), blank lines between paragraphs kept.
function ruleDoc(doc) {
  const box = el("div", null, { class: "rule-doc" });
  for (const block of doc.trim().split(/\n\s*\n/)) {
    const lines = [];
    let previous = "text"; // what the line before was: text, a list item or a table row
    for (const raw of block.split("\n")) {
      const kept = KEPT_LINE.test(raw);
      const continues = lines.length && !kept &&
        (previous === "text" || (previous === "item" && /^\s/.test(raw)));
      if (continues) lines[lines.length - 1] += ` ${raw.trim()}`;
      else lines.push(kept ? raw.trimEnd() : raw.trim());
      if (kept) previous = raw.trimStart().startsWith("|") ? "row" : "item";
      else if (!continues) previous = "text";
    }
    box.append(el("p", lines.join("\n")));
  }
  return box;
}

// What `hlcg rules NAME` prints: the summary, the documentation, each format's setting.
async function showRule(name, origin) {
  const box = $("rule");
  try {
    const rule = await api(`/api/rules/${encodeURIComponent(name)}`);
    const close = el("button", "Close", { type: "button" });
    close.addEventListener("click", () => {
      box.hidden = true;
      if (origin && origin.isConnected) origin.focus();
    });
    const heading = el("h3", `${rule.code} ${rule.name}: ${rule.summary}`, { tabindex: "-1" });
    const settings = Object.entries(rule.formats)
      .map(([fmt, s]) => `${fmt}: ${s.severity}${s.why ? ` (${s.why})` : ""}`).join("; ");
    box.replaceChildren(heading, ruleDoc(rule.doc), el("p", settings), close);
    box.hidden = false;
    heading.focus();
  } catch (error) {
    box.replaceChildren(el("p", `Could not read the rule: ${error.message}`));
    box.hidden = false;
  }
}

let routeSerial = 0; // a card or persona answer for an older address is dropped

function route() {
  const serial = ++routeSerial;
  const hash = location.hash.slice(1);
  const kind = hash.split("=")[0];
  let value = "";
  try {
    value = decodeURIComponent(hash.split("=").slice(1).join("="));
  } catch (e) {
    // A hand-edited or truncated address (#card=%E0%A4%A): say so instead of failing. A share
    // link's text as it came (a % is no character of one): openShared says why it is refused.
    if (kind === SHARE_KEY) {
      openShared(hash.split("=").slice(1).join("="));
      return;
    }
    $("persona").hidden = true;
    $("card").replaceChildren(el("p", `The address names no card or persona: #${hash}`));
    $("card").hidden = false;
    return;
  }
  if (kind === SHARE_KEY) openShared(value);
  else if (kind === "card" && value) showCard(value, serial);
  else if (kind === "persona" && value) showPersona(value, serial);
  else {
    // No card or persona in the address (back to /, or #card=): no panel left over.
    $("card").hidden = true;
    $("persona").hidden = true;
  }
}

window.addEventListener("hashchange", route);

// Start: the saved deck (or a share link's), the format choices and the catalogue, then the
// check, the card list and the panel the address names.
restore();
Promise.all([loadFormats(), loadCatalogue()]).then(() => {
  restoreFormat();
  startUndo();
  route();
  check();
  search();
});

// "Record what your card says" in the card panel: `hlcg db fill`'s questions for the card
// shown, in the deck's format, each answer written into the catalogue served (POST
// /api/fill). Offered only where the server may write (docs/web.md).
function recordField(form, id, label, value) {
  const row = el("p", null, { class: "record-row" });
  const input = el("input", null, { id, type: "text", autocomplete: "off" });
  if (value) input.value = value;
  row.append(el("label", label, { for: id }), " ", input);
  form.append(row);
  return input;
}

async function recordAnswer(card, fact, inputs, status) {
  const answer = fact === "printing" ? "" : inputs.get(fact).value;
  try {
    const data = await api("/api/fill", {
      card: card.id,
      format: deckFormat(),
      printing: inputs.get("printing").value,
      fact,
      answer,
      reader: inputs.get("reader").value,
    });
    const said = data.recorded ? `Recorded (${data.recorded}).` : "Skipped.";
    if (data.recorded) {
      // The panel again from the catalogue as it is now, the status kept.
      const fresh = await api(`/api/card?q=${encodeURIComponent(card.id)}`);
      cardPanel(fresh.cards.find((c) => c.id === card.id) || card, said);
      return;
    }
    status.textContent = said;
  } catch (error) {
    status.textContent = `Not recorded: ${error.message}`;
  }
}

// The form under the card's facts: nothing when this server records nothing.
async function recordForm(card, box, said) {
  box.dataset.recordFor = card.id;
  let data;
  try {
    data = await api(`/api/fill?card=${encodeURIComponent(card.id)}&format=${encodeURIComponent(deckFormat())}`);
  } catch (error) {
    return;
  }
  if (!data.recording || box.dataset.recordFor !== card.id) return;
  if (!data.card) { // nothing left to ask: what was recorded last, if anything
    if (said) box.append(el("p", said, { id: "record-status", role: "status" }));
    return;
  }
  const asked = data.card;
  const form = el("section", null, { class: "record", "aria-labelledby": "record-heading" });
  form.append(el("h4", "Record what your card says", { id: "record-heading" }));
  form.append(el("p", `For ${asked.format}: read it off a ${asked.editions.join("/")} card; `
    + "`none` when the card prints none, `skip` to leave it.", { class: "record-help" }));
  if (asked.not_asked) { // recorded in another edition: its numbers are not asked here
    form.append(el("p", asked.not_asked, { id: "record-status", role: "status" }));
    box.append(form);
    return;
  }
  const inputs = new Map();
  inputs.set("reader", recordField(form, "record-reader", "Your name", data.reader));
  const ours = asked.printings.length === 1 ? asked.printings[0] : "";
  inputs.set("printing", recordField(form, "record-printing", "Printing you hold (set and number)", ours));
  const status = el("p", said || "", { id: "record-status", role: "status", "aria-live": "polite" });
  const questions = asked.questions.length ? asked.questions : [{ fact: "printing", prompt: "printing", unlocks: "" }];
  for (const question of questions) {
    const label = `${question.prompt} (${question.unlocks})`;
    const input = question.fact === "printing" ? null
      : recordField(form, `record-${question.fact}`, label, "");
    if (input) inputs.set(question.fact, input);
    const button = el("button", `Record ${question.prompt}`, { type: "button", "data-fact": question.fact });
    button.addEventListener("click", () => recordAnswer(card, question.fact, inputs, status));
    form.append(button);
  }
  form.append(status);
  box.append(form);
}
