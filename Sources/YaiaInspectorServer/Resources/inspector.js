// Yaia Inspector's page: reads the server's numbered log of records and draws shells'
// timelines, view-model diffs, launches and the mock server's requests. No framework, no
// build step; all text reaches the page through textContent, never as HTML.
"use strict";

const svgNS = "http://www.w3.org/2000/svg";
const model = {
  page: null, cursor: 0, apps: new Map(), shells: new Map(), launches: new Map(),
  requests: [], problems: [], dropped: 0, missed: 0,
  selected: null,          // {type: "shell", key} | {type: "all", key: "all"} | {type: "launch", key} | {type: "requests"}
  step: null,              // selected step position within the shell's steps (null: follow the newest)
  filter: "", caseFilter: null, connected: false, dirty: true,
  transport: null,         // "stream" (news pushed) or "poll" (asked for)
  all: [],                 // every shell's steps in the order received: {key, i} or {gap}
  hiddenShells: new Set(), // the shells the all-shells timeline leaves out, by key
};

// ---------- helpers ----------

// ---------- trust ----------
// The page never sends its token, nor anything that acts for it once captured: while
// `yaia inspect` is down, any local program may take its port, and this page keeps calling it.
// 1. The token is read once from the address's fragment (#token=…, which a browser never sends),
//    dropped from the address bar and this tab's history, and kept only as a Web Crypto key the
//    page cannot read back. A reload asks for the printed address again.
// 2. Before any other request, the page posts a fresh nonce to /api/connect?role=page; the
//    inspector answers a session nonce and the keyed hash (HMAC-SHA-256, keyed by the token) of
//    its role, the port the page dialled and both nonces. What cannot make it is sent nothing.
// 3. Each request then carries proof=SESSION.COUNTER.HASH, the keyed hash of exactly that request
//    (method, path, every other item), so a captured one opens nothing: not again, not in
//    another run of the inspector. After any failure the page proves the server again first.
// The inspector's PageProof computes the same messages.
const encoder = new TextEncoder();
const trust = { key: null, session: null, counter: 0, proving: null };

// An answer at the page's port that cannot prove it holds the page's token.
class Unproven extends Error {}

