// subset-font ships no types; these are the options this API passes
// (its README names them all).
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    noHinting?: boolean;
    dropTables?: string[];
  }
  function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
  export = subsetFont;
}
