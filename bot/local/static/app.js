// The pbc playground page: one tab is one player in one channel. The
// browser claims a name and the server keeps it in an HTTP-only session
// cookie; a tab remembers the name it plays as and, when another tab of the
// same browser switched the browser's name, claims its own back.
"use strict";

const $ = (id) => document.getElementById(id);
const tab = sessionStorage.getItem("pbc-tab") || Math.random().toString(36).slice(2);
sessionStorage.setItem("pbc-tab", tab);

let me = sessionStorage.getItem("pbc-user") || "";
let channel = sessionStorage.getItem("pbc-channel") || "table-1";
let maxFile = 5 << 20;
let source = null;
let reconnects = 0;
const seen = new Set();
const pressed = new Map(); // command id → the message whose choice sent it
const stale = new Set(); // command ids refused as stale before send saw its id
const past = [];
let pastAt = 0;

// The invite link's key is now a cookie: keep it out of the address bar.
if (new URLSearchParams(location.search).has("key")) history.replaceState(null, "", location.pathname);

// A personal sign-in link (#signin=KEY) signs this browser in as its name;
// an admin's link (#admin=KEY) gives the key an admin's name signs in with.
// Both leave the address bar at once.
const fragment = new URLSearchParams(location.hash.slice(1));
const signinKey = fragment.get("signin") || "";
if (fragment.has("admin")) sessionStorage.setItem("pbc-admin-key", fragment.get("admin"));
if (location.hash) history.replaceState(null, "", location.pathname + location.search);

// showLink shows the player's personal sign-in link, to keep.
function showLink(name, key) {
  const url = location.origin + location.pathname + "#signin=" + encodeURIComponent(key);
  const a = document.createElement("a");
  a.href = url;
  a.textContent = url;
  $("mylink").replaceChildren("Your personal sign-in link: keep it (bookmark it). It signs you in as " + name +
    " in any browser; nobody else can take your name while you have a seat or are signed in. ", a);
  $("mylink").hidden = false;
}

$("user").value = me;
$("channel").value = channel;

// claim asks the server for name; it returns an error text or "".
async function claim(name, link) {
  try {
    const r = await fetch("api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(link ? { link } : { name, admin_key: sessionStorage.getItem("pbc-admin-key") || undefined }),
    });
    if (!r.ok) return await r.text();
    const who = await r.json();
    maxFile = who.max_file || maxFile;
    if (link) {
      me = who.user;
      $("user").value = me;
      sessionStorage.setItem("pbc-user", me);
    }
    if (who.link) showLink(who.user, who.link);
    return "";
  } catch (e) {
    return "cannot reach the bot: " + e;
  }
}

$("who").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const u = $("user").value.trim();
  const c = $("channel").value.trim() || "table-1";
  if (!u) return;
  const err = await claim(u);
  if (err) {
    status(err);
    return;
  }
  me = u;
  channel = c;
  sessionStorage.setItem("pbc-user", me);
  sessionStorage.setItem("pbc-channel", channel);
  connect();
});

$("signout").addEventListener("click", async () => {
  await fetch("api/logout", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  if (source) source.close();
  me = "";
  sessionStorage.removeItem("pbc-user");
  $("user").value = "";
  $("me").textContent = "";
  $("text").disabled = $("send").disabled = $("import").disabled = true;
  $("signout").hidden = $("newlink").hidden = $("mylink").hidden = true;
  $("hint").hidden = false;
  $("log").replaceChildren();
  document.title = "pbc playground";
});

$("newlink").addEventListener("click", async () => {
  const r = await fetch("api/link", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  if (!r.ok) {
    status(await r.text());
    return;
  }
  const who = await r.json();
  showLink(who.user, who.link);
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

// send posts a command (with files to attach); a refusal because the
// browser plays as someone else now claims this tab's name back once.
// A choice's message (with its buttons and menus) is remembered by the id
// of the command it sent, to disable them if the bot answers that the
// choice is stale.
async function send(text, button, files, from) {
  const body = JSON.stringify({ channel, user: me, tab, text, button, files,
    id: crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) });
  try {
    for (let attempt = 0; ; attempt++) {
      const r = await fetch("api/send", { method: "POST", headers: { "Content-Type": "application/json" }, body });
      if (r.ok) {
        status("");
        if (from) {
          const said = await r.json();
          if (stale.has(said.id)) retire(from);
          else pressed.set(said.id, from);
        }
        return;
      }
      const msg = await r.text();
      if (attempt === 0 && (r.status === 401 || (r.status === 403 && msg.startsWith("this browser plays as")))) {
        const err = await claim(me);
        if (!err) continue;
        status(err);
        return;
      }
      status(msg);
      return;
    }
  } catch (e) {
    status("cannot reach the bot: " + e);
  }
}

function connect() {
  if (source) source.close();
  seen.clear();
  follow = true;
  $("log").replaceChildren();
  $("me").textContent = me + " in #" + channel;
  $("text").disabled = $("send").disabled = $("import").disabled = false;
  $("signout").hidden = $("newlink").hidden = false;
  $("hint").hidden = true;
  document.title = me + " · #" + channel + " · pbc";
  $("text").focus();
  const url = "api/events?channel=" + encodeURIComponent(channel) + "&tab=" + encodeURIComponent(tab) +
    "&user=" + encodeURIComponent(me);
  source = new EventSource(url);
  source.onopen = () => {
    reconnects = 0;
    status("");
  };
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) {
      status("reconnecting…");
      return;
    }
    // Refused (the server restarted, or this browser plays as someone
    // else now): claim this tab's name again, and watch again.
    if (++reconnects > 5) {
      status("the bot refuses this tab; claim your name again");
      return;
    }
    setTimeout(async () => {
      const err = await claim(me);
      if (err) status(err);
      else connect();
    }, 1000 * reconnects);
  };
  source.onmessage = (m) => show(JSON.parse(m.data));
}

// upload sends a file with the command import.
async function upload(file) {
  if (!me || !file) return;
  if (file.size > maxFile) {
    status(file.name + " is " + mb(file.size) + ": the playground takes files up to " + mb(maxFile));
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  status("sending " + file.name + "…");
  await send("import", false, [{ name: file.name, type: file.type, data: btoa(bin) }]);
}

function mb(n) {
  return (n / (1 << 20)).toFixed(1) + " MB";
}

$("import").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", () => {
  upload($("file").files[0]);
  $("file").value = "";
});
const drop = document.querySelector("main");
drop.addEventListener("dragover", (ev) => {
  if (!me || !ev.dataTransfer.types.includes("Files")) return;
  ev.preventDefault();
  drop.classList.add("dropping");
});
drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
drop.addEventListener("drop", (ev) => {
  drop.classList.remove("dropping");
  if (!me || !ev.dataTransfer.files.length) return;
  ev.preventDefault();
  upload(ev.dataTransfer.files[0]);
});

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