function takeToken() {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("token");
  const fromQuery = new URLSearchParams(location.search).get("token");
  if (fromFragment !== null || fromQuery !== null) history.replaceState(null, "", location.pathname);
  return fromFragment || fromQuery || "";
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const byteLength = (text) => encoder.encode(text).length;
const pagePort = () => Number(location.port || 80);

async function sign(message) {
  return hex(await crypto.subtle.sign("HMAC", trust.key, encoder.encode(message)));
}

// Compares without stopping at the first difference.
function sameText(a, b) {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

// The session of a server that proved it holds the token, proving it first if needed.
function proveServer() {
  if (trust.session) return Promise.resolve(trust.session);
  if (trust.proving) return trust.proving;
  trust.proving = (async () => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const nonce = hex(bytes);
    const response = await fetch(`/api/connect?role=page&nonce=${nonce}`, { method: "POST", cache: "no-store" });
    const answer = await response.json().catch(() => null);
    if (!answer || typeof answer.nonce !== "string" || typeof answer.proof !== "string" || !/^[0-9a-f]{32}$/.test(answer.nonce) || answer.nonce === nonce) {
      throw new Unproven("its answer is not an inspector's");
    }
    const expected = await sign(`yaia-inspector-1 page-inspector ${pagePort()} ${nonce} ${answer.nonce}`);
    if (!sameText(expected, answer.proof)) throw new Unproven("it cannot prove it holds this page's token");
    trust.session = answer.nonce;
    trust.counter = 0;
    return trust.session;
  })().finally(() => { trust.proving = null; });
  return trust.proving;
}

// What a request's proof is made over: each item written with its length in UTF-8 bytes first, so
// that no two requests read as one message (PageProof.requestMessage, held to the same example).
function requestMessage(port, session, counter, method, path, items) {
  let message = `yaia-inspector-1 page-request ${port} ${session} ${counter} ${method} ${byteLength(path)}:${path}\n`;
  for (const [name, value] of items) if (name !== "proof") message += `${byteLength(name)}:${name}${byteLength(value)}:${value}`;
  return message;
}

// `path` with `params` and the proof of this one request (and of `body`'s bytes, if given).
async function signedURL(method, path, params = {}, body) {
  const session = await proveServer();
  const items = Object.entries(params).map(([name, value]) => [name, String(value)]);
  if (body !== undefined) items.push(["body", hex(await crypto.subtle.digest("SHA-256", body))]);
  const counter = ++trust.counter;
  const message = requestMessage(pagePort(), session, counter, method, path, items);
  items.push(["proof", `${session}.${counter}.${await sign(message)}`]);
  return `${path}?${items.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&")}`;
}

// A request of the page's, with its proof. Values are percent-encoded (a space as %20): the
// server reads "+" as itself, so that a Swift expression sent for a test keeps its spaces and its
// pluses. A text body is sent as UTF-8 and bound to the proof. A refused proof (an inspector
// restarted since) proves the server again and tries once more; a failed connection forgets the
// session, so whatever answers next must prove itself before it is sent a request.
async function api(path, params = {}, options = {}) {
  const method = options.method || "GET";
  const body = typeof options.body === "string" ? encoder.encode(options.body) : options.body;
  for (let attempt = 0; ; attempt++) {
    const url = await signedURL(method, path, params, typeof options.body === "string" ? body : undefined);
    let response;
    try {
      response = await fetch(url, { cache: "no-store", ...options, body });
    } catch (error) {
      trust.session = null;
      throw error;
    }
    if (response.status !== 401 || attempt > 0) return response;
    trust.session = null;
  }
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "onclick") node.addEventListener("click", value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(svgNS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function banner(text, action) {
  const node = document.getElementById("banner");
  node.replaceChildren(text);
  if (action) node.append(" ", el("button", { onclick: action.run }, action.label));
  node.hidden = !text;
}

const shortType = (type) => (type || "").replace(/^.*\./, "");

// One line for a value: `.loginTapped(user: "ada")`, `Line(step: .login, status: .running, …)`,
// `[3 items]`; deeper parts and long lists shortened.
function summary(value, depth = 0) {
  if (!value) return "?";
  if ("text" in value) return JSON.stringify(value.text.length > 60 ? value.text.slice(0, 60) + "…" : value.text);
  if ("scalar" in value) return value.scalar;
  if (value.none) return "nil";
  if (value.redacted) return "<redacted>";
  if (value.tooDeep) return "…";
  const fields = (list) => {
    const shown = list.slice(0, 3).map((f) => (/^_\d+$/.test(f.label) ? "" : f.label + ": ") + summary(f.value, depth + 1));
    if (list.length > 3) shown.push("…");
    return shown.join(", ");
  };
  if ("enum" in value) {
    if (!value.values.length) return "." + value.case;
    if (depth > 2) return "." + value.case + "(…)";
    return "." + value.case + "(" + fields(value.values) + ")";
  }
  if ("record" in value) {
    if (depth > 2 || !value.fields.length) return shortType(value.record) + (value.fields.length ? "(…)" : "()");
    return shortType(value.record) + "(" + fields(value.fields) + ")";
  }
  if ("collection" in value) {
    const count = value.elements.length + (value.omitted || 0);
    if (depth > 1 || count > 3) return "[" + count + (count === 1 ? " item]" : " items]");
    return "[" + value.elements.map((v) => summary(v, depth + 1)).join(", ") + "]";
  }
  return "?";
}

// Where an event goes before what it holds: the cases it is wrapped in, outermost first
// (`screen › pairing › radio › heard`), and what its innermost case carries. A value that only
// names where the event goes (an id, a number) is kept beside its case, `screen(0)`; other
// values beside a wrapped case are left to the detail. Rows that differ deep inside an event
// read differently from their first characters.
function casePath(value) {
  const path = [];
  let current = value;
  while (current && "enum" in current && path.length < 12) {
    const values = current.values || [];
    const inner = values.find((f) => f.value && "enum" in f.value);
    if (!inner) {
      path.push(current.case);
      return { path, carried: values.length ? fieldsSummary(values) : "" };
    }
    const names = values.filter((f) => f !== inner).map((f) => shortName(f.value)).filter((n) => n !== null);
    path.push(current.case + (names.length ? `(${names.join(", ")})` : ""));
    current = inner.value;
  }
  return { path, carried: current ? summary(current) : "" };
}

// A value short enough to stand for an id in a case path (`0`, `"AA:01"`), or null.
function shortName(value) {
  if (!value) return null;
  if ("scalar" in value) return value.scalar;
  if ("text" in value && value.text.length <= 24) return JSON.stringify(value.text);
  if ("record" in value && value.fields.length === 1) return shortName(value.fields[0].value);
  return null;
}

function fieldsSummary(list) {
  const shown = list.slice(0, 4).map((f) => (/^_?\d+$/.test(f.label) || /^\.\d+$/.test(f.label) ? "" : f.label + ": ") + summary(f.value, 1));
  if (list.length > 4) shown.push("…");
  return shown.join(", ");
}

// The case path without the ids, to filter by: `screen › pairing › radio`.
const caseKey = (path) => path.map((part) => part.replace(/\(.*$/, ""));

// What a step changed in the view model, with the parts its paths share written once:
// `…pairing.rows[id: "AA"].{signal, seen}`.
function foldedPaths(paths, more) {
  if (!paths || !paths.length) return "";
  const split = paths.map((p) => p.split(/\.(?![^\[]*\])/));
  let common = 0;
  while (split.every((s) => s.length > common + 1 && s[common] === split[0][common])) common++;
  const prefix = split[0].slice(0, common);
  const tails = split.map((s) => s.slice(common).join("."));
  // The prefix by its last two names: positions (`_0`, the payload of a case) say nothing.
  const named = prefix.filter((part) => !/^[._]?\d+$/.test(part));
  const shownPrefix = (named.length > 2 || named.length < prefix.length ? "…" : "") + named.slice(-2).join(".");
  const listed = tails.slice(0, 3).join(", ") + (tails.length > 3 ? `, +${tails.length - 3}` : "");
  const body = tails.length === 1 ? tails[0] : "{" + listed + "}";
  return (named.length ? shownPrefix + "." : shownPrefix) + body + (more ? ` and ${more} more` : "");
}

// The whole value as a tree one can open in place: every field, element and character is
// reachable. Containers deeper than two levels start closed and are built only when opened
// (a large view model costs nothing until one looks), and a long text shows its start with a
// button that shows all of it.
const LONG_TEXT = 200;

function valueNode(value, depth = 0) {
  if (!value) return el("span", { class: "v" }, "?");
  if ("text" in value) return textNode(value.text);
  const children = valueChildren(value);
  if (!children) return el("span", { class: "v" }, summary(value));
  if (!children.length) return el("span", { class: "v" }, summary(value));
  const details = el("details", { class: "v" }, el("summary", {}, summary(value)));
  const fill = () => {
    if (details.dataset.filled) return;
    details.dataset.filled = "1";
    details.append(el("ul", { class: "fields" }, children.map(([label, child]) => el("li", {}, label === null ? "" : el("span", { class: "label" }, label + ": "), valueNode(child, depth + 1)))));
    if (value.omitted) details.lastChild.append(el("li", { class: "note" }, `… ${value.omitted} more (beyond the app's reading limit)`));
  };
  if (depth < 2) { details.open = true; fill(); } else details.addEventListener("toggle", fill);
  return details;
}

function valueChildren(value) {
  if ("record" in value) return value.fields.map((f) => [f.label, f.value]);
  if ("enum" in value) return value.values.map((f) => [/^_\d+$/.test(f.label) ? null : f.label, f.value]);
  if ("collection" in value) return value.elements.map((v, i) => [String(i), v]);
  return null;
}

function textNode(text) {
  const quoted = JSON.stringify(text);
  if (quoted.length <= LONG_TEXT) return el("span", { class: "v text" }, quoted);
  const shown = el("span", { class: "v text" }, JSON.stringify(text.slice(0, LONG_TEXT)).slice(0, -1) + "…\"");
  const toggle = el("button", { class: "more" }, `show all ${text.length} characters`);
  toggle.addEventListener("click", () => {
    const full = toggle.dataset.full !== "1";
    toggle.dataset.full = full ? "1" : "0";
    shown.textContent = full ? quoted : JSON.stringify(text.slice(0, LONG_TEXT)).slice(0, -1) + "…\"";
    toggle.textContent = full ? "show less" : `show all ${text.length} characters`;
  });
  return el("span", {}, shown, " ", toggle);
}

// ---------- the log ----------

function shellOf(session, id) { return model.shells.get(session + ":" + id); }

function take(record) {
  if (record.kind === "app") {
    const app = model.apps.get(record.session) || { name: record.name, status: record.status };
    app.status = record.status;
    model.apps.set(record.session, app);
    const quiet = `${record.name} stopped sending (a crash, a pause in a debugger, or a lost connection).`;
    if (record.status === "silent") model.problems.push(quiet);
    // Back: the problem it had is over.
    if (record.status === "connected") model.problems = model.problems.filter((p) => p !== quiet);
    if (record.status !== "connected") followNewerRun(record.session);
    return;
  }
  if (record.kind === "problem") { model.problems.push(record.text); return; }
  if (record.kind === "recording") {
    // A page paused or resumed recording this shell; resuming leaves a marked hole.
    const shell = shellOf(record.session, record.shell);
    if (!shell) return;
    shell.paused = record.paused;
    if (!record.paused && record.skipped) {
      shell.steps.push({ gap: record.skipped, paused: true });
      model.all.push({ key: shell.key, i: shell.steps.length - 1 });
    }
    return;
  }
  const message = record.message;
  const session = record.session;
  switch (message.kind) {
    case "shell": {
      const key = session + ":" + message.shell;
      const known = model.shells.get(key);
      if (known) {
        // Announced again by its app, connected anew (the inspector restarted): the same shell,
        // its steps going on.
        Object.assign(known, { name: message.name, history: message.history || 0, acceptsEvents: !!message.acceptsEvents });
        break;
      }
      model.shells.set(key, { key, session, id: message.shell, name: message.name, initial: message.viewModel, history: message.history || 0, acceptsEvents: !!message.acceptsEvents, refusedEvent: null, steps: [] });
      if (key === model.pendingImport || isNewerRunOfSelected(session, message.name) || isWanted(key)) select({ type: "shell", key });
      break;
    }
    case "step": {
      const shell = shellOf(session, message.shell);
      // A step carries where the view model changed, never the view model: the values are
      // read from the server when the step is selected (see showDetail).
      if (shell) {
        // A timeline that starts past step 1 says so where it starts.
        if (!shell.steps.length && message.index > 1 && !shell.key.startsWith("import")) shell.steps.push({ gap: message.index - 1, earlier: true });
        shell.steps.push({ ...message, paths: record.paths || [], morePaths: record.morePaths || 0 });
        model.all.push({ key: shell.key, i: shell.steps.length - 1 });
      }
      break;
    }
    case "dropped": {
      model.dropped += message.count;
      for (const shell of model.shells.values()) if (shell.session === session) shell.steps.push({ gap: message.count });
      model.all.push({ gap: message.count });
      break;
    }
    case "launch": {
      const key = session + ":" + message.launch;
      model.launches.set(key, { key, session, graph: message, events: [], report: null, appName: (model.apps.get(session) || {}).name });
      break;
    }
    case "launchEvent": {
      const launch = model.launches.get(session + ":" + message.launch);
      if (launch) launch.events.push(message);
      break;
    }
    case "launchReport": {
      const launch = model.launches.get(session + ":" + message.launch);
      if (launch) launch.report = message;
      break;
    }
    case "request": model.requests.push(message); if (model.requests.length > 10000) model.requests.shift(); break;
    case "recomputed": {
      // What the app computed for a skip this or another page asked for: kept on the shell by
      // the skipped step, shown in that step's detail.
      const shell = shellOf(session, message.shell);
      if (shell) {
        shell.recomputes = shell.recomputes || new Map();
        shell.recomputes.set(message.skipped, message);
        if (shellView.shell === shell) shellView.detailFor = undefined;
      }
      break;
    }
    case "eventRefused": {
      // An event sent from the page that the app could not read: said where it was sent.
      const shell = shellOf(session, message.shell);
      if (shell) { shell.refusedEvent = message.reason; if (shellView.shell === shell) shellView.detailFor = undefined; }
      break;
    }
  }
}

// A new run of the app whose shell is selected (the app was started again) takes the selection
// over once the old run is gone: the page follows the app, not a dead connection. A run that
// started before the selected one (a second instance of the app) never does.
function isNewerRunOfSelected(session, shellName) {
  if (!model.selected || model.selected.type !== "shell") return false;
  const current = model.shells.get(model.selected.key);
  if (!current || current.session === session || current.name !== shellName) return false;
  const oldApp = model.apps.get(current.session), newApp = model.apps.get(session);
  return !!oldApp && !!newApp && oldApp.name === newApp.name && oldApp.status !== "connected" && newApp.status === "connected" && isLaterRun(session, current.session);
}

// Whether the app of `session` was first heard after that of `than`.
function isLaterRun(session, than) {
  const order = [...model.apps.keys()];
  return order.indexOf(session) > order.indexOf(than);
}

// The selected shell's app went quiet or ended (killed, crashed, quit): the newest later run of
// the same app that shows a shell of the same name, if one is connected, takes the selection.
function followNewerRun(session) {
  if (!model.selected || model.selected.type !== "shell") return;
  const current = model.shells.get(model.selected.key);
  if (!current || current.session !== session) return;
  const name = (model.apps.get(session) || {}).name;
  const newer = [...model.shells.values()].reverse().find((shell) => shell.name === current.name && shell.session !== session
    && isLaterRun(shell.session, session) && (model.apps.get(shell.session) || {}).name === name
    && (model.apps.get(shell.session) || {}).status === "connected");
  if (newer) select({ type: "shell", key: newer.key });
}

// With nothing selected once the page has read all there is: the newest shell of an app still
// connected (else the newest shell), not the oldest run the log kept.
function selectNewest() {
  const shells = [...model.shells.values()].filter((shell) => !shell.key.startsWith("import")).reverse();
  const chosen = shells.find((shell) => (model.apps.get(shell.session) || {}).status === "connected") || shells[0];
  if (chosen) select({ type: "shell", key: chosen.key });
}

// After the inspector restarted (its run id changed), the page reads the new log from its
// start under a new page id, and selects again the same shell: the log keeps one app under one
// session across its reconnections, so the shell comes back under its key, from the history or
// when the app connects again. Another instance of the app never takes its place; after 15 s
// without it, the newest shell is selected as on a page just opened.
function isWanted(key) {
  if (!model.wanted || model.wanted.key !== key) return false;
  model.wanted = null;
  return true;
}

async function restarted() {
  const selected = model.selected && model.selected.type === "shell" ? model.shells.get(model.selected.key) : null;
  model.wanted = selected ? { key: selected.key } : null;
  if (model.wanted) {
    const wanted = model.wanted;
    setTimeout(() => { if (model.wanted === wanted) { model.wanted = null; if (!model.selected) { selectNewest(); draw(); } } }, 15_000);
  }
  Object.assign(model, { cursor: 0, caseFilter: null, apps: new Map(), shells: new Map(), launches: new Map(), requests: [], problems: [], dropped: 0, missed: 0, selected: null, step: null, dirty: true, all: [], hiddenShells: new Set() });
  details.clear();
  shellView.key = null;
  allView.key = null;
  document.getElementById("view").replaceChildren(el("p", { class: "empty" }, "The inspector was restarted: waiting for the app to connect again."));
  const response = await api("/api/pages", {}, { method: "POST" });
  if (!response.ok) throw new Error((await response.json()).error || response.statusText);
  model.page = (await response.json()).page;
}

// Takes one answer of the server's (pushed or asked for); false when the inspector was
// restarted, and the page must read the new log from its start.
async function apply(updates) {
  if (model.inspector && updates.inspector !== model.inspector) {
    // Taken as the new run's only once the page is known to it: if that fails, the next
    // answer finds the restart again.
    await restarted();
    model.inspector = updates.inspector;
    return false;
  }
  model.inspector = updates.inspector;
  for (const record of updates.records) take(record);
  if (updates.missed) model.missed += updates.missed;
  model.cursor = updates.cursor;
  if (updates.lostShells.length && model.selected && updates.lostShells.includes(model.selected.key)) {
    banner("Another page took over this shell.", { label: "Take it back", run: () => watch(model.selected.key, true) });
  }
  model.connected = true;
  if (!model.selected && !model.wanted && !updates.more) selectNewest();
  if (updates.records.length || updates.lostShells.length) model.dirty = true;
  draw();
  return true;
}

function unreachable(error) {
  model.connected = false;
  if (error instanceof Unproven) {
    document.getElementById("connection").textContent = `not your inspector: what answers at port ${pagePort()} ${error.message}, so the page sends it nothing (after yaia inspect --new-token, open the URL it printed)`;
    document.getElementById("connection").className = "pill warn";
    return;
  }
  document.getElementById("connection").textContent = "inspector unreachable: " + (error.message ?? error);
  document.getElementById("connection").className = "pill warn";
}

// How news reaches the page. One transport runs at a time: each start bumps the generation,
// and a loop or a stream of an older generation stops at its next turn.
const transport = { generation: 0, source: null };

function switchTransport() {
  transport.generation += 1;
  if (transport.source) { transport.source.close(); transport.source = null; }
  return transport.generation;
}

// News the way the page can get it now: pushed while it is in sight, asked for while it is
// hidden (a browser opens at most six connections to one host across all its tabs, and a stream
// holds one for good: hidden tabs give theirs back).
function connect() {
  if (window.EventSource && !document.hidden) stream(); else poll();
}

// The fallback: asks for news every 400 ms (at once while the server has more).
async function poll(generation = switchTransport()) {
  if (generation !== transport.generation) return;
  model.transport = "poll";
  try {
    const response = await api("/api/updates", { after: model.cursor, page: model.page ?? "" });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const updates = await response.json();
    if (generation !== transport.generation) return;
    const current = await apply(updates);
    setTimeout(() => poll(generation), !current || updates.more ? 0 : 400);
  } catch (error) {
    unreachable(error);
    setTimeout(() => poll(generation), 2000);
  }
}

// News pushed by the server as it arrives (server-sent events). A lost stream is opened again
// by the page, not the browser: the browser would send the same proof again, to whatever holds
// the port by then. A stream the server refuses (too many pages) or that does not open within
// five seconds falls back to asking.
async function stream() {
  const generation = switchTransport();
  model.transport = "stream";
  const current = () => generation === transport.generation;
  let url;
  try {
    url = await signedURL("GET", "/api/stream", { after: model.cursor, page: model.page ?? "" });
  } catch (error) {
    trust.session = null;
    unreachable(error);
    if (current()) setTimeout(() => { if (current()) connect(); }, 2000);
    return;
  }
  if (!current()) return;
  const source = new EventSource(url);
  transport.source = source;
  let opened = false;
  let queue = Promise.resolve();
  source.addEventListener("open", () => { opened = true; });
  setTimeout(() => { if (current() && !opened) poll(); }, 5000);
  source.addEventListener("updates", (event) => {
    queue = queue.then(async () => {
      if (!current()) return;
      // A new inspector: a new page id and a new cursor, so a new stream.
      if (!(await apply(JSON.parse(event.data))) && current()) stream();
    }).catch((error) => {
      unreachable(error);
      if (current()) { switchTransport(); setTimeout(connect, 2000); }
    });
  });
  source.addEventListener("error", () => {
    if (!current()) return;
    source.close();
    // Refused before it ever opened (too many pages, a proxy): ask instead. Lost after it ran:
    // prove the server again and stream again in a while.
    if (!opened) { poll(); return; }
    trust.session = null;
    unreachable(new Error("reconnecting"));
    switchTransport();
    setTimeout(connect, 2000);
  });
}

async function setRecording(shell, paused) {
  const response = await api("/api/recording", { shell: shell.key, paused: paused ? "1" : "0", page: model.page ?? "" }, { method: "POST" });
  if (!response.ok) banner((await response.json()).error || response.statusText);
}

async function watch(key, takeOver = false) {
  if (model.page === null || key.startsWith("import")) return;
  const response = await api("/api/watch", { page: model.page, shell: key, takeOver: takeOver ? "1" : "0" }, { method: "POST" });
  if (response.status === 409) {
    const body = await response.json();
    banner(body.error, { label: "Take over", run: () => watch(key, true) });
  } else {
    banner("");
  }
}

function select(selection) {
  // A case filter is one shell's: another shell has other cases.
  if (!model.selected || model.selected.key !== selection.key) model.caseFilter = null;
  model.selected = selection;
  model.step = null;
  model.dirty = true;
  if (selection.type === "shell") watch(selection.key);
  draw();
}

// ---------- drawing ----------

function draw() {
  if (!model.dirty) return;
  model.dirty = false;
  const connection = document.getElementById("connection");
  const live = [...model.apps.values()].filter((a) => a.status === "connected").length;
  connection.textContent = live ? `${live} app${live === 1 ? "" : "s"} connected` : "waiting for an app";
  connection.className = live ? "pill ok" : "pill";
  const dropped = document.getElementById("dropped");
  dropped.hidden = !(model.dropped || model.missed);
  dropped.textContent = [model.dropped ? `${model.dropped} entries dropped by the app (the inspector was slower)` : "", model.missed ? `${model.missed} records too old to show` : ""].filter(Boolean).join(" · ");
  drawSidebar();
  if (!model.selected) return;
  if (model.selected.type === "shell") drawShell(model.shells.get(model.selected.key));
  else if (model.selected.type === "all") drawAll();
  else if (model.selected.type === "launch") drawLaunch(model.launches.get(model.selected.key));
  else drawRequests();
}

function drawSidebar() {
  const shells = document.getElementById("shells");
  const bySession = new Map();
  for (const shell of model.shells.values()) {
    if (!bySession.has(shell.session)) bySession.set(shell.session, []);
    bySession.get(shell.session).push(shell);
  }
  const items = [];
  // With more than one shell (two screens, or two runs of an app), one timeline of them all.
  if (model.shells.size > 1) {
    const selected = model.selected && model.selected.type === "all";
    items.push(el("li", {}, el("a", { href: "#", class: "all-shells" + (selected ? " selected" : ""), onclick: (e) => { e.preventDefault(); select({ type: "all", key: "all" }); } }, `All shells (${model.all.filter((r) => !r.gap).length})`)));
  }
  for (const [session, list] of bySession) {
    const app = model.apps.get(session) || { name: "app", status: "" };
    items.push(el("li", { class: "app" }, `${appLabel(session)} — ${app.status}`));
    for (const shell of list) {
      const selected = model.selected && model.selected.type === "shell" && model.selected.key === shell.key;
      items.push(el("li", {}, el("a", { href: "#", class: selected ? "selected" : "", "data-shell": shell.name, onclick: (e) => { e.preventDefault(); select({ type: "shell", key: shell.key }); } }, `${shell.name} (${shell.steps.filter((s) => !s.gap).length})`)));
    }
  }
  shells.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, "No app connected yet. Run your app with the URL yaia inspect printed.")]));
  const launches = document.getElementById("launches");
  const launchItems = [...model.launches.values()].map((launch) => el("li", {}, el("a", { href: "#", class: model.selected && model.selected.type === "launch" && model.selected.key === launch.key ? "selected" : "", onclick: (e) => { e.preventDefault(); select({ type: "launch", key: launch.key }); } }, launchLabel(launch))));
  launches.replaceChildren(...(launchItems.length ? launchItems : [el("li", { class: "empty" }, "No launch yet.")]));
  document.getElementById("request-count").textContent = String(model.requests.length);
  const problems = document.getElementById("problems");
  const recent = model.problems.slice(-20);
  problems.replaceChildren(...(recent.length ? recent.map((p) => el("li", {}, p)) : [el("li", { class: "empty" }, "None.")]));
}

