// hlcg serve: the card browser: search and add a card (see app.js for how the page's scripts fit together).
"use strict";

// -- the card browser -------------------------------------------------------------------

function gemText(card) {
  return ATTRIBUTES.filter((a) => card[`gem_${a}`])
    .map((a) => `${a.slice(0, 3)} ${card[`gem_${a}`]}`).join(" ");
}

let searchSerial = 0;

async function search(event) {
  if (event) event.preventDefault();
  const serial = ++searchSerial;
  const q = $("search").value;
  const status = $("search-status");
  const body = document.querySelector("#results tbody");
  // Busy until this search's rows are in: assistive tech (and tests) wait for the answer
  // to the latest query, not for a row of an earlier one that is about to be replaced.
  $("results").setAttribute("aria-busy", "true");
  try {
    const data = await api(`/api/search?q=${encodeURIComponent(q)}`);
    if (serial !== searchSerial) return;
    body.replaceChildren();
    const shown = data.cards.slice(0, 200);
    for (const card of shown) {
      const row = el("tr");
      row.dataset.card = card.id;
      const name = el("button", card.subtitle ? `${card.title}: ${card.subtitle}` : card.title, {
        type: "button", class: "link",
      });
      name.addEventListener("click", () => { location.hash = `card=${encodeURIComponent(card.id)}`; });
      // Versions of a card share a title: the sets (as a deck line writes them) tell them apart.
      const sets = card.sets.length ? ` [${card.sets.join(", ")}]` : "";
      const add = el("button", "Add", {
        type: "button", class: "add", "aria-label": `add ${card.title}${sets} to the deck`,
      });
      add.addEventListener("click", () => addCard(card.id));
      const cell = el("td");
      cell.append(name);
      if (sets) cell.append(el("span", sets, { class: "sets", title: card.id }));
      const addCell = el("td");
      addCell.append(add);
      row.append(
        cell,
        el("td", card.type || "?"),
        el("td", card.restriction === null ? "" : card.restriction),
        el("td", gemText(card)),
        el("td", card.formats.join(", ") || "any", { class: "col-formats" }),
        addCell,
      );
      body.append(row);
    }
    status.textContent = data.count > shown.length
      ? `${data.count} card(s); the first ${shown.length} shown`
      : `${data.count} card(s)`;
  } catch (error) {
    if (serial !== searchSerial) return;
    body.replaceChildren();
    status.textContent = error.message;
  }
  $("results").removeAttribute("aria-busy");
}

async function addCard(cardId) {
  const status = $("search-status");
  try {
    const data = await api("/api/add", { ...deckRequest(), card: cardId });
    deckBox.value = data.deck;
    status.textContent = `Added ${data.added} (line ${data.line}).`;
    save();
    await check();
  } catch (error) {
    status.textContent = `Could not add: ${error.message}`;
  }
}

$("search-form").addEventListener("submit", search);
