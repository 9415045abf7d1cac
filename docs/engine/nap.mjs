#!/usr/bin/env node
// A Nap engine for the napspec conformance suite, written from the contract alone
// (docs/implementers.md and conformance/protocol/schema/): the protocol server. It reads one
// JSON request per line on stdin and writes one JSON response per line on stdout; logs go to
// stderr. The game is in the classic scripts beside this file, loaded here in the order of
// scripts.json exactly as a page loads them (into the global scope, one global NapEngine), so
// that the engine certified here is the one a page runs. Node 20, no dependencies:
// `node nap.mjs`.

import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

const HERE = new URL(".", import.meta.url);
for (const script of JSON.parse(readFileSync(new URL("scripts.json", HERE), "utf8"))) {
  const url = new URL(script, HERE);
  runInThisContext(readFileSync(url, "utf8"), { filename: url.pathname });
}
const nap = globalThis.NapEngine;

const MAX_LINE = 16 * 1024 * 1024; // a request longer than this is refused unread
const FIELDS = { hello: ["cmd", "protocol"], run: ["cmd", "case"], bye: ["cmd"] };

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

// The version agreed in the handshake: the newest until a hello asks for an older one.
let protocol = nap.rules.NEWEST;

function respond(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function errorResponse(message, code, caseId) {
  const error = { message, code };
  if (typeof caseId === "string") error.case = caseId;
  return { error };
}

/** Answers one request line; returns false after bye. */
function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    respond(errorResponse(`the request is not JSON: ${error.message}`, "bad-request"));
    return true;
  }
  if (!isObject(request) || typeof request.cmd !== "string") {
    respond(errorResponse("a request is an object with a string 'cmd'", "bad-request"));
    return true;
  }
  const extra = Object.keys(request).filter((key) => !(FIELDS[request.cmd] ?? []).includes(key));
  if (request.cmd === "hello") {
    if (extra.length > 0) respond(errorResponse(`hello: unknown field '${extra[0]}'`, "bad-request"));
    else if (!nap.rules.PROTOCOLS.includes(request.protocol)) {
      respond(
        errorResponse(
          `this engine speaks ${nap.rules.PROTOCOLS.join(", ")}, not ${JSON.stringify(request.protocol)}`,
          "bad-request",
        ),
      );
    } else {
      protocol = request.protocol;
      respond(nap.rules.handshake(protocol));
    }
    return true;
  }
  if (request.cmd === "bye") {
    respond({ bye: true });
    return false;
  }
  if (request.cmd !== "run") {
    respond(errorResponse(`unknown command ${JSON.stringify(request.cmd)}`, "bad-request"));
    return true;
  }
  const caseId = isObject(request.case) ? request.case.id : undefined;
  if (extra.length > 0) {
    respond(errorResponse(`run: unknown field '${extra[0]}'`, "bad-request", caseId));
    return true;
  }
  try {
    respond(nap.runCase(request.case, protocol));
  } catch (error) {
    if (error instanceof nap.Unsupported) respond(errorResponse(error.message, "unsupported", caseId));
    else if (error instanceof nap.BadCase) respond(errorResponse(error.message, "bad-request", caseId));
    else {
      process.stderr.write(`${caseId}: ${error.stack}\n`);
      respond(errorResponse(`internal error: ${error.message}`, "internal", caseId));
    }
  }
  return true;
}

// Lines are split by hand so that a line has a bound: beyond MAX_LINE the rest of it is
// skipped and the request refused.
let pending = "";
let skipping = false;
let done = false;

function finish() {
  if (done) return;
  done = true;
  process.stdin.pause();
  process.stdout.write("", () => process.exit(0));
}

// The harness has gone: there is nobody left to answer.
process.stdout.on("error", () => process.exit(0));
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  if (done) return;
  let text = chunk;
  for (;;) {
    const end = text.indexOf("\n");
    if (end < 0) {
      if (!skipping) pending += text;
      if (pending.length > MAX_LINE) {
        pending = "";
        skipping = true;
        respond(errorResponse(`a request line is longer than ${MAX_LINE} characters`, "bad-request"));
      }
      return;
    }
    const line = skipping ? "" : (pending + text.slice(0, end)).replace(/\r$/, "");
    const wasSkipping = skipping;
    pending = "";
    skipping = false;
    text = text.slice(end + 1);
    if (wasSkipping || line.trim() === "") continue;
    if (line.length > MAX_LINE) {
      respond(errorResponse(`a request line is longer than ${MAX_LINE} characters`, "bad-request"));
      continue;
    }
    if (!handle(line)) {
      finish();
      return;
    }
  }
});
process.stdin.on("end", () => {
  if (!done && pending.trim() !== "" && !skipping) handle(pending);
  finish();
});