function matches(step, filter) {
  if (model.caseFilter && !(step.jumpedTo !== undefined && step.jumpedTo !== null)) {
    const key = caseKey(casePath(step.event).path).join(" › ");
    const under = key === model.caseFilter.path || key.startsWith(model.caseFilter.path + " › ");
    if (under !== (model.caseFilter.mode === "only")) return false;
  }
  if (!filter) return true;
  const text = (summary(step.event) + " " + step.commands.map((c) => summary(c)).join(" ")).toLowerCase();
  return text.includes(filter);
}

// The text filter and the case filter together: the view is built again when either changes.
const filterKey = () => model.filter + "\u0000" + (model.caseFilter ? model.caseFilter.mode + ":" + model.caseFilter.path : "");

// The shell's view is built once per shell and filter, then only grows: a poll appends rows
// and never rebuilds what the reader is looking at, so the scroll position, the selected step
// and a text selection survive updates. The timeline is virtualised: every step is reachable
// by scrolling, and only the rows in sight are in the page.
const ROW = 44;        // px per timeline row (CSS .timeline .step height)
const OVERSCAN = 12;   // rows drawn above and below the visible ones
const shellView = { key: null, filter: null, shell: null, positions: [], real: [], scanned: 0, events: 0, unencoded: 0, jumps: 0, follow: true, unseen: 0, detailFor: undefined, nodes: null };

