// hlcg serve: a card's and a persona's panels, by the address (see app.js for how the page's scripts fit together).
"use strict";

// -- card and persona panels ----------------------------------------------------------

function field(list, name, value) {
  if (value === null || value === undefined || value === "" ||
      (Array.isArray(value) && !value.length)) value = "unknown / none";
  list.append(el("dt", name), el("dd", Array.isArray(value) ? value.join(", ") : value));
}

function sourceLink(source) {
  if (/^https?:\/\//i.test(source)) return el("a", source, { href: source, rel: "noreferrer" });
  return el("span", source);
}

async function showCard(id, serial) {
  const box = $("card");
  $("persona").hidden = true;
  try {
    const data = await api(`/api/card?q=${encodeURIComponent(id)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    const card = data.cards.find((c) => c.id === id) || data.cards[0];
    box.replaceChildren();
    if (!card) {
      box.append(el("p", `No card ${id}.`));
      box.hidden = false;
      return;
    }
    box.append(el("h3", card.subtitle ? `${card.title}: ${card.subtitle}` : card.title));
    const list = el("dl");
    for (const [key, value] of Object.entries(card)) {
      if (key === "printings" || key === "source" || key === "modifiers") continue;
      field(list, key.replace("_", " "), typeof value === "boolean" ? (value ? "yes" : "no") : value);
    }
    field(list, "modifiers", card.modifiers.map((m) => JSON.stringify(m)));
    field(list, "printings", card.printings.map((p) => `${p.set} (${p.name})`));
    list.append(el("dt", "source"));
    const source = el("dd");
    source.append(sourceLink(card.source));
    list.append(source);
    box.append(list);
    const add = el("button", "Add to deck", { type: "button", class: "add" });
    add.addEventListener("click", () => addCard(card.id));
    box.append(add);
    if (card.type === "persona") {
      const persona = el("button", "Persona page", { type: "button" });
      persona.addEventListener("click", () => {
        location.hash = `persona=${encodeURIComponent(card.title)}`;
      });
      box.append(" ", persona);
    }
    box.hidden = false;
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
    box.hidden = false;
  }
}

async function showPersona(name, serial) {
  const box = $("persona");
  $("card").hidden = true;
  try {
    const data = await api(`/api/persona?q=${encodeURIComponent(name)}`);
    if (serial !== routeSerial) return; // the address changed meanwhile
    box.replaceChildren();
    if (!data.versions.length) box.append(el("p", `No persona named ${name}.`));
    for (const version of data.versions) {
      box.append(el("h3", `${version.title} [${version.id}]`));
      const list = el("dl");
      field(list, "sets", version.sets);
      field(list, "formats", version.formats);
      for (const a of ATTRIBUTES) {
        const value = version.attributes[a];
        const cap = version.gem_caps[a];
        field(list, a, `${value === null ? "unknown" : value} (gem cap ${cap === null ? "unknown" : cap})`);
      }
      field(list, "Master limit", version.master_limit);
      field(list, "modifiers", version.modifiers.map((m) => JSON.stringify(m)));
      list.append(el("dt", "specific cards"));
      const cards = el("dd");
      version.specific_cards.forEach((id, i) => {
        const link = el("button", id, { type: "button", class: "link" });
        link.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(id)}`; });
        if (i) cards.append(", ");
        cards.append(link);
      });
      list.append(cards);
      list.append(el("dt", "source"));
      const source = el("dd");
      source.append(sourceLink(version.source));
      list.append(source);
      box.append(list);
    }
    box.hidden = false;
  } catch (error) {
    if (serial !== routeSerial) return;
    box.replaceChildren(el("p", error.message));
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
    // A hand-edited or truncated address (#card=%E0%A4%A): say so instead of failing.
    $("persona").hidden = true;
    $("card").replaceChildren(el("p", `The address names no card or persona: #${hash}`));
    $("card").hidden = false;
    return;
  }
  if (kind === "card" && value) showCard(value, serial);
  else if (kind === "persona" && value) showPersona(value, serial);
  else {
    // No card or persona in the address (back to /, or #card=): no panel left over.
    $("card").hidden = true;
    $("persona").hidden = true;
  }
}

window.addEventListener("hashchange", route);

// Start: the saved deck; once the format choices are in, its saved format and its check;
// the card list and the panel the address names meanwhile.
restore();
loadFormats().then(() => {
  restoreFormat();
  check();
});
search();
route();
