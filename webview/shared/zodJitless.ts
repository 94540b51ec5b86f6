// Imported first by a panel's script. The webviews' CSP forbids evaluating strings as code: zod probes `new Function('')` before it
// compiles a parser, and the refused probe is logged as a CSP violation in the webview's console. Jitless parsing
// never probes (the extension host does the same in src/zodHost.ts).
import * as z from 'zod';

z.config({ jitless: true });
