"use strict";
// The verify view of `hlcg serve --event`: fills the players, posts a pasted list or a
// photo, shows the answer. Every text goes in with textContent.
(function () {
  const $ = (id) => document.getElementById(id);

  function show(answer) {
    const same = answer.same ? "Same deck" : "Differs";
    $("answer").textContent = `${same}: ${answer.player}. Registered: ` +
      `${answer.registered.verdict}, ${answer.registered.fingerprint}. Presented: ` +
      `${answer.presented.verdict || "sheet"}, ${answer.presented.fingerprint}.`;
    $("answer").dataset.same = String(answer.same);
    const list = $("changes");
    list.replaceChildren();
    for (const change of answer.changes) {
      const item = document.createElement("li");
      item.textContent = `${change.section}: ${change.name}: ${change.before} -> ${change.after}`;
      list.append(item);
    }
    for (const note of answer.other) {
      const item = document.createElement("li");
      item.textContent = note;
      list.append(item);
    }
  }

  async function answered(response) {
    const data = await response.json();
    if (!response.ok) {
      $("answer").textContent = `Could not verify: ${data.error.message}`;
      $("answer").dataset.same = "";
      $("changes").replaceChildren();
      return;
    }
    show(data);
  }

  async function verify(event) {
    event.preventDefault();
    const player = $("player").value;
    const photo = $("photo").files[0];
    $("answer").textContent = "Verifying...";
    if (photo) {
      const url = `/api/event/verify-photo?player=${encodeURIComponent(player)}`;
      await answered(await fetch(url, {
        method: "POST", headers: { "Content-Type": photo.type }, body: photo,
      }));
      return;
    }
    await answered(await fetch("/api/event/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ player, deck: $("deck").value }),
    }));
  }

  async function start() {
    const about = await (await fetch("/api/event")).json();
    $("event-name").textContent = about.event.name;
    $("judged-by").textContent = `Decks judged by ${about.judged_by}.`;
    for (const name of about.players) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name;
      $("player").append(option);
    }
    $("verify-form").addEventListener("submit", verify);
  }

  start();
})();
