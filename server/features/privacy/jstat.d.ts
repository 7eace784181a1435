// jstat ships no types; the one function the sampler's test uses.
declare module 'jstat' {
  export const jStat: {
    chisquare: { cdf(x: number, degreesOfFreedom: number): number };
  };
}
