// Which widgets have a request or a swap under way: from htmx:beforeRequest until the answer
// has settled (or the request failed and swapped nothing). Keys, typing and clicks that come
// meanwhile are held for the new form (keys.js, typing.js, actions.js).
const busy = new Set();  // widget ids

export function begin(id) { busy.add(id); }
export function end(id) { busy.delete(id); }
export function isBusy(id) { return busy.has(id); }
