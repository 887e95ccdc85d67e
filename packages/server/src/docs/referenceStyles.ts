/**
 * The calculation reference's styles: the product's colours and type (packages/ui/src/styles.css),
 * one column on a phone, contents beside the text from 64rem. Inline in the page, which has no
 * script and loads nothing else.
 */
export const referenceStyles = `
:root {
  --color-bg: #ffffff;
  --color-surface: #f6f7f9;
  --color-border: #c9ced6;
  --color-text: #1d2330;
  --color-muted: #5b6475;
  --color-primary: #2454d6;
  --color-focus: #4b7bff;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--color-text);
  font-size: 16px;
  line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--color-bg); }
a { color: var(--color-primary); }
a:focus-visible { outline: 2px solid var(--color-focus); outline-offset: 2px; }
code { font-family: var(--mono); font-size: 0.9em; overflow-wrap: anywhere; }
.skip { position: absolute; left: -999px; top: 0; background: var(--color-bg); padding: 8px 12px; }
.skip:focus { left: 8px; }
header { padding: 24px 16px 8px; max-width: 80rem; margin: 0 auto; }
.overline { margin: 0; color: var(--color-muted); font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; }
h1 { margin: 4px 0 8px; font-size: 1.75rem; line-height: 1.2; }
h2 { margin: 40px 0 12px; font-size: 1.35rem; scroll-margin-top: 16px; }
h3 { margin: 0; font-size: 1.05rem; }
.layout { max-width: 80rem; margin: 0 auto; padding: 0 16px 48px; }
nav { border: 1px solid var(--color-border); border-radius: 6px; padding: 12px 16px; background: var(--color-surface); }
nav h2 { margin: 0 0 4px; font-size: 1rem; }
nav ol { margin: 0; padding-left: 1.25rem; }
nav li { margin: 2px 0; }
nav ol ol { display: none; }
.intro { max-width: 46rem; }
.group-index { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 0 0 16px; padding: 0; list-style: none; }
.fn { border-top: 1px solid var(--color-border); padding: 16px 0; scroll-margin-top: 16px; }
.fn p { margin: 6px 0; }
.sig { display: block; padding: 6px 8px; background: var(--color-surface); border-radius: 6px; }
.aliases, .note { color: var(--color-muted); font-size: 0.9rem; }
.example { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 0; }
.example dt { color: var(--color-muted); }
.example dd { margin: 0; min-width: 0; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 2px solid var(--color-focus); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--color-border); }
th { color: var(--color-muted); font-weight: 600; }
.basics li { margin: 4px 0; }
@media (min-width: 64rem) {
  .layout { display: grid; grid-template-columns: 18rem minmax(0, 1fr); gap: 40px; }
  nav { position: sticky; top: 16px; align-self: start; max-height: calc(100vh - 32px); overflow: auto; }
  nav ol ol { display: block; columns: 2; column-gap: 12px; list-style: none; padding-left: 0.5rem; font-size: 0.875rem; }
  nav ol ol li { overflow-wrap: anywhere; }
  main h2:first-child { margin-top: 0; }
}
`;
