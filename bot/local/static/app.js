// The pbc playground page: one tab is one player in one channel.
"use strict";

const $ = (id) => document.getElementById(id);
const tab = sessionStorage.getItem("pbc-tab") || Math.random().toString(36).slice(2);
sessionStorage.setItem("pbc-tab", tab);

let me = sessionStorage.getItem("pbc-user") || "";
let channel = sessionStorage.getItem("pbc-channel") || "table-1";
let source = null;
const seen = new Set();
const past = [];
let pastAt = 0;

$("user").value = me;
$("channel").value = channel;

$("who").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const u = $("user").value.trim();
  const c = $("channel").value.trim() || "table-1";
  if (!u) return;
  me = u;
  channel = c;
  sessionStorage.setItem("pbc-user", me);
  sessionStorage.setItem("pbc-channel", channel);
  connect();
});

$("say").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("text").value.trim();
  if (!text) return;
  past.push(text);
  pastAt = past.length;
  $("text").value = "";
  send(text, false);
});

$("text").addEventListener("keydown", (ev) => {
  if (ev.key === "ArrowUp" && pastAt > 0) {
    pastAt--;
    $("text").value = past[pastAt];
    ev.preventDefault();
  } else if (ev.key === "ArrowDown" && pastAt < past.length) {
    pastAt++;
    $("text").value = past[pastAt] || "";
    ev.preventDefault();
  }
});

function status(msg) {
  $("status").textContent = msg;
}

async function send(text, button) {
  try {
    const r = await fetch("api/send", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ channel, user: me, tab, text, button, id: crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) }),
    });
    if (!r.ok) status(await r.text());
    else status("");
  } catch (e) {
    status("cannot reach the bot: " + e);
  }
}

function connect() {
  if (source) source.close();
  seen.clear();
  $("log").replaceChildren();
  $("me").textContent = me + " in #" + channel;
  $("text").disabled = false;
  $("send").disabled = false;
  $("hint").hidden = true;
  document.title = me + " · #" + channel + " · pbc";
  $("text").focus();
  const url = "api/events?channel=" + encodeURIComponent(channel) + "&tab=" + encodeURIComponent(tab);
  source = new EventSource(url);
  source.onopen = () => status("");
  source.onerror = () => status("reconnecting…");
  source.onmessage = (m) => show(JSON.parse(m.data));
}

// text writes s into el with @mentions highlighted (yours stronger).
function text(el, s, mentions) {
  const names = (mentions || []).map((m) => "@" + m);
  const parts = s.split(/(@[^\s,.;:()]+)/);
  for (const p of parts) {
    if (names.includes(p) || p === "@" + me) {
      const b = document.createElement("mark");
      b.textContent = p;
      if (p === "@" + me) b.className = "you";
      el.append(b);
    } else {
      el.append(p);
    }
  }
}

function show(e) {
  if (seen.has(e.id)) return;
  seen.add(e.id);
  const li = document.createElement("li");
  li.className = e.bot ? "bot" : e.from === me ? "mine" : "other";
  if (e.to) li.classList.add("only-you");
  if ((e.mentions || []).includes(me)) li.classList.add("for-you");
  li.dataset.id = e.id;
  const head = document.createElement("div");
  head.className = "head";
  const who = document.createElement("b");
  who.textContent = e.from;
  const when = document.createElement("time");
  when.textContent = new Date(e.at).toLocaleTimeString();
  head.append(who, " ", when);
  if (e.to) head.append(" · only you can see this");
  const body = document.createElement("div");
  body.className = "text";
  text(body, e.text, e.mentions);
  li.append(head, body);
  if (e.images && e.images.length) {
    const pics = document.createElement("div");
    pics.className = "pics";
    for (const img of e.images) {
      const a = document.createElement("a");
      a.href = img.url;
      a.target = "_blank";
      const i = document.createElement("img");
      i.src = img.url;
      i.alt = img.alt || img.name;
      a.append(i);
      pics.append(a);
    }
    li.append(pics);
  }
  if (e.files && e.files.length) {
    const files = document.createElement("div");
    files.className = "files";
    for (const f of e.files) {
      const a = document.createElement("a");
      a.href = f.url;
      a.download = f.name;
      a.textContent = "⬇ " + f.name;
      files.append(a);
    }
    li.append(files);
  }
  if (e.buttons && e.buttons.length) {
    const row = document.createElement("div");
    row.className = "buttons";
    for (const b of e.buttons) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = b.label;
      if (b.danger) btn.className = "danger";
      btn.addEventListener("click", () => send(b.command, true));
      row.append(btn);
    }
    li.append(row);
  }
  $("log").append(li);
  li.scrollIntoView({ block: "end" });
}

if (me) connect();