// The positions of the events shown (gaps left out), kept as the view grows.
function realPositions() { return shellView.real; }

function selectedIndex() {
  const real = realPositions();
  if (model.step !== null && shellView.shell.steps[model.step] && !shellView.shell.steps[model.step].gap && matches(shellView.shell.steps[model.step], model.filter)) return model.step;
  return real.length ? real[real.length - 1] : null;
}

function drawShell(shell) {
  const view = document.getElementById("view");
  if (!shell) { shellView.key = null; view.replaceChildren(el("p", { class: "empty" }, "This shell is gone.")); return; }
  if (shellView.key !== shell.key || shellView.filter !== filterKey() || !view.contains(shellView.nodes && shellView.nodes.timeline)) buildShellView(shell);
  updateShellView();
}

// The text filter's box. A new filter builds the view again: the new view's box (`nodes()`)
// takes the focus, so typing goes on in it.
function filterBox(nodes) {
  const search = el("input", { type: "search", placeholder: "Filter events and commands", value: model.filter, "aria-label": "Filter" });
  search.addEventListener("input", () => {
    model.filter = search.value.toLowerCase(); model.step = null; model.dirty = true; draw();
    const again = nodes().search;
    again.focus(); again.setSelectionRange(again.value.length, again.value.length);
  });
  return search;
}

// A virtualised timeline of `view`'s rows: it follows the newest only while scrolled to the
// bottom, and `redraw` draws the rows in sight after each scroll.
function followingTimeline(view, className, redraw) {
  const rows = el("div", { class: "rows" });
  const timeline = el("div", { class: className, role: "list", tabindex: "0" }, rows);
  timeline.addEventListener("scroll", () => {
    const atBottom = timeline.scrollTop + timeline.clientHeight >= timeline.scrollHeight - ROW / 2;
    view.follow = atBottom;
    if (atBottom) view.unseen = 0;
    redraw();
  });
  return { rows, timeline };
}

function buildShellView(shell) {
  Object.assign(shellView, { key: shell.key, filter: filterKey(), shell, positions: [], real: [], scanned: 0, events: 0, unencoded: 0, jumps: 0, follow: true, unseen: 0, detailFor: undefined, cases: new Map(), casesShown: -1, recentJumps: [null, null] });
  const search = filterBox(() => shellView.nodes);
  // Filter by the event's case: only one case (and the cases under it), or all but it (the
  // radio's steady news, say).
  const cases = el("select", { class: "case-filter", "aria-label": "Filter by event case" });
  cases.addEventListener("change", () => {
    const [mode, ...rest] = cases.value.split(":");
    model.caseFilter = mode ? { mode, path: rest.join(":") } : null;
    model.step = null; model.dirty = true; draw();
  });
  // Pause recording: the inspector stops keeping this shell's steps (the app runs on), and
  // the timeline says how many it skipped when recording resumes.
  const pause = shell.key.startsWith("import") ? null : el("button", { class: "pause", onclick: () => setRecording(shell, !shell.paused) }, "");
  // After a jump, the way back: the state the app was in before it jumped.
  const present = el("button", { class: "present", hidden: true, onclick: () => { const target = presentOf(); if (target !== null) jump(shellView.shell, target); } }, "");
  const exportLink = shell.key.startsWith("import")
    ? null
    : el("button", { class: "export-journal", onclick: () => exportJournal(shell) }, "Export journal");
  const back = el("button", { onclick: () => move(-1), title: "Step back" }, "◀ Back");
  const forward = el("button", { onclick: () => move(1), title: "Step forward" }, "Forward ▶");
  const position = el("span", { id: "position" }, "");
  const newest = el("button", { onclick: () => { model.step = null; followNewest(); } }, "Newest");
  const unseen = el("button", { class: "unseen", hidden: true, onclick: () => followNewest() }, "");
  const replay = el("span", { class: "replay-note", hidden: true }, "");
  const testForm = shell.key.startsWith("import") ? null : makeTestForm(shell);
  const testButton = testForm && el("button", { class: "make-test-button", onclick: () => toggleTestForm(testForm) }, "Make a test…");
  const toolbar = el("div", { class: "toolbar" }, el("strong", {}, shell.name), back, position, forward, newest, unseen, present, search, cases, pause, exportLink, testButton, replay);
  const { rows, timeline } = followingTimeline(shellView, "timeline", () => { drawRows(); drawToolbar(); });
  const detail = el("div", { class: "detail" });
  shellView.nodes = { toolbar, back, forward, position, unseen, timeline, rows, detail, search, replay, cases, pause, present };
  document.getElementById("view").replaceChildren(toolbar, ...(testForm ? [testForm] : []), el("div", { class: "columns" }, timeline, detail));
}

// What a hole in a timeline says: steps skipped while paused, entries the app dropped, or the
// steps before the first one here (the inspector heard the app only later, or its history kept
// only the newest). `shell` names it in the all-shells timeline.
function gapText(step, shell) {
  const plural = step.gap === 1 ? "" : "s";
  const text = step.paused
    ? `${step.gap} step${plural} not recorded here (recording was paused)`
    : step.earlier
      ? `steps 1–${step.gap} are not kept here: the inspector's history keeps the newest (two files of 64 MiB), or it heard the app only later`
      : `${step.gap} entries dropped here (the app was faster than the inspector)`;
  return shell && step.paused ? `${shellLabel(shell)}: ${text}` : text;
}

// ---------- all shells ----------

// Every shell's steps in one timeline, in the order the inspector received them, with a
// checkbox per shell: what one screen did beside what another (or another run) did at the same
// time. A row leads to its step in its shell's own timeline. Built once per filter, then only
// grows, as a shell's timeline does.
const allView = { key: null, positions: [], scanned: 0, follow: true, unseen: 0, shellsShown: "", nodes: null };
const allKey = () => model.filter + "\u0000" + [...model.hiddenShells].sort().join(",");

// A launch in the sidebar: its app and run, when it started (by the app's clock), and whether it
// still runs: "yaia demo (run 3) · launch 1 · 14:03:12".
function launchLabel(launch) {
  const started = typeof launch.graph.startedAt === "number" ? ` · ${new Date(launch.graph.startedAt * 1000).toLocaleTimeString()}` : "";
  return `${model.apps.has(launch.session) ? appLabel(launch.session) : launch.appName || "app"} · launch ${launch.graph.launch}${started}${launch.report ? "" : " (running)"}`;
}

// An app's name, with its run's number when the page has seen it run more than once.
function appLabel(session) {
  const app = model.apps.get(session);
  if (!app) return "app";
  const runs = [...model.apps.entries()].filter(([, other]) => other.name === app.name).map(([key]) => key);
  return runs.length > 1 ? `${app.name} (run ${runs.indexOf(session) + 1})` : app.name;
}

