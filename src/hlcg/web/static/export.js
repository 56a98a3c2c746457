// hlcg serve: the deck out of the page: download and copy as text, JSON, .dek or .o8d (the
// writers of `hlcg deck convert`, through POST /api/convert), a share link and print (see
// app.js for how the page's scripts fit together).
"use strict";

const SHARE_KEY = "deck";

// The deck as a file of the kind picked, named after the deck (decks.js deckFileStem). The
// format picked on the page goes with it: the server writes it into the file (a `Format:`
// line, JSON's "format", a .dek's <format>, an .o8d's notes), so `hlcg validate` on the
// file judges it in that format, with the page's verdict and fingerprint.
async function converted() {
  const body = { ...deckRequest(), to: $("export-kind").value, name: deckFileStem() };
  return api("/api/convert", body);
}

async function download() {
  try {
    const file = await converted();
    const link = el("a", null, { download: file.filename });
    link.href = URL.createObjectURL(new Blob([file.content], { type: "application/octet-stream" }));
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    announce("export-status", `Downloaded ${file.filename}.`);
  } catch (error) {
    announce("export-status", `Could not write the deck: ${error.message}`);
  }
}

async function copy() {
  try {
    const file = await converted();
    await navigator.clipboard.writeText(file.content);
    announce("export-status", `Copied the deck as ${file.filename}.`);
  } catch (error) {
    announce("export-status", `Could not copy the deck: ${error.message}`);
  }
}

// The deck and its format as base64url of UTF-8 JSON, after # in the address: browsers never
// send the fragment to a server, so the deck stays between the two players.
function shareFragment() {
  const payload = JSON.stringify({ deck: deckBox.value, format: formatBox.value || null });
  const bytes = new TextEncoder().encode(payload);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${SHARE_KEY}=${encoded}`;
}

// The deck and format a share link holds, or an Error saying what is wrong with the link.
function readShared(encoded) {
  if (!encoded) throw new Error("there is nothing after #deck=");
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) {
    throw new Error("the text after #deck= holds characters a share link never has: it was altered");
  }
  if (encoded.length % 4 === 1) throw new Error("the text after #deck= is cut short");
  const base64 = encoded.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (e) {
    throw new Error("its bytes are not UTF-8 text: it is cut short or altered");
  }
  let payload;
  try {
    payload = JSON.parse(text);
  } catch (e) {
    throw new Error("it holds no complete deck: it is cut short or altered");
  }
  if (!payload || typeof payload !== "object" || !("deck" in payload)) throw new Error("it holds no deck");
  if (typeof payload.deck !== "string") throw new Error("its deck is not text");
  const fmt = payload.format;
  if (fmt !== null && fmt !== undefined && fmt !== "") {
    const known = [...formatBox.options].map((option) => option.value).filter(Boolean);
    if (typeof fmt !== "string" || !known.includes(fmt)) {
      throw new Error(`its format ${JSON.stringify(fmt)} is not one this server checks (${known.join(", ")})`);
    }
  }
  return { deck: payload.deck, format: fmt || "" };
}

async function share() {
  const link = `${location.origin}${location.pathname}#${shareFragment()}`;
  const box = $("share-link");
  box.value = link;
  try {
    await navigator.clipboard.writeText(link);
    announce("export-status", "Share link copied; it holds the whole deck.");
  } catch (e) {
    announce("export-status", "Share link below; it holds the whole deck.");
  }
  box.select();
}

// A share link opened: a new saved deck holds it, so no saved deck is written over, and Back
// (or undo) returns to the deck before. The address is cleared, so a reload keeps the edits
// made since. A link that cannot be read says why and changes nothing.
function openShared(encoded) {
  const before = openRecord ? openRecord.id : null;
  history.replaceState(before ? { deck: before } : null, "", location.pathname);
  let payload;
  try {
    payload = readShared(encoded);
  } catch (error) {
    announce("decks-status", `This share link cannot be opened: ${error.message}. No deck was changed.`);
    return;
  }
  if (!deckBox.value && openRecord && !openRecord.name) {
    // The open deck is a new, empty one (a fresh browser): the link's deck goes in it.
    deckBox.value = payload.deck;
    formatBox.value = payload.format;
    save();
    announce("decks-status", "Opened the share link.");
    check();
  } else {
    saveOpenDeck();
    openAsNewDeck({ deck: payload.deck, format: payload.format }, "Opened the share link as a new deck.");
  }
  showOpened("opened from a share link");
}

$("download").addEventListener("click", download);
$("copy").addEventListener("click", copy);
$("share").addEventListener("click", share);
$("print").addEventListener("click", () => window.print());
$("export-kind").addEventListener("change", save);
