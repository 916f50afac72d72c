// mt940js ships no types; the parts of its API the statement import uses (README of mt940js).
declare module 'mt940js' {
  const mt940js: {
    Parser: new (options?: { no86Structure?: boolean }) => {
      parse(data: string, withTags?: boolean): unknown[];
    };
  };
  export default mt940js;
}