const shellLabel = (shell) => `${appLabel(shell.session)} › ${shell.name}`;

function drawAll() {
  const view = document.getElementById("view");
  if (allView.key !== allKey() || !view.contains(allView.nodes && allView.nodes.timeline)) buildAllView();
  updateAllView();
}

function buildAllView() {
  Object.assign(allView, { key: allKey(), positions: [], scanned: 0, follow: true, unseen: 0, shellsShown: "" });
  const search = filterBox(() => allView.nodes);
  const shells = el("span", { class: "shell-filter", role: "group", "aria-label": "Shells shown" });
  const position = el("span", { id: "position" }, "");
  const unseen = el("button", { class: "unseen", hidden: true, onclick: () => followAllNewest() }, "");
  const toolbar = el("div", { class: "toolbar" }, el("strong", {}, "All shells"), position, unseen, search, shells);
  const { rows, timeline } = followingTimeline(allView, "timeline all", () => { drawAllRows(); drawAllToolbar(); });
  allView.nodes = { toolbar, position, unseen, search, shells, timeline, rows };
  document.getElementById("view").replaceChildren(toolbar, el("div", { class: "columns" }, timeline));
}

function updateAllView() {
  const before = allView.positions.length;
  for (let n = allView.scanned; n < model.all.length; n++) {
    const ref = model.all[n];
    if (ref.gap) { allView.positions.push(n); continue; }
    if (model.hiddenShells.has(ref.key)) continue;
    const shell = model.shells.get(ref.key);
    const step = shell && shell.steps[ref.i];
    if (step && (step.gap || matches(step, model.filter))) allView.positions.push(n);
  }
  allView.scanned = model.all.length;
  const { timeline, rows } = allView.nodes;
  rows.style.height = allView.positions.length * ROW + "px";
  if (allView.follow) timeline.scrollTop = timeline.scrollHeight;
  else allView.unseen += allView.positions.length - before;
  drawAllRows();
  drawAllToolbar();
}

function followAllNewest() {
  allView.follow = true;
  allView.unseen = 0;
  allView.nodes.timeline.scrollTop = allView.nodes.timeline.scrollHeight;
  drawAllRows();
  drawAllToolbar();
}

// The toolbar: how many rows, what is new below, and a checkbox per shell with its count. The
// checkboxes are made again only when a shell appears, so a click is never lost to an update.
function drawAllToolbar() {
  const { position, unseen, shells } = allView.nodes;
  position.textContent = `${allView.positions.length} rows`;
  unseen.hidden = allView.follow || !allView.unseen;
  unseen.textContent = `${allView.unseen} new ↓`;
  const list = [...model.shells.values()];
  const shown = list.map((shell) => shell.key).join(",");
  if (allView.shellsShown !== shown) {
    allView.shellsShown = shown;
    shells.replaceChildren(...list.map((shell) => {
      const box = el("input", { type: "checkbox", "data-shell": shell.key, checked: !model.hiddenShells.has(shell.key) });
      box.addEventListener("change", () => {
        if (box.checked) model.hiddenShells.delete(shell.key); else model.hiddenShells.add(shell.key);
        model.dirty = true; draw();
      });
      return el("label", { class: "shell-choice" }, box, " " + shellLabel(shell) + " ", el("span", { class: "count" }, ""));
    }));
  }
  for (const label of shells.children) {
    const shell = model.shells.get(label.querySelector("input").dataset.shell);
    if (shell) label.querySelector(".count").textContent = `(${shell.steps.filter((s) => !s.gap).length})`;
  }
}

function drawAllRows() {
  const { timeline, rows } = allView.nodes;
  const first = Math.max(0, Math.floor(timeline.scrollTop / ROW) - OVERSCAN);
  const last = Math.min(allView.positions.length, Math.ceil((timeline.scrollTop + timeline.clientHeight) / ROW) + OVERSCAN);
  const drawn = new Map([...rows.children].map((node) => [Number(node.dataset.position), node]));
  for (const [row, node] of drawn) if (row < first || row >= last) node.remove();
  for (let row = first; row < last; row++) {
    if (drawn.has(row) && drawn.get(row).isConnected) continue;
    const ref = model.all[allView.positions[row]];
    const shell = ref.gap ? null : model.shells.get(ref.key);
    const step = shell ? shell.steps[ref.i] : ref;
    const node = step.gap
      ? el("div", { class: "gap" + (step.paused || step.earlier ? " paused" : ""), "data-position": row }, gapText(step, shell))
      : el("div", { class: "step", "data-position": row, "data-shell": shell.key, "data-index": step.index, onclick: () => openStep(shell, ref.i) },
        ...stepCells(step, el("span", { class: "shell-tag" }, shellLabel(shell))));
    node.style.top = row * ROW + "px";
    rows.append(node);
  }
}

// A row of the all-shells timeline opens its shell's own timeline on that step.
function openStep(shell, i) {
  select({ type: "shell", key: shell.key });
  model.step = i;
  model.dirty = true;
  draw();
  const row = shellView.positions.indexOf(i);
  if (row < 0) return;
  const timeline = shellView.nodes.timeline;
  timeline.scrollTop = Math.max(0, row * ROW - timeline.clientHeight / 2);
  shellView.follow = false;
}

// ---------- make a test ----------

// "Make a test": the session as a Swift Testing file (GET /api/test) that replays its events
// and checks each step's changes from the first step checked. What only the developer knows
// (how to make the state, the app's module) is typed once and remembered per app and shell.
function testSettingsKey(shell) { return `yaia.test.${shell.name}`; }

function makeTestForm(shell) {
  let remembered = {};
  try { remembered = JSON.parse(localStorage.getItem(testSettingsKey(shell)) || "{}") || {}; } catch (error) { remembered = {}; }
  const field = (name, label, placeholder, type = "text") =>
    el("label", {}, label + " ", el("input", { name, type, placeholder, value: typeof remembered[name] === "string" ? remembered[name] : "", min: type === "number" ? 1 : undefined, "aria-label": label }));
  const note = el("p", { class: "note test-note" }, "It replays the steps up to the last and checks what changed on screen from the first checked; change the expectation that is wrong, and it fails on the bug.");
  const form = el("form", { class: "make-test", hidden: true },
    field("from", "Check from step", "1", "number"),
    field("through", "through step", "the newest", "number"),
    field("state", "State", "LoginState()"),
    field("screenTypes", "Screen types", "MyApp.screenTypes, if any"),
    field("testable", "@testable import", "MyApp"),
    field("name", "Test name", "recordedSession"),
    el("button", { type: "submit" }, "Download the test"),
    note);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const kept = {};
    for (const name of ["state", "screenTypes", "testable", "name"]) kept[name] = String(values[name] || "");
    try { localStorage.setItem(testSettingsKey(shell), JSON.stringify(kept)); } catch (error) { /* private mode: not remembered */ }
    const params = { shell: shell.key };
    for (const [name, value] of Object.entries(values)) if (String(value).trim()) params[name] = String(value).trim();
    note.classList.remove("refused");
    let response;
    try { response = await api("/api/test", params); } catch (error) { note.textContent = "The inspector did not answer."; note.classList.add("refused"); return; }
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      note.textContent = body.error || `The inspector answered ${response.status}.`;
      note.classList.add("refused");
      return;
    }
    const file = `${params.name || "recordedSession"}.swift`;
    const link = el("a", { href: URL.createObjectURL(await response.blob()), download: file });
    document.body.append(link);
    link.click();
    link.remove();
    note.textContent = `Downloaded ${file}: put it in the app's test target. It passes as recorded; change the expectation that is wrong, and it fails on the bug.`;
  });
  return form;
}

// Opens the form with the range: from the selected step through the newest.
function toggleTestForm(form) {
  form.hidden = !form.hidden;
  if (form.hidden) return;
  const steps = shellView.shell.steps;
  let newest = null;
  for (let i = steps.length - 1; i >= 0 && newest === null; i--) if (steps[i] && !steps[i].gap) newest = steps[i].index;
  const selected = selectedIndex();
  const from = selected !== null && steps[selected] ? steps[selected].index : 1;
  form.elements.from.value = String(from);
  form.elements.through.value = newest === null ? "" : String(newest);
}

function followNewest() {
  shellView.follow = true;
  shellView.unseen = 0;
  const timeline = shellView.nodes.timeline;
  timeline.scrollTop = timeline.scrollHeight;
  model.dirty = true;
  draw();
}

