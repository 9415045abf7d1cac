/* napspec rulebook: a scenario stepped through in its page. This script knows no rule of the
   game: it draws the frames the site was built with (_replays/<scenario>.js, made from the
   suite's plan of each row and the certified engine's recorded answers) and moves between
   them, by its buttons and by the arrow keys (Home and End too) while the replay has the focus.
   A scenario's data are loaded when its block is opened (a script, not a fetch: the site works
   from file://). Every word is put in the page as text, never as markup. */
(function () {
  "use strict";
  var SUITS = { S: ["\u2660", "black"], H: ["\u2665", "red"], D: ["\u2666", "red"], C: ["\u2663", "black"] };

  function el(tag, classes, text) {
    var node = document.createElement(tag);
    if (classes) {
      node.className = classes;
    }
    if (text !== undefined && text !== null) {
      node.textContent = String(text);
    }
    return node;
  }

  function card(code) {
    var suit = SUITS[code.charAt(1)] || ["?", "black"];
    var rank = code.charAt(0) === "T" ? "10" : code.charAt(0);
    var node = el("span", "nap-card nap-" + suit[1], rank + suit[0]);
    node.setAttribute("data-card", code);
    return node;
  }

  /* a sentence: text and {card: code} pieces */
  function words(pieces, into) {
    for (var i = 0; i < pieces.length; i++) {
      var piece = pieces[i];
      into.appendChild(typeof piece === "string" ? document.createTextNode(piece) : card(piece.card));
    }
    return into;
  }

  /* each frame's table whole: the data give only what changed from the frame before */
  function tables(row) {
    var out = [];
    var now = {};
    for (var i = 0; i < row.frames.length; i++) {
      var changed = row.frames[i].table;
      var next = {};
      var key;
      for (key in now) {
        next[key] = now[key];
      }
      for (key in changed) {
        next[key] = changed[key];
      }
      out.push(next);
      now = next;
    }
    return out;
  }

  function seatPlace(seat, players) {
    /* seat 0 at the bottom, the others round to the left (clockwise seen from above) */
    var angle = Math.PI / 2 + (2 * Math.PI * seat) / players;
    return { x: 50 + 47 * Math.cos(angle), y: 50 + 46 * Math.sin(angle) };
  }

  function Viewer(box, data) {
    this.box = box;
    this.data = data;
    this.row = 0;
    this.at = 0;
    this.source = box.getAttribute("data-replay");
    box.textContent = "";
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Replay of the scenario, step by step");
    this.build();
    this.choose(0);
    var self = this;
    box.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      var moves = { ArrowRight: 1, ArrowLeft: -1 };
      if (event.key in moves) {
        self.go(self.at + moves[event.key]);
      } else if (event.key === "Home") {
        self.go(0);
      } else if (event.key === "End") {
        self.go(self.frames().length - 1);
      } else {
        return;
      }
      event.preventDefault();
      event.stopPropagation(); /* not the theme's keys to the next page */
    });
  }

  Viewer.prototype.frames = function () {
    return this.data.rows[this.row].frames;
  };

  Viewer.prototype.build = function () {
    var box = this.box;
    var self = this;
    var rows = this.data.rows;
    if (rows.length > 1) {
      var chooser = el("div", "nap-rp-rows");
      chooser.appendChild(el("span", "nap-rp-rows-label", "Example: "));
      this.rowButtons = [];
      rows.forEach(function (row, index) {
        var button = el("button", "nap-rp-row", row.label);
        button.type = "button";
        button.addEventListener("click", function () {
          self.choose(index);
        });
        chooser.appendChild(button);
        self.rowButtons.push(button);
      });
      box.appendChild(chooser);
    }
    this.table = box.appendChild(el("div", "nap-rp-table"));
    this.status = box.appendChild(el("div", "nap-rp-status"));
    var controls = box.appendChild(el("div", "nap-rp-controls"));
    var buttons = [
      ["first", "\u00ab First", "To the start (Home)", function () { self.go(0); }],
      ["back", "\u25c0 Back", "One step back (left arrow)", function () { self.go(self.at - 1); }],
      ["next", "Next \u25b6", "One step on (right arrow)", function () { self.go(self.at + 1); }],
      ["last", "Last \u00bb", "To the end (End)", function () { self.go(self.frames().length - 1); }]
    ];
    this.buttons = {};
    buttons.forEach(function (spec, index) {
      var button = el("button", "nap-rp-" + spec[0], spec[1]);
      button.type = "button";
      button.title = spec[2];
      button.setAttribute("aria-label", spec[2]);
      button.addEventListener("click", spec[3]);
      self.buttons[spec[0]] = button;
      controls.appendChild(button);
      if (index === 1) {
        self.counter = controls.appendChild(el("span", "nap-rp-counter"));
      }
    });
    this.now = box.appendChild(el("p", "nap-rp-now-step"));
    this.say = box.appendChild(el("div", "nap-rp-say"));
    this.say.setAttribute("aria-live", "polite");
    this.checks = box.appendChild(el("div", "nap-rp-checks"));
    var script = box.appendChild(el("details", "nap-rp-script"));
    script.appendChild(el("summary", null, "The scenario's steps"));
    this.script = script.appendChild(el("ol", "nap-rp-steps"));
    box.appendChild(el("p", "nap-rp-engine", "The table after each action is the answer of " + this.data.engine +
      ", certified against the suite, recorded when this site was built. This replay loaded " +
      this.source + " (about " + Math.ceil(JSON.stringify(this.data).length / 1024) +
      " KB) from the site's own folder; nothing comes from the network."));
  };

  Viewer.prototype.choose = function (index) {
    this.row = index;
    var row = this.data.rows[index];
    this.tables = tables(row);
    if (this.rowButtons) {
      this.rowButtons.forEach(function (button, i) {
        button.setAttribute("aria-pressed", i === index ? "true" : "false");
      });
    }
    this.script.textContent = "";
    var self = this;
    this.stepItems = row.steps.map(function (step) {
      var item = el("li", "nap-rp-step");
      item.appendChild(el("span", "nap-rp-keyword", step.keyword + " "));
      words(step.words, item);
      self.script.appendChild(item);
      return item;
    });
    this.go(0);
  };

  Viewer.prototype.go = function (at) {
    var frames = this.frames();
    this.at = Math.max(0, Math.min(frames.length - 1, at));
    var frame = frames[this.at];
    var row = this.data.rows[this.row];
    this.box.setAttribute("data-at", String(this.at));
    this.counter.textContent = "Step " + this.at + " of " + (frames.length - 1);
    this.buttons.first.disabled = this.buttons.back.disabled = this.at === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = this.at === frames.length - 1;
    if (document.activeElement && document.activeElement.disabled && this.box.contains(document.activeElement)) {
      /* a button just disabled under the reader's finger would drop the focus on the page, and
         the next arrow key would turn the page: the replay keeps it */
      this.box.focus({ preventScroll: true });
    }
    this.drawTable(row, this.tables[this.at]);
    this.say.textContent = "";
    this.say.classList.toggle("nap-rp-refused", !!frame.refused);
    var self = this;
    frame.say.forEach(function (sentence) {
      words(sentence, self.say.appendChild(el("p", "nap-rp-sentence")));
    });
    var now = {};
    if (frame.step === null) {
      for (var i = 0; i < row.given; i++) {
        now[i] = true;
      }
    } else {
      now[frame.step] = true;
    }
    frame.checks.forEach(function (check) {
      now[check.step] = true;
    });
    this.stepItems.forEach(function (item, i) {
      item.classList.toggle("nap-rp-now", !!now[i]);
    });
    /* the scenario's step that took this action (at the start, the last that sets the table) */
    var step = row.steps[frame.step === null ? row.given - 1 : frame.step];
    this.now.textContent = "";
    if (step) {
      this.now.appendChild(el("span", "nap-rp-keyword", step.keyword + " "));
      words(step.words, this.now);
    }
    this.drawChecks(row, frame);
  };

  Viewer.prototype.drawTable = function (row, table) {
    var box = this.table;
    box.textContent = "";
    var players = row.players;
    box.setAttribute("data-players", String(players));
    var centre = box.appendChild(el("div", "nap-rp-centre"));
    var status = this.status;
    status.textContent = "";
    var facts = [];
    if (table.phase) {
      facts.push(["phase", table.phase]);
    }
    if (table.trumps) {
      facts.push(["trumps", "trumps " + SUITS[table.trumps][0]]);
    }
    if (table.pool !== undefined) {
      facts.push(["pool", "pool " + table.pool]);
    }
    if (table.extra) {
      facts.push(["extra", "extra hand: " + table.extra.length + " cards"]);
    }
    if (row.deck && (table.phase === "cut" || table.phase === "deal")) {
      var pack = centre.appendChild(el("div", "nap-rp-pack", row.deck.length + " cards"));
      pack.setAttribute("title", "The pack, face down, before the deal");
    }
    var trick = table.trick;
    if (trick && trick.plays) {
      trick.plays.forEach(function (play) {
        var spot = centre.appendChild(el("span", "nap-rp-play"));
        var place = seatPlace(play.seat, players);
        spot.style.left = 50 + 0.24 * (place.x - 50) + "%";
        spot.style.top = 50 + 0.32 * (place.y - 50) + "%";
        spot.setAttribute("data-seat", String(play.seat));
        spot.appendChild(card(play.card));
        if (trick.winner === play.seat) {
          spot.classList.add("nap-rp-winner");
        }
      });
      if (trick.winner !== null && trick.winner !== undefined) {
        facts.push(["won", "seat " + trick.winner + " won the trick"]);
      }
    }
    if (table.result) {
      facts.push(["result", "result: " + table.result.outcome]);
    }
    facts.forEach(function (fact) {
      status.appendChild(el("span", "nap-rp-fact nap-rp-fact-" + fact[0], fact[1]));
    });
    var hands = table.hands || [];
    for (var seat = 0; seat < players; seat++) {
      var place = seatPlace(seat, players);
      var spot = box.appendChild(el("div", "nap-rp-seat"));
      spot.setAttribute("data-seat", String(seat));
      /* the seat's box moved back by as much of its size as it stands from the table's edge:
         it stays on the table, however wide it is */
      spot.style.left = place.x + "%";
      spot.style.top = place.y + "%";
      spot.style.transform = "translate(" + -place.x + "%, " + -place.y + "%)";
      /* narrow enough that the two seats across the top of a large table do not meet */
      spot.style.maxWidth = (players >= 9 ? 20 : players >= 7 ? 26 : players === 6 ? 32 : players === 5 ? 34 : 36) + "%";
      if (table.to_act === seat) {
        spot.classList.add("nap-rp-to-act");
      }
      var name = spot.appendChild(el("div", "nap-rp-name", "Seat " + seat));
      var badges = [];
      if (row.dealer === seat) {
        badges.push(["deals", "dealer"]);
      }
      if (table.first_dealer === seat) {
        badges.push(["deals first", "soloist"]);
      }
      if (table.soloist === seat) {
        var call = table.declaration || (table.call === 5 ? "Nap" : table.call === null ? "" : table.call);
        badges.push(["soloist" + (call === "" ? "" : ", calls " + call), "soloist"]);
      }
      if (table.won && table.won[seat]) {
        badges.push([table.won[seat] + " won", "won"]);
      }
      if (table.shown && table.shown.indexOf(seat) >= 0) {
        badges.push(["shows", "shown"]);
      }
      (table.offences || []).forEach(function (offence) {
        if (offence.seat === seat) {
          badges.push([offence.kind + (offence.claimed ? " (claimed)" : ""), "offence"]);
        }
      });
      if (table.result) {
        var paid = table.result.payments[seat];
        badges.push([(paid > 0 ? "+" : "") + paid, paid < 0 ? "pays" : "receives"]);
      }
      badges.forEach(function (badge) {
        name.appendChild(el("span", "nap-rp-badge nap-rp-" + badge[1], badge[0]));
      });
      var hand = spot.appendChild(el("div", "nap-rp-hand"));
      (hands[seat] || []).forEach(function (code) {
        hand.appendChild(card(code));
      });
      if (row.drawn && row.drawn[seat]) {
        hand.appendChild(el("span", "nap-rp-drawn", "drew "));
        hand.appendChild(card(row.drawn[seat]));
      }
    }
  };

  Viewer.prototype.drawChecks = function (row, frame) {
    var box = this.checks;
    box.textContent = "";
    var rules = this.data.rules;
    frame.checks.forEach(function (check) {
      var item = box.appendChild(el("div", "nap-rp-check nap-rp-" + check.verdict));
      var line = item.appendChild(el("p", "nap-rp-then"));
      var step = row.steps[check.step];
      line.appendChild(el("span", "nap-rp-keyword", step.keyword + " "));
      words(step.words, line);
      item.appendChild(el("p", "nap-rp-verdict", check.verdict === "passed"
        ? "\u2713 The certified engine answers " + check.expected + ", as the scenario expects."
        : "\u2717 " + check.verdict + ": " + check.message));
      check.rules.forEach(function (id) {
        var rule = rules[id];
        if (!rule) {
          return;
        }
        var block = item.appendChild(el("div", "nap-rp-rule"));
        block.setAttribute("data-rule", id);
        var head = block.appendChild(el("p", "nap-rp-rule-title"));
        head.appendChild(el("strong", null, rule.title));
        head.appendChild(document.createTextNode(" "));
        head.appendChild(el("code", null, id));
        block.appendChild(el("p", "nap-rp-statement", rule.statement));
        var quotes = block.appendChild(el("ul", "nap-rp-quotes"));
        rule.quotes.forEach(function (quote) {
          var q = quotes.appendChild(el("li", "nap-rp-quote"));
          q.appendChild(el("span", "nap-rp-source", quote.source + " " + quote.locator + ": "));
          q.appendChild(el("q", null, quote.words));
        });
      });
    });
  };

  function start(box) {
    var data = window.napspecReplays && window.napspecReplays[box.getAttribute("data-scenario")];
    if (!data) {
      box.textContent = "The replay's data could not be loaded.";
      return;
    }
    box.napspecViewer = new Viewer(box, data);
  }

  function load(box) {
    if (box.getAttribute("data-loading")) {
      return;
    }
    box.setAttribute("data-loading", "1");
    var id = box.getAttribute("data-scenario");
    if (window.napspecReplays && window.napspecReplays[id]) {
      start(box);
      return;
    }
    var data = document.createElement("script");
    data.src = box.getAttribute("data-replay");
    data.onload = function () { start(box); };
    data.onerror = function () { box.textContent = "The replay's data could not be loaded."; };
    document.head.appendChild(data);
  }

  function watch(box) {
    var fold = box.closest("details");
    if (!fold || fold.open) {
      load(box);
      return;
    }
    fold.addEventListener("toggle", function () {
      if (fold.open) {
        load(box);
      }
    });
  }

  function watchAll() {
    var boxes = document.querySelectorAll("div.nap-replay[data-replay]");
    for (var i = 0; i < boxes.length; i++) {
      watch(boxes[i]);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watchAll);
  } else {
    watchAll();
  }
})();
