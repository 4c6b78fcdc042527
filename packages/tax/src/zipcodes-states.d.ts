/** The data set's state and province names alone, without its ZIP codes (`zipcodes` types only its index). */
declare module 'zipcodes/lib/states.js' {
  const states: {
    /** 'OR' → 'OREGON' */
    abbr: Record<string, string>;
    /** 'OREGON' → 'OR' */
    full: Record<string, string>;
  };
  export default states;
}
