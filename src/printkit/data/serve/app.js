// printkit serve: draws what the server pushes (server-sent events), never polls. Every text from
// the kit is set as text (textContent), never as HTML; the page runs no code but this file.
"use strict";

const WORDS = {
  en: {
    language: "Language", paper: "Paper", two_sided: "Two-sided", duplex: "duplex", fold: "fold",
    zoom: "Zoom", findings: "Findings", broken: "The kit does not build: its last good pages are shown dimmed",
    build: "build {n}, pages: {p}", building: "building…", gone: "printkit serve is not running",
    page: "page {n}", face: "face", back: "back", more: "and {n} more", nothing: "no pages built yet",
  },
  pl: {
    language: "Język", paper: "Papier", two_sided: "Druk dwustronny", duplex: "dupleks", fold: "do złożenia",
    zoom: "Powiększenie", findings: "Uwagi", broken: "Zestawu nie da się zbudować: ostatnie dobre strony są przyciemnione",
    build: "wersja {n}, stron: {p}", building: "budowanie…", gone: "printkit serve nie działa",
    page: "strona {n}", face: "awers", back: "rewers", more: "i\u00a0jeszcze {n}", nothing: "jeszcze żadnej strony",
  },
  cs: {
    language: "Jazyk", paper: "Papír", two_sided: "Oboustranný tisk", duplex: "duplex", fold: "k\u00a0přeložení",
    zoom: "Zvětšení", findings: "Zjištění", broken: "Sadu nelze sestavit: poslední dobré stránky jsou ztlumené",
    build: "sestavení {n}, stran: {p}", building: "sestavuji…", gone: "printkit serve neběží",
    page: "strana {n}", face: "líc", back: "rub", more: "a\u00a0dalších {n}", nothing: "zatím žádná stránka",
  },
};

let state = null;
let zoom = Number(localStorage.getItem("printkit-zoom")) || 0.5;
let drawing = 0; // the latest drawing of the pages; an older one stops where it is
let layoutKey = "";
const figures = new Map(); // page number -> its figure

const $ = (id) => document.getElementById(id);

function word(key, values = {}) {
  const lang = (state && state.built && state.built.lang) || (state && state.asked.lang) || "en";
  const text = (WORDS[lang] || WORDS.en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

function dpi() {
  const wanted = 96 * zoom * (window.devicePixelRatio || 1);
  return state.dpis.find((d) => d >= wanted) || state.dpis[state.dpis.length - 1];
}

function showWords() {
  document.documentElement.lang = (state.built && state.built.lang) || "en";
  for (const element of document.querySelectorAll("[data-word]")) element.textContent = word(element.dataset.word);
}

function showControls() {
  const languages = state.languages.length ? state.languages : [state.asked.lang || "en"];
  const select = $("lang");
  if (select.dataset.key !== languages.join()) {
    select.replaceChildren(...languages.map((lang) => new Option(lang, lang)));
    select.dataset.key = languages.join();
  }
  const shown = state.built || state.asked;
  select.value = state.asked.lang || shown.lang;
  const papers = $("paper");
  if (![...papers.options].some((option) => option.value === state.asked.paper)) {
    papers.add(new Option(state.asked.paper, state.asked.paper)); // a size given on the command line
  }
  papers.value = state.asked.paper;
  $("two_sided").value = state.asked.two_sided;
  $("kit").textContent = state.kit;
  $("kit").title = state.kit;
  $("status").textContent = state.build ? word("build", { n: state.build, p: state.pages.length }) : word("nothing");
}

function showFindings() {
  const list = $("findings");
  const items = state.findings.map((finding, index) => {
    const item = document.createElement("li");
    item.className = finding.severity;
    item.textContent = finding.text;
    item.addEventListener("click", () => showPin(index));
    return item;
  });
  if (state.more_findings > 0) {
    const more = document.createElement("li");
    more.textContent = word("more", { n: state.more_findings });
    items.push(more);
  }
  list.replaceChildren(...items);
  $("problems").hidden = items.length === 0;
  $("problems").classList.toggle("failed", state.failed);
  $("problems-title").textContent = state.failed ? word("broken") : word("findings");
  $("pages").classList.toggle("stale", state.failed);
}

// Two-sided sheets: a page and the back page after it (one sheet of paper) sit side by side.
function rows(pages) {
  const found = [];
  for (let i = 0; i < pages.length; i++) {
    if (pages[i].side !== "back" && pages[i + 1] && pages[i + 1].side === "back") {
      found.push([pages[i], pages[i + 1]]);
      i++;
    } else {
      found.push([pages[i]]);
    }
  }
  return found;
}

function figureOf(page) {
  const figure = document.createElement("figure");
  figure.dataset.page = page.number;
  const paper = document.createElement("div");
  paper.className = "paper";
  paper.style.width = `calc(${page.width}mm * var(--zoom))`;
  paper.style.height = `calc(${page.height}mm * var(--zoom))`;
  const old = figures.get(page.number);
  const picture = old && old.querySelector("img");
  if (picture) paper.append(picture); // the last picture stays until the new one is drawn
  const caption = document.createElement("figcaption");
  const side = page.side === "face" || page.side === "back" ? ` · ${word(page.side)}` : "";
  caption.textContent = word("page", { n: page.number }) + side;
  figure.append(paper, caption);
  return figure;
}

function showLayout() {
  const key = JSON.stringify([state.pages.map((p) => [p.width, p.height, p.side]), (state.built || {}).lang]);
  if (key === layoutKey) return;
  layoutKey = key;
  const made = new Map();
  const elements = rows(state.pages).map((row) => {
    const line = document.createElement("div");
    line.className = row.length > 1 ? "row pair" : "row";
    for (const page of row) {
      const figure = figureOf(page);
      made.set(page.number, figure);
      line.append(figure);
    }
    return line;
  });
  figures.clear();
  for (const [number, figure] of made) figures.set(number, figure);
  $("pages").replaceChildren(...elements);
}

function showPins() {
  for (const figure of figures.values()) {
    for (const pin of figure.querySelectorAll(".pin")) pin.remove();
  }
  for (const pin of state.pins) {
    const figure = figures.get(pin.page);
    const page = state.pages[pin.page - 1];
    if (!figure || !page) continue;
    const finding = state.findings[pin.finding];
    const mark = document.createElement("div");
    mark.className = `pin ${finding.severity}`;
    mark.dataset.finding = String(pin.finding);
    mark.title = finding.text;
    mark.style.left = `${(100 * pin.x) / page.width}%`;
    mark.style.top = `${(100 * pin.y) / page.height}%`;
    mark.style.width = `${(100 * pin.width) / page.width}%`;
    mark.style.height = `${(100 * pin.height) / page.height}%`;
    const badge = document.createElement("span");
    badge.textContent = String(pin.finding + 1);
    mark.append(badge);
    figure.querySelector(".paper").append(mark);
  }
}

// A click on a finding brings its first pin into view, below the list of findings.
function showPin(index) {
  const pin = document.querySelector(`.pin[data-finding="${index}"]`);
  if (!pin) return;
  const below = $("problems").getBoundingClientRect().bottom;
  window.scrollBy({ top: pin.getBoundingClientRect().top - below - 40, behavior: "smooth" });
}

function visible(figure) {
  const box = figure.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

// The pictures of the build: the pages in view first, each swapped in once drawn (no blank page
// meanwhile); once those in view are painted, the page says so (data-painted, for the tests and
// the latency benchmark), then the others follow.
async function showPictures() {
  const mine = ++drawing;
  if (!state.build) return;
  const size = dpi();
  const numbers = [...figures.keys()];
  const inView = numbers.filter((n) => visible(figures.get(n)));
  const later = numbers.filter((n) => !inView.includes(n));
  await Promise.all(inView.map((n) => swap(n, size, mine)));
  if (mine !== drawing) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (mine !== drawing) return;
      document.body.dataset.painted = String(state.version);
      window.printkitPainted = { version: state.version, build: state.build, at: performance.timeOrigin + performance.now() };
    }),
  );
  for (const n of later) {
    if (mine !== drawing) return;
    await swap(n, size, mine);
  }
}

