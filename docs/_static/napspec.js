/* napspec rulebook: a link into a folded block opens it. Scenarios and the sources' words on a
   variation point are folded (<details>); the block a link points at (#scenario-..., or a
   source's cell inside a fold) is unfolded, with every fold around it, when the page opens and
   whenever the address's fragment changes, so that the reader lands on what the link names. */
(function () {
  "use strict";
  function unfoldTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) {
      return;
    }
    var opened = false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    if (opened) {
      target.scrollIntoView();
    }
  }
  document.addEventListener("DOMContentLoaded", unfoldTarget);
  window.addEventListener("hashchange", unfoldTarget);
  // the page's layout settles only once its styles and fonts are in: land on the target again then
  window.addEventListener("load", function () {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target) {
      target.scrollIntoView();
    }
  });
})();
