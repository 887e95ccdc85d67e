/**
 * A name in the plural, the English way, for what the editor names after an Object: the other end
 * of a relationship ("Milestones" on Account), a report of its records ("Projects"). Only the end
 * of the name changes.
 *
 * @example pluralName('Project') // 'Projects'
 * @example pluralName('Company') // 'Companies'
 * @example pluralName('Project status') // 'Project statuses'
 */
export function pluralName(name: string): string {
  if (name.trim() === '') return name;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}