// A page whose drawing did not change (its digest) keeps its picture: a save redraws only what it changed.
async function swap(number, size, mine) {
  const figure = figures.get(number);
  const page = state.pages[number - 1];
  const url = `/page/${state.build}-${number}-${size}.png`;
  const drawn = `${page.digest}-${size}`;
  const old = figure && figure.querySelector("img");
  if (!figure || (old && old.dataset.drawn === drawn)) return;
  const picture = new Image();
  picture.className = "sheet";
  picture.alt = word("page", { n: number });
  picture.dataset.drawn = drawn;
  picture.src = url;
  try {
    await picture.decode();
  } catch {
    return; // a newer build came meanwhile; its own drawing follows
  }
  if (mine !== drawing || figures.get(number) !== figure) return;
  const paper = figure.querySelector(".paper");
  if (old) old.replaceWith(picture);
  else paper.prepend(picture);
}

function show(next) {
  state = next;
  showWords();
  showControls();
  showFindings();
  showLayout();
  showPins();
  showPictures();
}

async function ask() {
  $("status").textContent = word("building");
  const asked = { lang: $("lang").value, paper: $("paper").value, two_sided: $("two_sided").value };
  await fetch("/variant", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(asked) });
}

function setZoom(value) {
  zoom = Math.min(2, Math.max(0.25, value));
  localStorage.setItem("printkit-zoom", String(zoom));
  document.documentElement.style.setProperty("--zoom", String(zoom));
  $("zoom").value = String(Math.round(zoom * 100));
  $("zoom-value").textContent = `${Math.round(zoom * 100)} %`;
}

function start() {
  setZoom(zoom);
  for (const id of ["lang", "paper", "two_sided"]) $(id).addEventListener("change", ask);
  $("zoom").addEventListener("input", (event) => {
    setZoom(Number(event.target.value) / 100);
    if (state) showPictures();
  });
  let scrolled = 0;
  window.addEventListener("scroll", () => {
    clearTimeout(scrolled);
    scrolled = setTimeout(() => state && showPictures(), 120);
  });
  const events = new EventSource("/events");
  events.addEventListener("state", (event) => show(JSON.parse(event.data)));
  events.addEventListener("error", () => {
    $("status").textContent = state ? word("gone") : WORDS.en.gone;
  });
}

start();
