// One report per problem in VS Code: a payload file is also judged by its contributed JSON schema (VS Code's JSON
// language service), which reports the structural conditions of `structure()` (payloadStructure.ts) in the spec's
// words. The editor's diagnostics drop the rules' findings that the schema reports on the same body, and keep what
// a schema cannot say (context, advice, levels). The sandbox and the commands do not see the schema: they report all.
import { statedBySchema, structure, structureFamilyOf } from '../../model/payloadStructure';
import type { AnalysisDiagnostic, PayloadAnalysis } from './analysis';

/** The diagnostics the editor shows beside the schema's: the analysis without what the schema already reports. */
export function beyondSchema(analysis: PayloadAnalysis): AnalysisDiagnostic[] {
  if (!analysis.file || analysis.diagnostics.length === 0) return analysis.diagnostics;
  // The table once per analysis (its messages are read in the display language each time it is built).
  const entries = structure()[structureFamilyOf(analysis.file)];
  return analysis.diagnostics.filter(
    (diagnostic) => !statedBySchema(entries, diagnostic.code, diagnostic.path, analysis.body),
  );
}
