import { z } from "zod";

// The one place the site takes zod from (an ESLint rule sends every other import here), so this
// runs before any schema is built: without code generation, zod does not probe `new Function`,
// which the site's Content-Security-Policy (no 'unsafe-eval') reports as a violation in the
// browser. A schema built before this call would probe on its first parse.
z.config({ jitless: true });

export { z };
