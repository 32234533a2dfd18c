/** The tests picked for the evidence report: `?id=…&id=…` (a GET form, so it works without JavaScript); none picked = all. */
export function pickedIds(request: Request): string[] {
  return new URL(request.url).searchParams
    .getAll("id")
    .filter((id) => /^[\w-]{16}$/.test(id))
    .slice(0, 200);
}
