// A run's section as the views render it, for the reveal tests: a section on the page with a
// heading that takes the focus (tabindex -1), to remove when done.
export function runSection(): { section: HTMLElement; heading: HTMLElement } {
  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.tabIndex = -1;
  section.append(heading);
  document.body.append(section);
  return { section, heading };
}
