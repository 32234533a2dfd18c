/**
 * A dashboard list as a table: it scrolls sideways on a narrow screen, its caption is for screen
 * readers, and its columns are named in one header row (a column left out is null). The rows are
 * the caller's.
 */
export function DataTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: readonly (string | null)[];
  /** Added to the scrolling box (its margin). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ? `${className} overflow-x-auto` : "overflow-x-auto"}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            {columns.map((name, i) =>
              name === null ? null : (
                <th key={i} scope="col" className="p-2">
                  {name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
