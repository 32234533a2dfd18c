/** The inline forms under the toolbar (a link, a picture). */
export const EDITOR_PANEL = "space-y-2 border border-y-0 border-slate-400 bg-slate-50 p-3 dark:border-slate-500 dark:bg-slate-800";
