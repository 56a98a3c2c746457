// hlcg serve: "Record what your card says" in the card panel: `hlcg db fill`'s questions for
// the card shown, in the deck's format, each answer written into the catalogue served
// (POST /api/fill). Offered only where the server may write (docs/web.md).
"use strict";

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