// The log follows the newest message while the reader is at the bottom:
// after each message, and again as its pictures load and make it taller
// (scrolling once, before they load, left a phone 2,000 px short of it).
// A reader who scrolled up is left where they are.
const scroller = document.querySelector("main");
let follow = true;
let lastInput = 0; // when the reader last touched, wheeled, pressed a key or clicked
for (const ev of ["wheel", "touchmove", "keydown", "mousedown"]) {
  window.addEventListener(ev, () => (lastInput = Date.now()), { passive: true });
}
scroller.addEventListener("scroll", () => {
  // Only the reader's own scrolling decides: a scroll that follows the
  // page's own (or the log growing) says nothing about where they read.
  if (Date.now() - lastInput > 1000) return;
  follow = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
});
function stick() {
  if (follow) scroller.scrollTop = scroller.scrollHeight;
}
if (window.ResizeObserver) new ResizeObserver(stick).observe($("log"));

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
  if (e.attached && e.attached.length) {
    const att = document.createElement("div");
    att.className = "attached";
    att.textContent = e.attached.map((n) => "📎 " + n).join("  ");
    li.append(att);
  }
  if (e.images && e.images.length) {
    const pics = document.createElement("div");
    pics.className = "pics";
    // A picture drawn in a phone's form and a wide one shows in the form
    // that fits this screen; a region opens the whole map when tapped.
    const phone = matchMedia("(max-width: 600px)").matches;
    for (const img of e.images) {
      if (img.screen === "tap" || img.screen === (phone ? "wide" : "phone")) continue;
      const a = document.createElement("a");
      a.href = img.opens || img.url;
      a.target = "_blank";
      const i = document.createElement("img");
      i.addEventListener("load", stick);
      i.src = img.url;
      if (img.screen === "phone") i.className = "phone"; // drawn to be read at the screen's width, however tall
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
      btn.addEventListener("click", () => send(b.command, true, undefined, li));
      row.append(btn);
    }
    li.append(row);
  }
  for (const m of e.menus || []) li.append(menu(m, li));
  if (e.stale && e.reply_to) {
    const from = pressed.get(e.reply_to);
    if (from) retire(from);
    else stale.add(e.reply_to);
  }
  if (e.from === me && !e.bot) follow = true; // what you send, you see answered
  $("log").append(li);
  stick();
}

// menu draws a select menu; choosing an option sends its command as a
// button press, and the menu shows its placeholder again.
function menu(m, li) {
  const row = document.createElement("div");
  row.className = "menu";
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", m.placeholder);
  const ph = document.createElement("option");
  ph.value = "";
  ph.textContent = m.placeholder;
  ph.disabled = ph.selected = true;
  sel.append(ph);
  for (const o of m.options) {
    const opt = document.createElement("option");
    opt.value = o.command;
    opt.textContent = o.description ? o.label + " — " + o.description : o.label;
    sel.append(opt);
  }
  sel.addEventListener("change", () => {
    const v = sel.value;
    sel.selectedIndex = 0;
    if (v) send(v, true, undefined, li);
  });
  row.append(sel);
  return row;
}

// retire disables the buttons and menus of a message the game moved past.
function retire(li) {
  for (const el of li.querySelectorAll(".buttons button, .menu select")) {
    el.disabled = true;
    el.title = "no longer current";
  }
  li.classList.add("stale");
}

// A tab that played as someone resumes (claiming the name again if the
// browser lost it or plays as someone else); otherwise the browser's name,
// if it has one, fills the form.
(async () => {
  try {
    const r = await fetch("api/me");
    const who = r.ok ? await r.json() : null;
    if (who) maxFile = who.max_file || maxFile;
    if (signinKey) {
      const err = await claim("", signinKey);
      if (err) status(err);
      else connect();
      return;
    }
    if (!me) {
      if (who) $("user").value = who.user;
      return;
    }
    const err = who && who.user === me ? "" : await claim(me);
    if (err) status(err);
    else connect();
  } catch (e) {
    status("cannot reach the bot: " + e);
  }
})();