function move(delta) {
  const real = realPositions();
  const at = real.indexOf(selectedIndex());
  const next = real[at + delta];
  if (next === undefined) return;
  model.step = next;
  const row = shellView.positions.indexOf(next);
  const timeline = shellView.nodes.timeline;
  if (row * ROW < timeline.scrollTop) timeline.scrollTop = row * ROW;
  else if ((row + 1) * ROW > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = (row + 1) * ROW - timeline.clientHeight;
  model.dirty = true;
  draw();
}

function updateShellView() {
  const shell = shellView.shell;
  const before = shellView.positions.length;
  for (let i = shellView.scanned; i < shell.steps.length; i++) {
    const step = shell.steps[i];
    const jump = step.jumpedTo !== undefined && step.jumpedTo !== null;
    if (jump) { shellView.jumps += 1; shellView.recentJumps = [shellView.recentJumps[1], step]; }
    else if (!step.gap) {
      shellView.events += 1;
      if (step.eventJSON === undefined || step.eventJSON === null) shellView.unencoded += 1;
      const key = caseKey(casePath(step.event).path);
      for (let depth = 1; depth <= key.length; depth++) {
        const prefix = key.slice(0, depth).join(" › ");
        shellView.cases.set(prefix, (shellView.cases.get(prefix) || 0) + 1);
      }
    }
    if (step.gap || matches(step, model.filter)) {
      shellView.positions.push(i);
      if (!step.gap) shellView.real.push(i);
    }
  }
  shellView.scanned = shell.steps.length;
  const added = shellView.positions.length - before;
  const { timeline, rows } = shellView.nodes;
  rows.style.height = shellView.positions.length * ROW + "px";
  if (shellView.follow) timeline.scrollTop = timeline.scrollHeight;
  else shellView.unseen += added;
  drawRows();
  drawToolbar();
  drawDetail();
}

function drawToolbar() {
  const { back, forward, position, unseen } = shellView.nodes;
  const real = realPositions();
  const at = real.indexOf(selectedIndex());
  position.textContent = real.length ? `step ${at + 1} of ${real.length}` : "no events yet";
  back.disabled = at <= 0;
  forward.disabled = at < 0 || at >= real.length - 1;
  unseen.hidden = shellView.follow || !shellView.unseen;
  unseen.textContent = `${shellView.unseen} new ↓`;
  drawCaseFilter();
  const target = presentOf();
  const app = model.apps.get(shellView.shell.session);
  shellView.nodes.present.hidden = target === null || !shellView.shell.history || !app || app.status !== "connected";
  shellView.nodes.present.textContent = `⟲ Back to before the jump (the state after #${target})`;
  const { pause } = shellView.nodes;
  if (pause) {
    // The icon is drawn by the style sheet (two bars, or a triangle): no glyph that a
    // machine's fonts may lack.
    pause.textContent = shellView.shell.paused ? "Resume recording" : "Pause recording";
    pause.classList.toggle("on", !!shellView.shell.paused);
    pause.disabled = !app || app.status === "ended";
  }
  // Whether the exported journal replays in a test (expectReplay), and why not.
  const replay = shellView.nodes.replay;
  const { events, unencoded, jumps } = shellView;
  const notes = [];
  if (unencoded && unencoded === events) notes.push("Its journal opens in a page but does not replay in a test: this shell's events are not Codable.");
  else if (unencoded) notes.push(`Its journal does not replay in a test: ${unencoded} of ${events} events carry no encoding (a secret is never sent).`);
  if (jumps) notes.push(`${jumps} jump${jumps === 1 ? "" : "s"} back in time: a test replays the steps before the first one.`);
  replay.hidden = !notes.length;
  replay.textContent = notes.join(" ");
}

// The case filter's choices: every case path seen in the shell, and the cases wrapping it.
// Redrawn only when a new case appears.
function drawCaseFilter() {
  const { cases } = shellView.nodes;
  if (shellView.casesShown === shellView.cases.size) return;
  shellView.casesShown = shellView.cases.size;
  const keys = [...shellView.cases.keys()].sort();
  const chosen = model.caseFilter ? model.caseFilter.mode + ":" + model.caseFilter.path : "";
  // A tree, not a flat list: each case under the one that wraps it, indented, by its own name;
  // the whole path is its value and its tooltip.
  const label = (key) => {
    const parts = key.split(" › ");
    return "\u00a0\u00a0\u00a0".repeat(parts.length - 1) + parts[parts.length - 1];
  };
  const option = (value, text, title) => el("option", { value, selected: value === chosen, title }, text);
  cases.replaceChildren(
    option("", "All events"),
    el("optgroup", { label: "Only" }, keys.map((k) => option("only:" + k, label(k), k))),
    el("optgroup", { label: "All but" }, keys.map((k) => option("hide:" + k, label(k), k))));
}

function drawRows() {
  const { timeline, rows } = shellView.nodes;
  const shell = shellView.shell;
  const first = Math.max(0, Math.floor(timeline.scrollTop / ROW) - OVERSCAN);
  const last = Math.min(shellView.positions.length, Math.ceil((timeline.scrollTop + timeline.clientHeight) / ROW) + OVERSCAN);
  const selected = selectedIndex();
  const drawn = new Map([...rows.children].map((node) => [Number(node.dataset.position), node]));
  for (const [row, node] of drawn) if (row < first || row >= last) { node.remove(); drawn.delete(row); }
  for (let row = first; row < last; row++) {
    const i = shellView.positions[row];
    let node = drawn.get(row);
    if (!node) {
      const step = shell.steps[i];
      node = step.gap
        ? el("div", { class: "gap" + (step.paused || step.earlier ? " paused" : ""), "data-position": row }, gapText(step))
        : el("div", { class: "step", "data-position": row, "data-index": step.index, onclick: () => { model.step = i; model.dirty = true; draw(); } },
          ...stepCells(step));
      node.style.top = row * ROW + "px";
      rows.append(node);
    }
    node.classList.toggle("selected", i === selected);
  }
}

// A step row's cells: its index, its event (or the jump it was) led by `tag` if given, and what
// it changed and commanded.
function stepCells(step, tag = null) {
  return [
    el("span", { class: "index" }, "#" + step.index),
    step.jumpedTo !== undefined && step.jumpedTo !== null
      ? el("span", { class: "event jump" }, tag, `⟲ jumped back to the state after #${step.jumpedTo}`)
      : skippedStep(step) !== null
        ? el("span", { class: "event jump" }, tag, `⤼ the app took the state recomputed without #${skippedStep(step)}`)
        : eventCell(step, tag),
    el("span", { class: "commands" },
      step.changed ? el("span", { class: "changes" }, "Δ " + (foldedPaths(step.paths, step.morePaths) || "view model") + "  ") : null,
      step.commands.length ? "→ " + step.commands.map((c) => summary(c)).join(", ") : "→ no commands"),
  ];
}

// The step an applied skip left out, when `step` marks one (its event is the app's
// TimeTravelSkip); null otherwise.
function skippedStep(step) {
  const event = step.event;
  if (!event || event.record !== "TimeTravelSkip") return null;
  const field = event.fields.find((f) => f.label === "skippedStep");
  return field && field.value.scalar !== undefined ? Number(field.value.scalar) : null;
}

// A row's event: its case path, then what the innermost case carries; the whole event on hover.
function eventCell(step, tag = null) {
  const { path, carried } = casePath(step.event);
  return el("span", { class: "event", title: summary(step.event) }, tag,
    path.length ? el("span", { class: "case-path" }, path.join(" › ")) : summary(step.event),
    path.length && carried ? el("span", { class: "carried" }, `(${carried})`) : null);
}

function drawDetail() {
  const shell = shellView.shell;
  const selected = selectedIndex();
  if (shellView.detailFor === selected) return;  // unchanged: a text selection in it survives
  shellView.detailFor = selected;
  const detail = shellView.nodes.detail;
  const parts = [];
  const step = selected === null ? null : shell.steps[selected];
  if (step) {
    parts.push(el("h3", {}, `Event #${step.index} at ${step.time.toFixed(3)} s`), el("div", { class: "value" }, valueNode(step.event)));
    const sender = sendForm(shell, step);
    if (sender) parts.push(sender);
    parts.push(el("h3", {}, "Commands"), el("div", { class: "value" }, step.commands.length ? step.commands.map((c) => el("div", {}, valueNode(c))) : "none"));
    parts.push(el("h3", {}, step.changed ? "View model changes" : "View model unchanged"));
    if (step.changed) parts.push(el("div", { id: "changes" }, el("p", { class: "note" }, "Reading…")));
    parts.push(el("h3", {}, `View model after #${step.index}`));
    const app = model.apps.get(shell.session);
    if (shell.history && app && app.status === "connected") {
      if (step.cannotJump) {
        // The app said it cannot run on from this state: no jump is offered, and why is said.
        parts.push(el("div", { class: "jump-bar no-jump" }, el("p", { class: "note" }, `No jump to the state after #${step.index}: ${step.cannotJump}`)));
      } else {
        parts.push(el("div", { class: "jump-bar" },
          el("button", { class: "jump-here", title: "Put the running app back in this state", onclick: () => jump(shell, step.index) }, `⟲ Jump the app back to the state after #${step.index}`),
          el("p", { class: "note jump-note" }, "A jump puts back the app's state and restarts the work that state declares. It does not undo what already left the app: data saved to its store, requests sent, files written.")));
      }
      if ((step.jumpedTo === undefined || step.jumpedTo === null) && skippedStep(step) === null) parts.push(skipPanel(shell, step));
    }
  } else {
    parts.push(el("h3", {}, "View model"));
  }
  parts.push(el("div", { class: "value", id: "view-model" }, step ? el("span", { class: "note" }, "Reading…") : valueNode(shell.initial)));
  detail.replaceChildren(...parts);
  if (step) showDetail(shell, step, selected);
}

// A step's view model and its changes, read from the server when the step is selected (the
// log carries neither): cached, so stepping back and forth asks once per step.
const details = new Map();
const MOST_DETAILS = 300;

async function showDetail(shell, step, position) {
  const key = shell.key + "#" + step.index;
  let answer = details.get(key);
  if (!answer) {
    try {
      const response = await api("/api/step", { shell: shell.key, index: step.index });
      const body = await response.json();
      answer = response.ok ? body : { error: body.error || response.statusText };
    } catch (error) {
      answer = { error: "the inspector did not answer: " + error.message, transient: true };
    }
    if (!answer.transient) {
      details.set(key, answer);
      if (details.size > MOST_DETAILS) details.delete(details.keys().next().value);
    }
  }
  // The reader may have moved on meanwhile: only the selected step's detail is filled in.
  if (shellView.shell !== shell || shellView.detailFor !== position) return;
  const viewModel = document.getElementById("view-model");
  const changes = document.getElementById("changes");
  if (answer.error) {
    viewModel.replaceChildren(el("span", { class: "note" }, answer.error));
    if (changes) changes.replaceChildren();
    return;
  }
  viewModel.replaceChildren(valueNode(answer.viewModel));
  if (!changes) return;
  const cell = (value, side) => el("td", { class: "code " + side }, value ? valueNode(value, 2) : "—");
  changes.replaceChildren(el("table", { class: "diff" },
    el("tr", {}, el("th", {}, "Field"), el("th", {}, "Before"), el("th", {}, "After")),
    answer.changes.map((c) => c.kind === "moved"
      ? el("tr", { class: "moved" }, el("td", { class: "code" }, c.path + " (moved)"), el("td", { class: "code before" }, `position ${c.from}`), el("td", { class: "code after" }, `position ${c.to}`))
      : el("tr", { class: c.kind }, el("td", { class: "code" }, c.path + (c.kind === "added" || c.kind === "removed" ? ` (${c.kind})` : "")), cell(c.before, "before"), cell(c.after, "after")))));
}

function drawLaunch(launch) {
  const view = document.getElementById("view");
  if (!launch) { view.replaceChildren(el("p", { class: "empty" }, "No such launch.")); return; }
  const graph = launch.graph;
  const critical = new Set(graph.criticalPath);
  const criticalEdges = new Set();
  for (let i = 1; i < graph.criticalPath.length; i++) criticalEdges.add(graph.criticalPath[i - 1] + "→" + graph.criticalPath[i]);
  const steps = new Map(graph.steps.map((s) => [s.id, s]));
  const nodeWidth = 210, nodeHeight = 34, columnGap = 60, rowGap = 16;
  const place = new Map();
  graph.waves.forEach((wave, column) => wave.forEach((id, row) => place.set(id, { x: 10 + column * (nodeWidth + columnGap), y: 30 + row * (nodeHeight + rowGap) })));
  const width = 20 + graph.waves.length * (nodeWidth + columnGap);
  const height = 40 + Math.max(1, ...graph.waves.map((w) => w.length)) * (nodeHeight + rowGap);
  const graphSVG = svg("svg", { class: "launch-graph", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Launch graph" });
  graph.waves.forEach((_, column) => graphSVG.append(svg("text", { x: 10 + column * (nodeWidth + columnGap), y: 16 }, `wave ${column + 1}`)));
  for (const step of graph.steps) {
    const to = place.get(step.id);
    for (const dependency of step.dependencies) {
      const from = place.get(dependency);
      if (!from || !to) continue;
      const onPath = criticalEdges.has(dependency + "→" + step.id);
      const x1 = from.x + nodeWidth, y1 = from.y + nodeHeight / 2, x2 = to.x, y2 = to.y + nodeHeight / 2;
      graphSVG.append(svg("path", { class: "edge" + (onPath ? " critical" : ""), d: `M${x1},${y1} C${x1 + 30},${y1} ${x2 - 30},${y2} ${x2},${y2}` }));
    }
  }
  for (const [id, at] of place) {
    const step = steps.get(id) || {};
    const classes = ["node", critical.has(id) ? "critical" : "", step.needsUserInput ? "user" : ""].join(" ");
    graphSVG.append(svg("g", { class: classes, "data-step": id },
      svg("rect", { x: at.x, y: at.y, width: nodeWidth, height: nodeHeight, rx: 6 }),
      svg("text", { x: at.x + 8, y: at.y + 21 }, id + (step.isOptional ? " (optional)" : "") + (step.needsUserInput ? " · asks the user" : ""))));
  }

  // The Gantt chart: from the report when the launch ended, from its events while it runs.
  const spans = new Map();
  for (const event of launch.events) {
    const span = spans.get(event.step) || { step: event.step, start: null, end: null, state: "running" };
    if (event.what === "started") span.start = event.time;
    if (event.what === "waiting") span.state = "waiting";
    if (event.what === "ended") { span.end = event.time; span.state = event.outcome; span.detail = event.detail; }
    spans.set(event.step, span);
  }
  if (launch.report) for (const record of launch.report.records) spans.set(record.step, { step: record.step, start: record.start, end: record.end, state: record.outcome, detail: record.detail });
  // The scale is the launch's own time: steps that wait for the user do not count toward it
  // (the terminal says "not counted"), so a 25-second wait for a login must not shrink a
  // 400 ms launch to a sliver. Their bars stop at the chart's edge and say how long they waited.
  const waitsForUser = (id) => !!(steps.get(id) || {}).needsUserInput;
  const counted = [...spans.values()].filter((s) => !waitsForUser(s.step));
  const launchEnd = launch.report ? launch.report.launchTime : Math.max(0, ...counted.map((s) => s.end ?? s.start ?? 0));
  const latest = Math.max(graph.budget, launchEnd, ...counted.map((s) => s.end ?? s.start ?? 0));
  const chartWidth = 860, label = 160, barHeight = 18, scale = (chartWidth - label - 230) / Math.max(latest, 0.001);
  const ordered = graph.steps.map((s) => spans.get(s.id) || { step: s.id, start: null, end: null, state: "pending" });
  const ganttHeight = 40 + ordered.length * (barHeight + 8);
  const gantt = svg("svg", { class: "gantt", width: chartWidth, height: ganttHeight, viewBox: `0 0 ${chartWidth} ${ganttHeight}`, role: "img", "aria-label": "Launch Gantt chart" });
  const now = Math.max(latest, ...launch.events.map((e) => e.time));
  ordered.forEach((span, row) => {
    const y = 24 + row * (barHeight + 8);
    gantt.append(svg("text", { x: 4, y: y + 13 }, span.step));
    if (span.start === null || span.start === undefined) { gantt.append(svg("text", { x: label, y: y + 13, class: "note" }, span.state === "pending" ? "not started" : span.state)); return; }
    const end = span.end ?? now;
    const user = waitsForUser(span.step);
    const shownEnd = user ? Math.min(end, latest) : end;
    const x = label + span.start * scale, w = Math.max(2, (shownEnd - span.start) * scale);
    const took = `${Math.round((end - span.start) * 1000)} ms`;
    gantt.append(svg("rect", { class: "bar " + span.state + (user ? " user" : ""), x, y, width: w, height: barHeight, rx: 3, "data-step": span.step },
      svg("title", {}, `${span.step}: ${span.detail || span.state}, ${(end - span.start).toFixed(3)} s${user ? " (a wait for the user: not counted)" : ""}`)));
    gantt.append(svg("text", { x: x + w + 4, y: y + 13, class: user ? "note" : "" }, user ? `${end > shownEnd ? "… " : ""}user wait ${took}, not counted` : took));
  });
  const budgetX = label + graph.budget * scale;
  gantt.append(svg("line", { class: "budget", x1: budgetX, x2: budgetX, y1: 14, y2: ganttHeight - 4 }));
  gantt.append(svg("text", { x: budgetX + 4, y: 12 }, `budget ${graph.budget.toFixed(1)} s (launch time ${launchEnd.toFixed(3)} s)`));
  const legend = el("div", { class: "legend" }, ["finished", "failed", "timedOut", "skipped", "aborted", "cancelled", "running", "waiting"].map((name) => el("span", {}, el("i", { class: "swatch " + name }), name)));
  const report = launch.report;
  view.replaceChildren(
    el("div", { class: "toolbar" }, el("strong", {}, `Launch ${graph.launch}`), el("span", {}, report ? `${report.outcome}; usable after ${report.launchTime.toFixed(3)} s of a ${report.budget.toFixed(1)} s budget` : "running…")),
    el("h3", {}, "Graph: waves as columns; the critical path in red; dashed steps wait for the user"), graphSVG,
    el("h3", {}, "Steps over time"), gantt, legend);
}

function drawRequests() {
  const view = document.getElementById("view");
  const rows = model.requests.slice(-1000).reverse().map((r) => el("tr", {},
    el("td", {}, r.time.toFixed(3)), el("td", { class: "code" }, r.method), el("td", { class: "code" }, r.path),
    el("td", {}, r.scenario || "—"), el("td", {}, r.route || "no route matched"), el("td", {}, String(r.status)),
    el("td", {}, r.latency === null || r.latency === undefined ? "—" : r.latency.toFixed(1) + " ms")));
  view.replaceChildren(el("div", { class: "toolbar" }, el("strong", {}, "Mock server requests"), el("span", {}, `${model.requests.length} in all, newest first`)),
    el("table", { class: "requests" }, el("tr", {}, ["Time (s)", "Method", "Path", "Scenario", "Route", "Status", "Latency"].map((h) => el("th", {}, h))), rows));
}

// Time travel: the running app goes back to the state after a step; the timeline shows the
// jump as a step of its own when the app has made it.
// Where the newest jump was made from: the state after the step before it, to go back to (the
// app's present when it jumped, whatever it did since). Null without a jump, or when the
// newest jump was that way back already. Reads the two newest jumps the view keeps.
function presentOf() {
  const [previous, last] = shellView.recentJumps;
  if (!last) return null;
  if (previous && last.jumpedTo === previous.index - 1) return null;
  return last.index - 1;
}

// "Skip this step": the app handles the steps after it again without it, from the state
// before it, and says how each screen would differ from what it showed (only `handle` runs: no
// command is performed). "Skip it in the app" then puts the app in the state recomputed, as a
// jump does.
function skipPanel(shell, step) {
  const outcome = shell.recomputes && shell.recomputes.get(step.index);
  const panel = el("div", { class: "skip" },
    el("button", { class: "skip-here", title: "Recompute the steps after this one without it", onclick: () => skip(shell, step.index, false) }, `⤼ Skip #${step.index}: show what changes`));
  if (!outcome) return panel;
  if (outcome.refusal) {
    panel.append(el("p", { class: "note refused skip-note" }, `Not recomputed: ${outcome.refusal}`));
    return panel;
  }
  const differing = outcome.steps.length;
  panel.append(el("p", { class: "note skip-note" }, outcome.applied
    ? `The app took the state recomputed without #${outcome.skipped} (${outcome.recomputed} later steps handled again).`
    : differing
      ? `Without #${outcome.skipped}, ${outcome.recomputed} later steps were handled again; ${differing} would show another screen:`
      : `Without #${outcome.skipped}, the ${outcome.recomputed} later steps show the same screens: nothing depends on it.`));
  if (differing) {
    panel.append(el("table", { class: "diff skip-diff" },
      el("tr", {}, el("th", {}, "step"), el("th", {}, "path"), el("th", {}, "recorded"), el("th", {}, "without it")),
      outcome.steps.flatMap((s) => s.changes.slice(0, 10).map((c, i) => el("tr", {},
        el("td", {}, i === 0 ? "#" + s.index : ""), el("td", {}, c.path || "(whole value)"),
        el("td", {}, c.before ? summary(c.before) : "—"), el("td", {}, c.after ? summary(c.after) : "—"))))));
  }
  if (!outcome.applied) {
    panel.append(el("button", { class: "skip-apply", title: "Put the running app in the state recomputed without this step", onclick: () => skip(shell, step.index, true) }, `Skip #${outcome.skipped} in the app`));
  }
  return panel;
}

async function skip(shell, index, apply) {
  let response;
  try {
    response = await api("/api/skip", { shell: shell.key, index, apply: apply ? "1" : "0", page: model.page ?? "" }, { method: "POST" });
  } catch (error) { banner("The inspector did not answer: nothing was skipped."); return; }
  if (response.status === 202) {
    if (shell.recomputes) shell.recomputes.delete(index);
    const said = apply ? `Asked the app to take the state without #${index}.` : `Asked the app to recompute the steps after #${index} without it.`;
    banner(said);
    setTimeout(() => { if (document.getElementById("banner").textContent === said) banner(""); }, 4000);
    shellView.detailFor = undefined;
    model.dirty = true;
    draw();
    return;
  }
  const body = await response.json().catch(() => ({}));
  banner(`No skip: ${body.error || response.statusText}`);
}

async function jump(shell, index) {
  const response = await api("/api/jump", { shell: shell.key, index, page: model.page }, { method: "POST" });
  if (response.status === 202) {
    const said = `Asked the app to go back to the state after #${index}.`;
    banner(said);
    setTimeout(() => { if (document.getElementById("banner").textContent === said) banner(""); }, 4000);
    followNewest();
    return;
  }
  const body = await response.json().catch(() => ({}));
  banner(`No jump: ${body.error || response.statusText}`);
}

// ---------- send an event ----------

// "Send to the app": for a shell whose app lets the page send events (dispatch: .on()), the
// selected step's event in the app's own encoding, to edit and send as the next event.
function sendForm(shell, step) {
  const app = model.apps.get(shell.session);
  if (!shell.acceptsEvents || typeof step.eventJSON !== "string" || !app || app.status !== "connected") return null;
  const text = el("textarea", { class: "send-event", rows: 3, spellcheck: "false", "aria-label": "The event to send, as JSON" });
  text.value = step.eventJSON;
  const note = el("p", { class: "note send-note" }, shell.refusedEvent ? `The app did not take the last event sent: ${shell.refusedEvent}` : "Edit it, then send it: the app handles it as its next event.");
  if (shell.refusedEvent) note.classList.add("refused");
  const button = el("button", { class: "send-button", onclick: async () => {
    shell.refusedEvent = null;
    note.classList.remove("refused");
    let response;
    try {
      response = await api("/api/send", { shell: shell.key, page: model.page ?? "" }, { method: "POST", body: text.value, headers: { "Content-Type": "application/json" } });
    } catch (error) { note.textContent = "The inspector did not answer."; note.classList.add("refused"); return; }
    if (response.status === 202) { note.textContent = "Sent: it shows as the app's next step."; return; }
    const body = await response.json().catch(() => ({}));
    note.textContent = `Not sent: ${body.error || response.statusText}`;
    note.classList.add("refused");
  } }, "Send to the app");
  return el("div", { class: "send" }, el("h3", {}, "Send an event"), text, button, note);
}

// ---------- export ----------

// Saves the shell's journal: asked for with a proof like every request, then handed to the
// browser as a download.
async function exportJournal(shell) {
  let response;
  try { response = await api("/api/journal", { shell: shell.key }); } catch (error) { banner("The inspector did not answer: the journal was not saved."); return; }
  if (!response.ok) { banner((await response.json().catch(() => ({}))).error || response.statusText); return; }
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: `${shell.name}.yaiajournal.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

// ---------- import ----------

async function importJournal(file) {
  if (file.size > 256 * 1024 * 1024) { banner(`${file.name} is ${file.size} bytes; a journal is at most 256 MiB.`); return; }
  const response = await api("/api/import", { name: file.name.slice(0, 100) }, { method: "POST", body: await file.arrayBuffer(), headers: { "Content-Type": "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) { banner(`${file.name}: ${body.error || response.statusText}`); return; }
  banner("");
  model.pendingImport = body.shell;
}

// ---------- start ----------

async function start() {
  const token = takeToken();
  if (!token || !window.crypto || !crypto.subtle) {
    banner(token
      ? "This browser offers no Web Crypto on this address, so the page cannot prove the inspector: open the URL yaia inspect printed, at 127.0.0.1 or localhost."
      : "This page needs the whole URL yaia inspect printed (with #token=…): it keeps the token only while it is open, so a reloaded page asks for it again. yaia inspect url prints it.");
    // The address pasted into this tab changes only its fragment, which loads nothing: start
    // again with it.
    addEventListener("hashchange", () => location.reload());
    return;
  }
  trust.key = await crypto.subtle.importKey("raw", encoder.encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  document.getElementById("show-requests").addEventListener("click", (e) => { e.preventDefault(); select({ type: "requests" }); });
  document.getElementById("import").addEventListener("change", (e) => { if (e.target.files[0]) importJournal(e.target.files[0]); e.target.value = ""; });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const back = e.key === "ArrowUp";
      const button = [...document.querySelectorAll(".toolbar button")].find((b) => b.title === (back ? "Step back" : "Step forward"));
      if (button && !button.disabled) { e.preventDefault(); button.click(); }
    }
  });
  // A reload keeps the page's id (kept in this tab's session storage only while the page is
  // away, so a duplicated tab gets an id of its own): the reloaded page is not "another page".
  const previous = sessionStorage.getItem("yaia-page");
  sessionStorage.removeItem("yaia-page");
  addEventListener("pagehide", () => { if (model.page !== null) sessionStorage.setItem("yaia-page", String(model.page)); });
  try {
    const response = await api("/api/pages", previous ? { reuse: previous } : {}, { method: "POST" });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    model.page = (await response.json()).page;
  } catch (error) {
    banner(error instanceof Unproven
      ? `What answers at port ${pagePort()} is not your inspector: ${error.message}, so the page sent it nothing. After yaia inspect --new-token, open the URL it printed.`
      : "This page cannot talk to the inspector: " + error.message);
    return;
  }
  document.addEventListener("visibilitychange", connect);
  connect();
}

start();
