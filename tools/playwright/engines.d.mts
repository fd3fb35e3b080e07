export type EngineName = 'webkit' | 'firefox';
export interface EnginePart {
  what: string;
  path: string;
  onPath?: boolean;
  pkg: string;
}
export declare const ENGINES: Record<
  EngineName,
  { title: string; widths: readonly number[]; parts: EnginePart[] }
>;
export declare const ENGINE_NAMES: EngineName[];
export declare function missingParts(engine: EngineName): string[];
