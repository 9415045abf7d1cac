/* napspec rulebook: a link to a folded block opens it. Scenarios, the sources' words on a
   variation point, the interpretations and the status page's cases are folded (<details>); the
   block a link points at (#scenario-..., #cases-...), and every folded block around it, is
   unfolded when the page opens and whenever the address's fragment changes, so that the reader
   lands on what the link names. */
(function () {
  "use strict";
  function unfoldTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) {
      return;
    }
    var folded = false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") {
        node.open = true;
        folded = true;
      }
    }
    if (folded) {
      target.scrollIntoView({ block: "start", behavior: "instant" });
    }
  }
  document.addEventListener("DOMContentLoaded", unfoldTarget);
  // again once the styles are in: the page's layout, and so the block's place, may have moved
  window.addEventListener("load", unfoldTarget);
  window.addEventListener("hashchange", unfoldTarget);
})();
