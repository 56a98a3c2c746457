// hlcg serve: the deck out of the page: download and copy as text, JSON, .dek or .o8d (the
// writers of `hlcg deck convert`, through POST /api/convert), a share link and print (see
// app.js for how the page's scripts fit together).
"use strict";

const SHARE_KEY = "deck";

async function converted() {
  const body = { ...deckRequest(), to: $("export-kind").value };
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

function readShared(encoded) {
  const base64 = encoded.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (typeof payload.deck !== "string") throw new Error("no deck in the link");
  return payload;
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

// A share link opened: its deck and format replace the box's (the address is then cleared,
// so a reload keeps the edits made since).
function openShared(encoded) {
  let payload;
  try {
    payload = readShared(encoded);
  } catch (error) {
    announce("export-status", `The share link holds no readable deck (${error.message}).`);
    return false;
  }
  deckBox.value = payload.deck;
  formatBox.value = payload.format || "";
  showOpened("opened from a share link");
  history.replaceState(null, "", location.pathname);
  save();
  return true;
}

$("download").addEventListener("click", download);
$("copy").addEventListener("click", copy);
$("share").addEventListener("click", share);
$("print").addEventListener("click", () => window.print());
$("export-kind").addEventListener("change", save);
