// The live value of every output key, from the last `step_values`: numbers in shortest
// round-trip form (what JavaScript's String gives, exact), booleans and strings as they
// are, "—" where the position has no value this step.

/** Renders the output table of `session` into `table` (a <tbody>). */
export function showOutputs(table, session) {
  const rows = session.keys.map((key, i) => {
    const value = session.values[i];
    const shown = value === null ? "—" : String(value);
    return { key, shown, type: session.variants[i] };
  });
  if (table.rows.length !== rows.length) {
    table.replaceChildren(
      ...rows.map(() => {
        const tr = document.createElement("tr");
        tr.append(document.createElement("th"), document.createElement("td"), document.createElement("td"));
        tr.cells[1].className = "value";
        tr.cells[2].className = "type";
        return tr;
      }),
    );
  }
  rows.forEach((row, i) => {
    const tr = table.rows[i];
    tr.dataset.key = row.key;
    if (tr.cells[0].textContent !== row.key) tr.cells[0].textContent = row.key;
    if (tr.cells[1].textContent !== row.shown) tr.cells[1].textContent = row.shown;
    if (tr.cells[2].textContent !== row.type) tr.cells[2].textContent = row.type;
  });
}
