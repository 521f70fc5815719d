/** 'Good morning' before noon, 'Good afternoon' until six, 'Good evening' after. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The first word of the name, for a friendly greeting; the whole name if it has no spaces. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
