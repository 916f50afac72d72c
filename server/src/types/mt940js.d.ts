// mt940js ships no types; the parts of its API the statement import uses (README of mt940js).
declare module 'mt940js' {
  class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): unknown[];
  }
  const mt940js: { Parser: typeof Parser };
  export default mt940js;
}
