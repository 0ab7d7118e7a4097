// The filter box: shows the types whose name holds the query, and in the others the members
// (variants, fields, values) that hold it, hiding the rest; the page reads whole without it.
(() => {
  const input = document.getElementById('search');
  const count = document.getElementById('count');
  const types = Array.from(document.querySelectorAll('section.type'));
  const links = new Map(Array.from(document.querySelectorAll('#nav li[data-type]'), (item) => [item.dataset.type, item]));
  const filter = () => {
    const query = input.value.trim().toLowerCase();
    let shown = 0;
    for (const type of types) {
      const own = query === '' || type.dataset.name.includes(query);
      let any = false;
      for (const member of type.querySelectorAll('[data-search]')) {
        const hit = own || member.dataset.search.includes(query);
        member.hidden = !hit;
        any = any || hit;
      }
      const visible = own || any;
      type.hidden = !visible;
      const link = links.get(type.id);
      if (link !== undefined) {
        link.hidden = !visible;
      }
      shown += visible ? 1 : 0;
    }
    count.textContent = `${shown} of ${types.length} types`;
  };
  input.addEventListener('input', filter);
  filter();
  document.body.dataset.ready = 'true';
})();
