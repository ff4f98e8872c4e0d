// The floor: the same compiler settings and libraries with no client at all, so the cost each
// client adds on top of TypeScript's own lib files can be read off the table.
export async function everyOperation(): Promise<string[]> {
  const response = await fetch("https://your-host.invalid/public/api/groups.json");
  return [String(response.status)];
}
